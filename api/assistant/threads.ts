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
    const messageId = await recordTurn(db, request.threadId, [request.question]);
    return { threadId: request.threadId, messageId, history, question: request.question };
  }
  const threadId = randomBytes(16).toString('hex');
  await db.thread.create({ data: { id: threadId, projectId, fingerprint: request.fp } });
  const messageId = await recordTurn(db, threadId, [...request.earlier, request.question]);
  const history = request.earlier.slice(-ASSISTANT_LIMITS.maxHistoryMessages).map(({ role, text }) => ({ role, text }));
  return { threadId, messageId, history, question: request.question };
}

/** Stores the client's messages and the answer's row; returns the answer's id. */
async function recordTurn(db: Db, threadId: string, messages: ConversationMessage[]): Promise<string> {
  const [answer] = await db.$transaction([
    db.message.create({ data: { threadId, role: 'assistant', content: '', createdAt: new Date(Date.now() + 1) }, select: { id: true } }),
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
          createdAt: new Date(Date.now() - messages.length + index),
        },
      }),
    ),
    db.thread.update({ where: { id: threadId }, data: { updatedAt: new Date() } }),
  ]);
  return answer!.id;
}

/** Stores the answer as it ended (also when the client left half-way: what was streamed is kept). */
export async function recordAnswer(db: Db, messageId: string, answer: { text: string; parts: unknown[]; finishReason: StoredFinish }): Promise<void> {
  await db.message.update({
    where: { id: messageId },
    data: { content: answer.text, parts: answer.parts as object[], finishReason: answer.finishReason },
  });
}
