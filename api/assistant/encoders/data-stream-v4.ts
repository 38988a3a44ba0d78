import type { StreamEncoder } from '../../http/stream-encoder.ts';
import type { AssistantEvent } from '../events.ts';

/**
 * The AI SDK v4 data stream (`streamProtocol: 'data'`), as Mintlify's assistant writes it: a line per
 * part, `CODE:JSON`. Steps are `f:` ... `e:`; the search is a tool call `9:` and its result `a:`; the
 * answer is `0:` text deltas, then `h:` sources; the thread id comes as a `2:` data item
 * `{"type":"finish","threadId"}` (the v4 client drops unknown keys of `d:`), then `d:` ends the message.
 * Only codes the v4 client knows are written (it throws on any other).
 */
export function dataStreamV4Encoder(): StreamEncoder {
  const line = (code: string, value: unknown) => `${code}:${JSON.stringify(value)}\n`;
  return {
    contentType: 'text/plain; charset=utf-8',
    headers: (first) => ({ 'x-vercel-ai-data-stream': 'v1', 'x-thread-id': (first as AssistantEvent & { type: 'started' }).threadId }),
    encode(value) {
      const event = value as AssistantEvent;
      switch (event.type) {
        case 'started':
          return '';
        case 'step-started':
          return line('f', { messageId: event.messageId });
        case 'tool-call':
          return line('9', { toolCallId: event.toolCallId, toolName: event.toolName, args: event.args });
        case 'tool-result':
          return line('a', { toolCallId: event.toolCallId, result: event.result });
        case 'text-delta':
          return line('0', event.text);
        case 'source':
          return line('h', { sourceType: 'url', id: event.id, url: event.url, title: event.title });
        case 'step-finished':
          return line('e', { finishReason: event.finishReason, usage: event.usage, isContinued: event.isContinued });
        case 'finished':
          return line('2', [{ type: 'finish', threadId: event.threadId }]) + line('d', { finishReason: event.finishReason, usage: event.usage });
      }
    },
    fail: (error) => line('3', error.message),
    end: () => '',
  };
}
