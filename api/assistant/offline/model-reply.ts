import { createHash } from 'node:crypto';
import type { LanguageModelV4Content, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';

/** One step's output: a tool call, or text. */
export type Reply = { type: 'tool-call'; toolName: string; input: Record<string, unknown> } | { type: 'text'; text: string };

/** About four characters a token: usage is an estimate, there being no tokenizer. */
const CHARS_PER_TOKEN = 4;
/** Words per text delta: small enough to read as streaming, few enough parts to stay cheap. */
const WORDS_PER_DELTA = 3;

export function usageOf(promptChars: number, reply: Reply): LanguageModelV4Usage {
  const input = Math.ceil(promptChars / CHARS_PER_TOKEN);
  const output = Math.ceil((reply.type === 'text' ? reply.text.length : JSON.stringify(reply.input).length + reply.toolName.length) / CHARS_PER_TOKEN);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

/** The same prompt gives the same call id, so answers are reproducible end to end. */
export function toolCallId(seed: string): string {
  return `call_${createHash('sha256').update(seed).digest('hex').slice(0, 24)}`;
}

export function contentOf(reply: Reply, callId: string): LanguageModelV4Content[] {
  if (reply.type === 'text') return [{ type: 'text', text: reply.text }];
  return [{ type: 'tool-call', toolCallId: callId, toolName: reply.toolName, input: JSON.stringify(reply.input) }];
}

/** The reply as stream parts: text in deltas of a few words, then the finish part. */
export function streamPartsOf(reply: Reply, callId: string, usage: LanguageModelV4Usage): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (reply.type === 'text') {
    parts.push({ type: 'text-start', id: 'text-0' });
    for (const delta of textDeltas(reply.text)) parts.push({ type: 'text-delta', id: 'text-0', delta });
    parts.push({ type: 'text-end', id: 'text-0' });
  } else {
    parts.push(...(contentOf(reply, callId) as LanguageModelV4StreamPart[]));
  }
  const finishReason = reply.type === 'text' ? 'stop' : 'tool-calls';
  parts.push({ type: 'finish', usage, finishReason: { unified: finishReason, raw: finishReason } });
  return parts;
}

export function textDeltas(text: string): string[] {
  const words = text.match(/\s*\S+/g) ?? [];
  const deltas: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_DELTA) deltas.push(words.slice(i, i + WORDS_PER_DELTA).join(''));
  const trailing = /\s+$/.exec(text)?.[0];
  if (trailing && deltas.length > 0) deltas[deltas.length - 1] += trailing;
  return deltas;
}

/** Parts handed out one at a time, so a reader that stops (a client gone) stops the rest. */
export function partStream(parts: LanguageModelV4StreamPart[], signal: AbortSignal | undefined): ReadableStream<LanguageModelV4StreamPart> {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (signal?.aborted) {
        controller.error(signal.reason);
        return;
      }
      if (next < parts.length) controller.enqueue(parts[next++]!);
      if (next >= parts.length) controller.close();
    },
  });
}
