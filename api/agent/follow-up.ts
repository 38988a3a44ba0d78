import type { Services } from '../services.ts';
import { agentRunJob } from './agent-job.ts';
import { agentTopic } from './event-log.ts';
import { followUpRefusal, lockJob } from './job-state.ts';

/**
 * Sends a follow-up instruction to a job (`POST /v2/agent/{projectId}/job/{id}/message`). It waits in the
 * job's `pendingMessages` for the next turn, and a turn is queued for it. Turns of one job share its branch,
 * and the agent queue runs the jobs of one branch strictly one after the other in every process, so a
 * follow-up sent while a turn runs runs right after it. A job that has completed is reopened (`active`): the
 * same branch, the conversation so far, new commits on the same pull request. An archived or failed job
 * refuses it (409). Within the project's hourly limit of follow-ups.
 */
export async function sendFollowUp(services: Services, projectId: string, id: string, prompt: string): Promise<void> {
  // Refusals that need no lock are answered before the message counts against the limit.
  await services.db.$transaction(async (tx) => {
    const refusal = followUpRefusal(await lockJob(tx, projectId, id));
    if (refusal) throw refusal;
  });
  await services.rateLimits.agentMessages.consume(projectId);
  await services.db.$transaction(async (tx) => {
    const job = await lockJob(tx, projectId, id);
    const refusal = followUpRefusal(job);
    if (refusal) throw refusal;
    const reopened = job.halted ? { halted: false, haltReason: null, messageToUser: null } : {};
    await tx.agentJob.update({
      where: { id },
      data: { pendingMessages: [...job.pendingMessages, { role: 'user', content: prompt }], ...reopened },
    });
    await services.jobs.enqueue(agentRunJob, { jobId: id, projectId, branch: job.branch }, tx);
  });
  await services.events.publish(agentTopic(id), {});
}
