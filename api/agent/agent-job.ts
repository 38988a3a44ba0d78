import { z } from 'zod';
import type { Services } from '../services.ts';
import type { JobDefinition } from '../jobs/jobs.ts';

export interface AgentRunPayload {
  jobId: string;
  projectId: string;
  branch: string;
}

const payload = z.object({ jobId: z.string(), projectId: z.string(), branch: z.string() });

/**
 * Runs one agent job. Jobs on one branch of a project run one after the other (strictly FIFO per
 * project and branch); other jobs run side by side, up to AGENT_CONCURRENCY in each worker process. A
 * worker that dies mid-job stops sending heartbeats; the job is then retried once from the start on any
 * worker, and if that attempt dies too, `agent.failed` ends the job.
 */
export const agentRunJob: JobDefinition<AgentRunPayload, Services> = {
  name: 'agent.run',
  queue: {
    policy: 'key_strict_fifo',
    retryLimit: 1,
    retryDelay: 2,
    expireInSeconds: 60 * 60,
    heartbeatSeconds: 10,
    deadLetter: 'agent.failed',
  },
  payload,
  sendOptions: (job) => ({ singletonKey: `${job.projectId}:${job.branch}` }),
  concurrency: (services) => services.config.agentConcurrency,
  async handle(job, services, attempt) {
    // Loaded when a job runs, so web processes and start-up never load the agent.
    const { runAgentJob } = await import('./run-agent.ts');
    await runAgentJob(services, job.jobId, attempt.retryCount + 1, attempt.signal);
  },
};

/** The last resort for a job whose every attempt died: the job ends halted with an error, never stuck. */
export const agentFailedJob: JobDefinition<AgentRunPayload, Services> = {
  name: 'agent.failed',
  queue: { policy: 'standard', retryLimit: 5, retryDelay: 5 },
  payload,
  sendOptions: () => ({}),
  async handle(job, services) {
    const { endFailedAgentJob } = await import('./end-failed-job.ts');
    await endFailedAgentJob(services, job.jobId);
  },
};
