import type { HaultReason } from '../db/generated/prisma/client.ts';
import type { Services } from '../services.ts';
import { agentTopic, type AgentEventLog } from './event-log.ts';
import { type ConversationMessage, followUpsNotRun } from './conversation.ts';

/** How a turn of a job ended: the API's `haultReason`, the message for the user, and the pull request if one was opened. */
export interface Halt {
  reason: HaultReason;
  message: string;
  pullRequestLink?: string;
}

/** How a job ends that no worker could run: job creation ends it at once, and a worker configured otherwise ends it too. */
export const NO_ANSWER_MODEL: Halt = {
  reason: 'error',
  message:
    "No model is configured for agent jobs: set OPENAI_API_KEY (and OPENAI_BASE_URL for a server other than OpenAI's) and ANSWER_MODEL to its chat model (not offline), restart Folio, then create the job again.",
};

/** The session's record once it has ended. A pull request opened by an earlier turn stays linked. */
const haltedRecord = (outcome: Halt) => ({
  haulted: true,
  haultReason: outcome.reason,
  messageToUser: outcome.message,
  ...(outcome.pullRequestLink ? { pullRequestLink: outcome.pullRequestLink } : {}),
});

/** The last event of a turn: `haulted` is false when a follow-up sent meanwhile runs next. */
const outcomeEvent = (outcome: Halt, haulted: boolean) => ({
  haulted,
  haultReason: outcome.reason,
  messageToUser: outcome.message,
  ...(outcome.pullRequestLink ? { pullRequestLink: outcome.pullRequestLink } : {}),
});

/**
 * Ends a turn of a session: its answer joins the conversation, and the outcome is the last event of the
 * turn. With follow-ups sent while it ran, a turn that completed leaves the job running (the next turn
 * takes them); otherwise the job ends (`haulted`, its reason, message and link), and follow-ups a failed
 * turn leaves are not run, which its message says. The row is locked, so a follow-up sent meanwhile is
 * either seen here or finds the job ended (and reopens it). Ending an ended session changes nothing.
 */
export async function haltSession(services: Pick<Services, 'db' | 'events'>, log: AgentEventLog, sessionId: string, outcome: Halt): Promise<void> {
  const ended = await services.db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ messages: ConversationMessage[]; pending_messages: ConversationMessage[] }[]>`
      SELECT messages, pending_messages FROM agent_sessions WHERE id = ${sessionId} AND NOT haulted FOR UPDATE`;
    if (!row) return undefined;
    const pending = row.pending_messages;
    const goesOn = pending.length > 0 && outcome.reason === 'completed';
    const said: Halt = pending.length > 0 && !goesOn ? { ...outcome, message: `${outcome.message} ${followUpsNotRun(pending.length)}` } : outcome;
    const messages = [...row.messages, { role: 'assistant', content: said.message }];
    const record = goesOn
      ? { messageToUser: said.message, ...(said.pullRequestLink ? { pullRequestLink: said.pullRequestLink } : {}) }
      : { ...haltedRecord(said), pendingMessages: [] };
    await tx.agentSession.update({ where: { id: sessionId }, data: { ...record, messages } });
    return { said, haulted: !goesOn };
  });
  if (!ended) return;
  await log.append('outcome', outcomeEvent(ended.said, ended.haulted));
  await log.flush();
  await services.events.publish(agentTopic(sessionId), { ended: ended.haulted });
}

/** What a session that ends as it is created is stored with: the ended record, and the outcome as its stream's only event. */
export function haltedAtCreation(outcome: Halt) {
  return { ...haltedRecord(outcome), events: { create: { seq: 0, kind: 'outcome', payload: outcomeEvent(outcome, true) } } };
}
