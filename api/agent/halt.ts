import type { HaultReason } from '../db/generated/prisma/client.ts';
import type { Services } from '../services.ts';
import { agentTopic, type AgentEventLog } from './event-log.ts';

/** How a job ended: the API's `haultReason`, the message for the user, and the pull request if one was opened. */
export interface Halt {
  reason: HaultReason;
  message: string;
  pullRequestLink?: string;
}

/** How a job ends that no worker could run: job creation ends it at once, and a worker configured otherwise ends it too. */
export const NO_ANSWER_MODEL: Halt = {
  reason: 'error',
  message:
    'No model is configured for agent jobs: set ANSWER_MODEL and ANSWER_API_KEY (or OPENAI_API_KEY), and ANSWER_BASE_URL for a server other than OpenAI, then create the job again.',
};

/** The session's record once it has ended. */
const haltedRecord = (outcome: Halt) => ({
  haulted: true,
  haultReason: outcome.reason,
  messageToUser: outcome.message,
  pullRequestLink: outcome.pullRequestLink ?? null,
});

/** The last event of its stream. */
const outcomeEvent = (outcome: Halt) => ({
  haulted: true,
  haultReason: outcome.reason,
  messageToUser: outcome.message,
  ...(outcome.pullRequestLink ? { pullRequestLink: outcome.pullRequestLink } : {}),
});

/**
 * Ends a session: `haulted`, its reason and message (and link) on the record, and the outcome as the last
 * event of its stream. Ending an ended session changes nothing.
 */
export async function haltSession(services: Pick<Services, 'db' | 'events'>, log: AgentEventLog, sessionId: string, outcome: Halt): Promise<void> {
  const ended = await services.db.agentSession.updateMany({ where: { id: sessionId, haulted: false }, data: haltedRecord(outcome) });
  if (ended.count === 0) return;
  await log.append('outcome', outcomeEvent(outcome));
  await log.flush();
  await services.events.publish(agentTopic(sessionId), { ended: true });
}

/** What a session that ends as it is created is stored with: the ended record, and the outcome as its stream's only event. */
export function haltedAtCreation(outcome: Halt) {
  return { ...haltedRecord(outcome), events: { create: { seq: 0, kind: 'outcome', payload: outcomeEvent(outcome) } } };
}
