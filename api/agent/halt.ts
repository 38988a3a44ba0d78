import type { HaultReason } from '../db/generated/prisma/client.ts';
import type { Services } from '../services.ts';
import { agentTopic, type AgentEventLog } from './event-log.ts';

/** How a job ended: the API's `haultReason`, the message for the user, and the pull request if one was opened. */
export interface Halt {
  reason: HaultReason;
  message: string;
  pullRequestLink?: string;
}

/**
 * Ends a session: `haulted`, its reason and message (and link) on the record, and the outcome as the last
 * event of its stream. Ending an ended session changes nothing.
 */
export async function haltSession(services: Pick<Services, 'db' | 'events'>, log: AgentEventLog, sessionId: string, outcome: Halt): Promise<void> {
  const ended = await services.db.agentSession.updateMany({
    where: { id: sessionId, haulted: false },
    data: { haulted: true, haultReason: outcome.reason, messageToUser: outcome.message, pullRequestLink: outcome.pullRequestLink ?? null },
  });
  if (ended.count === 0) return;
  await log.append('outcome', {
    haulted: true,
    haultReason: outcome.reason,
    messageToUser: outcome.message,
    ...(outcome.pullRequestLink ? { pullRequestLink: outcome.pullRequestLink } : {}),
  });
  await log.flush();
  await services.events.publish(agentTopic(sessionId), { ended: true });
}
