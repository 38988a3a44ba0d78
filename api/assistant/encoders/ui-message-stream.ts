import type { StreamEncoder } from '../../http/stream-encoder.ts';
import type { AssistantEvent } from '../events.ts';

/**
 * The AI SDK v5+ UI message stream (Server-Sent Events, one JSON chunk per event, then `[DONE]`), read
 * by `DefaultChatTransport` and `readUIMessageStream` of ai 5, 6 and 7. Chunks carry only the keys all
 * three accept. The thread id is the message's metadata (`start` and `finish`) and the X-Thread-Id header.
 */
export function uiMessageStreamEncoder(): StreamEncoder {
  const chunk = (value: Record<string, unknown>) => `data: ${JSON.stringify(value)}\n\n`;
  let openText: string | undefined;
  let texts = 0;
  const closeText = () => {
    if (openText === undefined) return '';
    const closing = chunk({ type: 'text-end', id: openText });
    openText = undefined;
    return closing;
  };
  return {
    contentType: 'text/event-stream',
    headers: (first) => ({
      'x-vercel-ai-ui-message-stream': 'v1',
      'x-thread-id': (first as AssistantEvent & { type: 'started' }).threadId,
      'x-accel-buffering': 'no',
    }),
    encode(value) {
      const event = value as AssistantEvent;
      switch (event.type) {
        case 'started':
          return chunk({ type: 'start', messageId: event.messageId, messageMetadata: { threadId: event.threadId } });
        case 'step-started':
          return chunk({ type: 'start-step' });
        case 'tool-call':
          return chunk({ type: 'tool-input-available', toolCallId: event.toolCallId, toolName: event.toolName, input: event.args });
        case 'tool-result':
          return chunk({ type: 'tool-output-available', toolCallId: event.toolCallId, output: event.result });
        case 'text-delta': {
          const opening = openText === undefined ? chunk({ type: 'text-start', id: (openText = `text-${++texts}`) }) : '';
          return opening + chunk({ type: 'text-delta', id: openText, delta: event.text });
        }
        case 'source':
          return chunk({ type: 'source-url', sourceId: event.id, url: event.url, title: event.title });
        case 'step-finished':
          return closeText() + chunk({ type: 'finish-step' });
        case 'finished':
          return `${closeText() + chunk({ type: 'finish', messageMetadata: { threadId: event.threadId } })}data: [DONE]\n\n`;
      }
    },
    fail: (error) => `${closeText() + chunk({ type: 'error', errorText: error.message })}data: [DONE]\n\n`,
    end: () => '',
  };
}
