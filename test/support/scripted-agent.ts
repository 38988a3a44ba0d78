import type { ChatRequest, ScriptedReply } from './openai-chat-server.ts';

/** What a scripted agent sees at one step: the instruction, and the results of its previous tool calls. */
export interface AgentTurn {
  step: number;
  instruction: string;
  results: { toolName: string; output: any }[];
}

/** One reply per step; the last one repeats if the job asks again. */
export type AgentScript = ((turn: AgentTurn) => ScriptedReply)[];

/** A tool call the scripted model makes. */
export const call = (name: string, args: Record<string, unknown> = {}) => ({ name, arguments: args });

/**
 * A model for the local chat server that plays a script, chosen by the tag that starts the job's latest
 * instruction (`[edit] Document the --port flag`; a follow-up's in a job that goes on), step by step:
 * each chat request carries the whole conversation, so the step is the number of assistant turns since
 * that instruction, and the previous turn's tool results are read from it. Several jobs may run at once.
 */
export function scriptedAgent(scripts: Record<string, AgentScript>): (request: ChatRequest) => ScriptedReply {
  return (request) => {
    const messages = request.body.messages;
    const latest = messages.findLastIndex((message) => message.role === 'user');
    const instruction = String(messages[latest]?.content ?? '');
    const tag = /^\[([\w-]+)\]/.exec(instruction)?.[1] ?? '';
    const script = scripts[tag];
    if (!script) throw new Error(`no agent script for "${tag}"`);
    const assistantTurns = messages.slice(latest + 1).filter((message) => message.role === 'assistant');
    const lastTurn = assistantTurns.at(-1);
    const names = new Map((lastTurn?.tool_calls ?? []).map((toolCall) => [(toolCall as unknown as { id: string }).id, toolCall.function.name]));
    const lastIndex = lastTurn ? messages.lastIndexOf(lastTurn) : messages.length;
    const results = messages
      .slice(lastIndex + 1)
      .filter((message) => message.role === 'tool')
      .map((message) => ({ toolName: names.get(message.tool_call_id!) ?? '', output: jsonOrText(String(message.content)) }));
    const step = assistantTurns.length;
    return script[Math.min(step, script.length - 1)]!({ step, instruction, results });
  };
}

/**
 * A model for both sides of the gap-fixing loop: the assistant (its requests offer `markNotFound`) and
 * the agent. As the assistant it searches with the question, then answers citing the result `cite` picks
 * (marking the question not found when it picks none). As the agent it plays `steps`, one per turn.
 */
export function assistantAndAgent(
  cite: (question: string, results: { path: string; content: string }[]) => { path: string } | undefined,
  answerOf: (path: string) => string,
  steps: (() => ScriptedReply)[],
): (request: ChatRequest) => ScriptedReply {
  return (request) => {
    const messages = request.body.messages;
    const last = messages.at(-1)!;
    if (request.body.tools?.some((tool) => tool.function.name === 'markNotFound')) {
      if (last.role === 'user') return { toolCalls: [call('search', { query: String(last.content) })] };
      const output = JSON.parse(String(last.content)) as { path: string; content: string }[] | { acknowledged: true };
      if (!Array.isArray(output)) return { text: 'The documentation does not cover this.' };
      const question = String(messages.filter((message) => message.role === 'user').at(-1)?.content);
      const match = cite(question, output);
      return match ? { text: answerOf(match.path) } : { toolCalls: [call('markNotFound')] };
    }
    return steps[Math.min(messages.filter((message) => message.role === 'assistant').length, steps.length - 1)]!();
  };
}

/** A tool's result as the model reads it: JSON, or the text of an error (a call the model wrote wrongly). */
function jsonOrText(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}
