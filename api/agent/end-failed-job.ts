import type { Services } from '../services.ts';
import { AgentEventLog } from './event-log.ts';
import { haltJob } from './halt.ts';

/** Ends a job whose every run died (its workers were killed), saying so. */
export async function endFailedAgentJob(services: Services, jobId: string): Promise<void> {
  const log = await AgentEventLog.open(services.db, services.events, jobId);
  await haltJob(services, log, jobId, {
    reason: 'error',
    message: 'The workers running this job stopped before it finished, twice; nothing was pushed. Check the worker logs and create the job again.',
  });
}
