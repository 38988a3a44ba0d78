import type { HaltReason } from '../db/generated/prisma/client.ts';
import type { Services } from '../services.ts';
import { agentTopic, type AgentEventLog } from './event-log.ts';
import { type ConversationMessage, followUpsNotRun } from './conversation.ts';

/** How a turn of a job ended: why (`haltReason`), the message for the user, and the pull request if one was opened. */
export interface Halt {
  reason: HaltReason;
  message: string;
  pullRequestLink?: string;
}

/** How a job ends that no worker could run: job creation ends it at once, and a worker configured otherwise ends it too. */
export const NO_ANSWER_MODEL: Halt = {
  reason: 'error',
  message:
    "No model is configured for agent jobs: set OPENAI_API_KEY (and OPENAI_BASE_URL for a server other than OpenAI's) and ANSWER_MODEL to its chat model (not offline), restart Folio, then create the job again.",
};

/** The job's record once it has ended. A pull request opened by an earlier turn stays linked. */
const haltedRecord = (outcome: Halt) => ({
  halted: true,
  haltReason: outcome.reason,
  messageToUser: outcome.message,
  ...(outcome.pullRequestLink ? { pullRequestLink: outcome.pullRequestLink } : {}),
});

/** The last event of a turn: `halted` is false when a follow-up sent meanwhile runs next. */
const outcomeEvent = (outcome: Halt, halted: boolean) => ({
  halted,
  haltReason: outcome.reason,
  messageToUser: outcome.message,
  ...(outcome.pullRequestLink ? { pullRequestLink: outcome.pullRequestLink } : {}),
});

/**
 * Ends a turn of a job: its answer joins the conversation, and the outcome is the last event of the
 * turn. With follow-ups sent while it ran, a turn that completed leaves the job running (the next turn
 * takes them); otherwise the job ends (`halted`, its reason, message and link), and follow-ups a failed
 * turn leaves are not run, which its message says. The row is locked, so a follow-up sent meanwhile is
 * either seen here or finds the job ended (and reopens it). Ending an ended job changes nothing.
 */
export async function haltJob(services: Pick<Services, 'db' | 'events'>, log: AgentEventLog, jobId: string, outcome: Halt): Promise<void> {
  const ended = await services.db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ messages: ConversationMessage[]; pending_messages: ConversationMessage[] }[]>`
      SELECT messages, pending_messages FROM agent_jobs WHERE id = ${jobId} AND NOT halted FOR UPDATE`;
    if (!row) return undefined;
    const pending = row.pending_messages;
    const goesOn = pending.length > 0 && outcome.reason === 'completed';
    const said: Halt = pending.length > 0 && !goesOn ? { ...outcome, message: `${outcome.message} ${followUpsNotRun(pending.length)}` } : outcome;
    const messages = [...row.messages, { role: 'assistant', content: said.message }];
    const record = goesOn
      ? { messageToUser: said.message, ...(said.pullRequestLink ? { pullRequestLink: said.pullRequestLink } : {}) }
      : { ...haltedRecord(said), pendingMessages: [] };
    await tx.agentJob.update({ where: { id: jobId }, data: { ...record, messages } });
    return { said, halted: !goesOn };
  });
  if (!ended) return;
  await log.append('outcome', outcomeEvent(ended.said, ended.halted));
  await log.flush();
  await services.events.publish(agentTopic(jobId), { ended: ended.halted });
}

/** What a job that ends as it is created is stored with: the ended record, and the outcome as its stream's only event. */
export function haltedAtCreation(outcome: Halt) {
  return { ...haltedRecord(outcome), events: { create: { seq: 0, kind: 'outcome', payload: outcomeEvent(outcome, true) } } };
}
