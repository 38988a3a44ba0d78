import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { notFound } from '../errors.ts';
import type { FinishReason } from './events.ts';
import { ASSISTANT_LIMITS } from './limits.ts';
import type { AssistantRequest, ConversationMessage } from './request.ts';

/** The thread an answer belongs to, and what the model is given of it. */
export interface Conversation {
  threadId: string;
  /** The id of the answer's own message (streamed as its `messageId`). */
  messageId: string;
  /** Earlier turns, oldest first. */
  history: { role: 'user' | 'assistant'; text: string }[];
  question: ConversationMessage;
  /** Storing the question goes on while the answer starts; the answer is stored after it. */
  recorded: Promise<void>;
}

/** How an answer ended, as its thread keeps it. */
export type StoredFinish = FinishReason | 'not-found' | 'aborted';

/**
 * Opens the thread a request continues, or starts one, and records the question and an (empty)
 * answer. A `threadId` that does not exist, belongs to another site or was started with another `fp`
 * is a 404: a thread id alone does not let a stranger continue someone's conversation. A continued
 * thread's history comes from what Folio stored, not from what the client sends back.
 */
export async function openConversation(db: Db, projectId: string, request: AssistantRequest): Promise<Conversation> {
  if (request.threadId !== undefined) {
    const thread = await db.thread.findUnique({ where: { id: request.threadId }, select: { projectId: true, fingerprint: true } });
    if (!thread || thread.projectId !== projectId || thread.fingerprint !== request.fp) {
      throw notFound(`No thread "${request.threadId}" for this site and fp; omit threadId to start a new one.`);
    }
    const earlier = await db.message.findMany({
      where: { threadId: request.threadId, role: { in: ['user', 'assistant'] }, NOT: { finishReason: null, role: 'assistant' } },
      orderBy: { createdAt: 'desc' },
      take: ASSISTANT_LIMITS.maxHistoryMessages,
      select: { role: true, content: true },
    });
    const history = earlier.reverse().map((message) => ({ role: message.role as 'user' | 'assistant', text: message.content }));
    const messageId = newId();
    const recorded = handled(whenUnderWay(() => recordTurn(db, request.threadId!, messageId, [request.question])));
    return { threadId: request.threadId, messageId, history, question: request.question, recorded };
  }
  const threadId = randomBytes(16).toString('hex');
  const messageId = newId();
  const recorded = handled(
    whenUnderWay(() =>
      db.thread
        .create({ data: { id: threadId, projectId, fingerprint: request.fp } })
        .then(() => recordTurn(db, threadId, messageId, [...request.earlier, request.question])),
    ),
  );
  const history = request.earlier.slice(-ASSISTANT_LIMITS.maxHistoryMessages).map(({ role, text }) => ({ role, text }));
  return { threadId, messageId, history, question: request.question, recorded };
}

/**
 * Starts a write once the answer is under way: the request's first model call is made in this turn of
 * the event loop, and the write's queries are CPU (building them, reading their results) it need not
 * wait behind. The write is done long before the answer ends (a model takes hundreds of milliseconds).
 */
function whenUnderWay(write: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve)).then(write);
}

/** A write awaited later (by recordAnswer, which reports its failure), and never an unhandled rejection meanwhile. */
function handled(write: Promise<void>): Promise<void> {
  write.catch(() => undefined);
  return write;
}

/** A message id chosen here, so the answer can announce it before its row is written. */
const newId = () => randomBytes(12).toString('hex');

/** Stores the client's messages and the answer's (empty) row. */
async function recordTurn(db: Db, threadId: string, messageId: string, messages: ConversationMessage[]): Promise<void> {
  // One clock reading for all rows: building the first query can take milliseconds under load.
  const now = Date.now();
  await db.$transaction([
    db.message.create({ data: { id: messageId, threadId, role: 'assistant', content: '', createdAt: new Date(now + 1) }, select: { id: true } }),
    ...messages.map((message, index) =>
      db.message.create({
        data: {
          threadId,
          role: message.role,
          content: message.text,
          parts: message.parts as object[],
          clientId: message.clientId ?? null,
          finishReason: message.role === 'assistant' ? 'stop' : null,
          // Earlier messages first, the answer last, whatever the clock's resolution.
          createdAt: new Date(now - messages.length + index),
        },
      }),
    ),
    db.thread.update({ where: { id: threadId }, data: { updatedAt: new Date(now) } }),
  ]);
}

/** Stores the answer as it ended (also when the client left half-way: what was streamed is kept). */
export async function recordAnswer(
  db: Db,
  conversation: Pick<Conversation, 'messageId' | 'recorded'>,
  answer: { text: string; parts: unknown[]; finishReason: StoredFinish },
): Promise<void> {
  await conversation.recorded;
  const messageId = conversation.messageId;
  await db.message.update({
    where: { id: messageId },
    data: { content: answer.text, parts: answer.parts as object[], finishReason: answer.finishReason },
  });
}
