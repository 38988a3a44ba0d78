import { z } from 'zod';
import { invalidInput } from '../errors.ts';
import { ASSISTANT_LIMITS as LIMITS } from './limits.ts';
import { lookupTable } from '../lookup-table.ts';

/** One earlier message of the conversation, as the model and the thread keep it. */
export interface ConversationMessage {
  role: 'user' | 'assistant';
  text: string;
  /** The client's id for the message, if it gave one. */
  clientId?: string;
  /** The message's parts as the client sent them (kept with the thread). */
  parts: unknown[];
}

/** An assistant request, validated: what the answer needs, whatever client (AI SDK v4 or v5+) sent it. */
export interface AssistantRequest {
  fp: string;
  threadId: string | undefined;
  retrievalPageSize: number;
  filter: { version?: string; language?: string };
  /** The earlier messages the client sent (used when the request starts a thread). */
  earlier: ConversationMessage[];
  /** The last message: the user's question. */
  question: ConversationMessage;
  /** Code or text the user points at, and the page they read: extra context for the model. */
  context: { type: string; value: string; path?: string }[];
  currentPath: string | undefined;
}

const text = (max: number) => z.string().max(max, `must be at most ${max} characters long`);

/**
 * The part types AI SDK clients send (v4's and those of 5 to 7), with the fields each must have; parts
 * of a tool (`tool-NAME`) or of the client's own data (`data-NAME`) are named after it. A part of any
 * other type is refused, so no name a client makes up picks a handler here.
 */
const PART_FIELDS = lookupTable<z.ZodTypeAny>({
  text: z.object({ text: z.string() }),
  reasoning: z.union([z.object({ reasoning: z.string() }), z.object({ text: z.string() })]),
  'redacted-reasoning': z.object({}),
  source: z.object({ source: z.object({ sourceType: z.string(), id: z.string() }) }),
  'source-url': z.object({ sourceId: z.string(), url: z.string() }),
  'source-document': z.object({ sourceId: z.string() }),
  'tool-invocation': z.object({ toolInvocation: z.object({ state: z.string(), toolCallId: z.string(), toolName: z.string() }) }),
  'dynamic-tool': z.object({ toolName: z.string(), toolCallId: z.string(), state: z.string() }),
  file: z.union([z.object({ mediaType: z.string(), url: z.string() }), z.object({ mimeType: z.string(), data: z.string() })]),
  'reasoning-file': z.object({}),
  'step-start': z.object({}),
  custom: z.object({}),
  'steering-message': z.object({}),
});
const TOOL_PART_FIELDS = z.object({ toolCallId: z.string(), state: z.string() });
const PART_TYPES = `${Object.keys(PART_FIELDS).join(', ')}, tool-NAME or data-NAME`;

/** The fields a part of this type must have; undefined for a type no AI SDK client sends. */
function partFields(type: string): z.ZodTypeAny | undefined {
  return PART_FIELDS[type] ?? (/^tool-./.test(type) ? TOOL_PART_FIELDS : /^data-./.test(type) ? z.object({}) : undefined);
}

const part = z
  .object({ type: z.string({ required_error: 'is required', invalid_type_error: 'must be a string' }) })
  .passthrough()
  .superRefine((value, context) => {
    const fields = partFields(value.type);
    if (!fields) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ['type'], message: `must be a message part type (${PART_TYPES})` });
      return;
    }
    const result = fields.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) context.addIssue({ ...issue, message: `${issue.message} in a "${value.type}" part` });
    }
  });

const message = z
  .object({
    id: z.string().optional(),
    role: z.enum(['system', 'user', 'assistant', 'data'], { errorMap: () => ({ message: 'must be user, assistant, system or data' }) }),
    content: text(LIMITS.maxMessageLength).optional(),
    parts: z.array(part).max(LIMITS.maxParts, `must hold at most ${LIMITS.maxParts} parts`).optional(),
    createdAt: z.union([z.string(), z.number()]).optional(),
    annotations: z.array(z.unknown()).optional(),
  })
  .passthrough();

/**
 * The body of both assistant routes. The AI SDK's clients send more than the documented fields (the
 * chat's `id`, v5's `trigger` and `messageId`, v4's tool invocations and revision ids in messages):
 * fields Folio does not know are ignored, the documented ones are checked.
 */
const body = z
  .object({
    fp: z.string({ required_error: 'is required', invalid_type_error: 'must be a string' }).min(1, 'must not be empty').max(LIMITS.maxFingerprintLength),
    messages: z
      .array(message, { required_error: 'is required', invalid_type_error: 'must be an array of messages' })
      .min(1, 'must hold at least one message')
      .max(LIMITS.maxMessages, `must hold at most ${LIMITS.maxMessages} messages`),
    threadId: text(LIMITS.maxFieldLength).nullish(),
    retrievalPageSize: z
      .number({ invalid_type_error: 'must be a whole number' })
      .int('must be a whole number')
      .min(LIMITS.minRetrievalPageSize, `must be from ${LIMITS.minRetrievalPageSize} to ${LIMITS.maxRetrievalPageSize}`)
      .max(LIMITS.maxRetrievalPageSize, `must be from ${LIMITS.minRetrievalPageSize} to ${LIMITS.maxRetrievalPageSize}`)
      .nullish(),
    filter: z
      .object({ version: text(LIMITS.maxFieldLength).nullish(), language: text(LIMITS.maxFieldLength).nullish(), groups: z.array(z.string()).nullish() })
      .strict()
      .nullish(),
    currentPath: text(LIMITS.maxFieldLength).nullish(),
    context: z
      .array(z.object({ type: z.enum(['code', 'textSelection']), value: text(LIMITS.maxContextLength), path: z.string().optional() }).passthrough())
      .max(LIMITS.maxContextItems)
      .nullish(),
  })
  .passthrough();

/** Validates a request body completely (a 400 naming the first field at fault) before anything streams. */
export function parseAssistantRequest(input: unknown): AssistantRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalidInput('body', 'The request body must be a JSON object.');
  const parsed = body.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = issue!.path.join('.') || 'body';
    const message = issue!.code === 'unrecognized_keys' ? `has an unknown field "${issue!.keys[0]}"` : issue!.message;
    throw invalidInput(issue!.code === 'unrecognized_keys' ? `${field}.${issue!.keys[0]}` : field, `${field} ${message}.`);
  }
  const request = parsed.data;
  const conversation = request.messages.map((entry, index) => ({ entry, index, text: messageText(entry) }));
  let total = 0;
  for (const { text: messageText, index } of conversation) {
    if (messageText.length > LIMITS.maxMessageLength) {
      throw invalidInput(`messages.${index}`, `messages.${index} holds more than ${LIMITS.maxMessageLength} characters of text.`);
    }
    total += messageText.length;
    if (total > LIMITS.maxConversationLength) {
      throw invalidInput('messages', `The conversation holds more than ${LIMITS.maxConversationLength} characters of text; start a new thread.`);
    }
  }
  const last = conversation.at(-1)!;
  if (last.entry.role !== 'user') throw invalidInput(`messages.${last.index}.role`, 'The last message must be the user\'s question (role "user").');
  if (last.text.trim() === '') throw invalidInput(`messages.${last.index}`, 'The last message has no text: send the question as `content` or as a text part.');
  // The client's own system and data messages are not given to the model: only Folio sets its instructions.
  const toMessage = ({ entry, text: messageText }: (typeof conversation)[number]): ConversationMessage => ({
    role: entry.role as 'user' | 'assistant',
    text: messageText,
    ...(entry.id ? { clientId: entry.id } : {}),
    parts: entry.parts ?? [],
  });
  return {
    fp: request.fp,
    threadId: request.threadId ?? undefined,
    retrievalPageSize: request.retrievalPageSize ?? LIMITS.defaultRetrievalPageSize,
    filter: {
      ...(request.filter?.version ? { version: request.filter.version } : {}),
      ...(request.filter?.language ? { language: request.filter.language } : {}),
    },
    earlier: conversation
      .slice(0, -1)
      .filter(({ entry }) => entry.role === 'user' || entry.role === 'assistant')
      .map(toMessage),
    question: toMessage(last),
    context: (request.context ?? []).map(({ type, value, path }) => ({ type, value, ...(path ? { path } : {}) })),
    currentPath: request.currentPath ?? undefined,
  };
}

/** A message's text: its `content` (AI SDK v4), else its text parts (v5+). */
function messageText(entry: z.infer<typeof message>): string {
  if (typeof entry.content === 'string' && entry.content !== '') return entry.content;
  return (entry.parts ?? [])
    .filter((candidate) => candidate.type === 'text' && typeof candidate.text === 'string')
    .map((candidate) => candidate.text as string)
    .join('');
}
