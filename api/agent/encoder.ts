import type { StreamEncoder } from '../http/stream-encoder.ts';
import type { AgentJobEventShape } from '../schema/agent-jobs.ts';

/**
 * An agent job's progress as the AI SDK v4 data stream: its steps (`f:` ... `e:`), text (`0:`), tool calls
 * and results (`9:`, `a:`), and as data parts (`2:`) the job's ids (`{"type":"session", sessionId, messageId}`), todo updates, status lines and
 * finally the outcome (`{"type":"outcome", haulted, haultReason, messageToUser, pullRequestLink}`), then `d:`.
 */
export function agentStreamEncoder(): StreamEncoder {
  const line = (code: string, value: unknown) => `${code}:${JSON.stringify(value)}\n`;
  const data = (value: Record<string, unknown>) => line('2', [value]);
  return {
    contentType: 'text/plain; charset=utf-8',
    headers(first) {
      const { sessionId, messageId } = (first as AgentJobEventShape).payload as { sessionId: string; messageId: string };
      return { 'x-session-id': sessionId, 'x-message-id': messageId, 'x-vercel-ai-data-stream': 'v1' };
    },
    encode(value) {
      const { kind, payload } = value as AgentJobEventShape;
      switch (kind) {
        case 'started':
          return data({ type: 'session', ...payload });
        case 'step-started':
          return line('f', { messageId: payload.messageId });
        case 'text':
          return line('0', payload.text);
        case 'tool-call':
          return line('9', { toolCallId: payload.toolCallId, toolName: payload.toolName, args: payload.args });
        case 'tool-result':
          return line('a', { toolCallId: payload.toolCallId, result: payload.result });
        case 'step-finished':
          return line('e', { finishReason: payload.finishReason, usage: payload.usage, isContinued: false });
        case 'outcome':
          return data({ type: 'outcome', ...payload }) + line('d', { finishReason: 'stop', usage: { promptTokens: 0, completionTokens: 0 } });
        default:
          return data({ type: kind, ...payload });
      }
    },
    fail: (error) => line('3', error.message),
    end: () => '',
  };
}
