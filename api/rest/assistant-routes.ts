import type { StreamRoute } from './routes.ts';
import { ASSISTANT_MESSAGE_OPERATION } from '../schema/assistant.ts';
import { dataStreamV4Encoder } from '../assistant/encoders/data-stream-v4.ts';
import { uiMessageStreamEncoder } from '../assistant/encoders/ui-message-stream.ts';
import { ASSISTANT_LIMITS as LIMITS } from '../assistant/limits.ts';

/** The request body both routes take (as Mintlify documents it), for the OpenAPI document. */
const REQUEST_BODY = {
  type: 'object',
  required: ['fp', 'messages'],
  description: 'Other top-level fields the AI SDK clients send (the chat `id`, `trigger`, `messageId`) are accepted and ignored.',
  properties: {
    fp: {
      type: 'string',
      maxLength: LIMITS.maxFingerprintLength,
      description: 'Fingerprint of the caller: `anonymous`, or a user id. A thread continues only with the fp that started it.',
    },
    messages: {
      type: 'array',
      minItems: 1,
      maxItems: LIMITS.maxMessages,
      description: `The conversation; the last message is the user's question. AI SDK v4 messages (\`content\` and \`parts\`) or v5+ messages (\`parts\`). At most ${LIMITS.maxMessageLength} characters of text per message, ${LIMITS.maxConversationLength} in all.`,
      items: {
        type: 'object',
        required: ['role'],
        properties: {
          id: { type: 'string' },
          role: { type: 'string', enum: ['system', 'user', 'assistant', 'data'] },
          content: { type: 'string' },
          parts: { type: 'array', maxItems: LIMITS.maxParts, items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } },
          createdAt: { type: 'string', format: 'date-time' },
          annotations: { type: 'array' },
        },
      },
    },
    threadId: {
      type: ['string', 'null'],
      description: 'Continues that thread (its earlier turns inform the answer); null or absent starts one. The finish event carries it.',
    },
    retrievalPageSize: {
      type: 'integer',
      minimum: LIMITS.minRetrievalPageSize,
      maximum: LIMITS.maxRetrievalPageSize,
      default: LIMITS.defaultRetrievalPageSize,
    },
    filter: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        version: { type: 'string' },
        language: { type: 'string' },
        groups: { type: 'array', items: { type: 'string' }, description: 'Accepted and ignored.' },
      },
    },
    currentPath: { type: 'string', maxLength: LIMITS.maxFieldLength, description: 'The page the user is reading.' },
    context: {
      type: 'array',
      maxItems: LIMITS.maxContextItems,
      items: {
        type: 'object',
        required: ['type', 'value'],
        properties: { type: { type: 'string', enum: ['code', 'textSelection'] }, value: { type: 'string' }, path: { type: 'string' } },
      },
    },
  },
};

const THREAD_HEADER = { 'X-Thread-Id': 'The thread of this answer (also in the stream).' };

const common = {
  kind: 'stream',
  method: 'POST',
  field: 'Subscription.assistantMessage',
  keyKind: 'assistant',
  status: 200,
  hasBody: true,
  tag: 'Assistant',
  operation: ASSISTANT_MESSAGE_OPERATION,
  variables: (params: Record<string, string>, body: unknown) => ({ domain: params.domain, input: body ?? {} }),
} as const;

/** The assistant for AI SDK v4 clients (`useChat` with `streamProtocol: 'data'`). */
export const assistantV1Route: StreamRoute = {
  ...common,
  path: '/v1/assistant/:domain/message',
  summary: 'Assistant message (AI SDK v4 data stream)',
  encoder: dataStreamV4Encoder,
  openApi: {
    requestBody: REQUEST_BODY,
    contentType: 'text/plain; charset=utf-8',
    description:
      'A streamed, cited answer in the AI SDK v4 data stream protocol (header `X-Vercel-AI-Data-Stream: v1`): a `search` tool call and its results, the answer as text parts with links, the cited pages as source parts, and `{"type":"finish","threadId"}` as a data part.',
    headers: { ...THREAD_HEADER, 'X-Vercel-AI-Data-Stream': 'v1' },
  },
};

/** The assistant for AI SDK v5+ clients (`DefaultChatTransport`). */
export const assistantV2Route: StreamRoute = {
  ...common,
  path: '/v2/assistant/:domain/message',
  summary: 'Assistant message (AI SDK v5+ UI message stream)',
  encoder: uiMessageStreamEncoder,
  openApi: {
    requestBody: REQUEST_BODY,
    contentType: 'text/event-stream',
    description:
      'A streamed, cited answer as the AI SDK v5+ UI message stream (Server-Sent Events, header `x-vercel-ai-ui-message-stream: v1`), with the thread id as message metadata.',
    headers: { ...THREAD_HEADER, 'x-vercel-ai-ui-message-stream': 'v1' },
  },
};
