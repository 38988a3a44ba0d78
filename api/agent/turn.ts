import type { Db } from '../db/database.ts';
import type { ConversationMessage } from './conversation.ts';

/**
 * Starts a turn of a job, unless it has ended (a turn queued for follow-ups that an earlier turn took
 * already): the follow-ups waiting join the conversation, returned so that the turn's stream shows them,
 * and the model the turn runs with is recorded. A retried turn takes nothing new and runs the same
 * conversation again.
 */
export async function startTurn(db: Db, jobId: string, model: string | undefined): Promise<{ taken: ConversationMessage[] } | undefined> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ messages: ConversationMessage[]; pending_messages: ConversationMessage[] }[]>`
      SELECT messages, pending_messages FROM agent_jobs WHERE id = ${jobId} AND NOT halted FOR UPDATE`;
    if (!row) return undefined;
    const taken = row.pending_messages;
    if (taken.length > 0 || model) {
      await tx.agentJob.update({
        where: { id: jobId },
        data: { ...(taken.length > 0 ? { messages: [...row.messages, ...taken], pendingMessages: [] } : {}), ...(model ? { model } : {}) },
      });
    }
    return { taken };
  });
}
