import { AppError } from '../errors.ts';
import type { Services } from '../services.ts';
import { agentTopic } from './event-log.ts';
import { lockJob } from './job-state.ts';

/**
 * Archives a job that has ended (`archived`: it takes no more follow-ups; its branch and pull request stay
 * as they are). A job still running is refused (409); archiving an archived job changes nothing.
 */
export async function archiveAgentJob(services: Services, projectId: string, id: string): Promise<void> {
  await services.db.$transaction(async (tx) => {
    const job = await lockJob(tx, projectId, id);
    if (job.archivedAt) return;
    if (!job.halted) throw new AppError('CONFLICT', 'This job is still running; archive it once it has ended.');
    await tx.agentJob.update({ where: { id }, data: { archivedAt: new Date() } });
  });
  await services.events.publish(agentTopic(id), {});
}
