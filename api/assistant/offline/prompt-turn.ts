import type { LanguageModelV4Prompt } from '@ai-sdk/provider';

/** One search hit as the `search` tool returns it (the search route's result shape). */
export interface RetrievedChunk {
  content: string;
  path: string;
  title: string;
  /** The page's summary (frontmatter description). */
  description: string;
  language: string;
  /** The search's own score (0 to 1; calibrated, so comparable across queries), which also weighs meaning. */
  score: number;
}

export interface EarlierMessage {
  role: 'user' | 'assistant';
  text: string;
}

/** What the model needs from the prompt: the question, the conversation before it, and this turn's tool results. */
export interface PromptTurn {
  question: string;
  earlier: EarlierMessage[];
  /** The results of this turn's first `search` (the question's own), once it ran. */
  retrieved?: RetrievedChunk[];
  /** The results of its later searches (names the first did not find, looked up), once one ran. */
  lookedUp?: RetrievedChunk[];
  /** markNotFound ran in this turn. */
  isNotFound: boolean;
}

/** Reads the current turn: everything after the last user message belongs to it. */
export function readPromptTurn(prompt: LanguageModelV4Prompt): PromptTurn {
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  const question = lastUser < 0 ? '' : textOf(prompt[lastUser]!.content);
  const earlier: EarlierMessage[] = [];
  for (const message of prompt.slice(0, Math.max(lastUser, 0))) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    const text = textOf(message.content);
    if (text !== '') earlier.push({ role: message.role, text });
  }
  const turn: PromptTurn = { question, earlier, isNotFound: false };
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      if (part.toolName === 'markNotFound') turn.isNotFound = true;
      if (part.toolName !== 'search') continue;
      const results = chunksOf(outputValue(part.output));
      if (turn.retrieved === undefined) turn.retrieved = results;
      else turn.lookedUp = [...(turn.lookedUp ?? []), ...results];
    }
  }
  return turn;
}

function textOf(content: string | readonly { type: string; text?: string }[]): string {
  if (typeof content === 'string') return content.trim();
  return content
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text!)
    .join('\n')
    .trim();
}

/** A tool's output reaches the model as JSON, or as text holding JSON when a tool maps its output. */
function outputValue(output: { type: string; value?: unknown }): unknown {
  if (output.type === 'json') return output.value;
  if (output.type === 'text' && typeof output.value === 'string') return parseJson(output.value);
  if (output.type === 'content' && Array.isArray(output.value)) {
    return parseJson(output.value.map((part: { text?: string }) => part.text ?? '').join(''));
  }
  return undefined;
}

function chunksOf(value: unknown): RetrievedChunk[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { content, path, metadata } = item as { content?: unknown; path?: unknown; metadata?: Record<string, unknown> };
    if (typeof content !== 'string' || typeof path !== 'string') return [];
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return [
      {
        content,
        path,
        title: text(metadata?.title) || path,
        description: text(metadata?.description),
        language: text(metadata?.language),
        score: typeof metadata?.score === 'number' ? metadata.score : 0,
      },
    ];
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
