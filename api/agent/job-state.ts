import type { Prisma } from '../db/generated/prisma/client.ts';
import { AppError, notFound } from '../errors.ts';
import type { ConversationMessage } from './conversation.ts';

/** The states of Mintlify's `AgentJob`. */
export const AGENT_JOB_STATUSES = ['active', 'completed', 'archived', 'failed'] as const;
export type AgentJobStatus = (typeof AGENT_JOB_STATUSES)[number];

interface StateFields {
  halted: boolean;
  haltReason: string | null;
  archivedAt: Date | null;
}

/**
 * A job's `AgentJob.status`: `archived` once a person archived it; `active` while a turn is queued or
 * running; `completed` when its last turn completed (with or without a pull request); `failed` when it
 * ended with an error or a code host Folio could not use (`haltReason`, and `messageToUser` says why).
 */
export function agentJobStatus(job: StateFields): AgentJobStatus {
  if (job.archivedAt) return 'archived';
  if (!job.halted) return 'active';
  return job.haltReason === 'completed' ? 'completed' : 'failed';
}

/** A job's row, locked until the transaction ends: follow-ups, archiving and a turn's end take turns on it. */
export interface LockedJob extends StateFields {
  messageToUser: string | null;
  pendingMessages: ConversationMessage[];
  branch: string;
}

export async function lockJob(tx: Prisma.TransactionClient, projectId: string, id: string): Promise<LockedJob> {
  const [row] = await tx.$queryRaw<LockedJob[]>`
    SELECT halted, halt_reason AS "haltReason", archived_at AS "archivedAt", message_to_user AS "messageToUser",
           pending_messages AS "pendingMessages", branch
      FROM agent_jobs WHERE id = ${id} AND project_id = ${projectId} FOR UPDATE`;
  if (!row) throw notFound(`No agent job with id "${id}" in project "${projectId}".`);
  return row;
}

/** Why a job takes no follow-up (409), if it does not: it was archived, or it failed. */
export function followUpRefusal(job: StateFields & { messageToUser: string | null }): AppError | undefined {
  const status = agentJobStatus(job);
  if (status === 'archived') {
    return new AppError('CONFLICT', `This job was archived (${job.archivedAt!.toISOString()}), so it takes no follow-ups; create a new job.`);
  }
  if (status === 'failed') {
    return new AppError('CONFLICT', `This job failed, so it takes no follow-ups; create a new job. Why it failed: ${job.messageToUser ?? job.haltReason}`);
  }
  return undefined;
}
