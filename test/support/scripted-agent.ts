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
 * A model for the local chat server that plays a script, chosen by the tag that starts the job's
 * instruction (`[edit] Document the --port flag`), step by step: each chat request carries the whole
 * conversation, so the step is the number of earlier assistant turns, and the previous turn's tool
 * results are read from it. Several jobs may run at once.
 */
export function scriptedAgent(scripts: Record<string, AgentScript>): (request: ChatRequest) => ScriptedReply {
  return (request) => {
    const messages = request.body.messages;
    const instruction = String(messages.find((message) => message.role === 'user')?.content ?? '');
    const tag = /^\[([\w-]+)\]/.exec(instruction)?.[1] ?? '';
    const script = scripts[tag];
    if (!script) throw new Error(`no agent script for "${tag}"`);
    const assistantTurns = messages.filter((message) => message.role === 'assistant');
    const lastTurn = assistantTurns.at(-1);
    const names = new Map((lastTurn?.tool_calls ?? []).map((toolCall) => [(toolCall as unknown as { id: string }).id, toolCall.function.name]));
    const lastIndex = lastTurn ? messages.lastIndexOf(lastTurn) : messages.length;
    const results = messages
      .slice(lastIndex + 1)
      .filter((message) => message.role === 'tool')
      .map((message) => ({ toolName: names.get(message.tool_call_id!) ?? '', output: JSON.parse(String(message.content)) }));
    const step = assistantTurns.length;
    return script[Math.min(step, script.length - 1)]!({ step, instruction, results });
  };
}
