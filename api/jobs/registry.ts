import type { Services } from '../services.ts';
import { agentFailedJob, agentRunJob } from '../agent/agent-job.ts';
import { deployFailedJob, deployRunJob } from '../deploy/deploy-job.ts';
import type { JobDefinition } from './jobs.ts';
import { siteScreenshotsJob } from '../deploy/screenshots-job.ts';
import { analyticsPruneJob } from '../analytics/prune-job.ts';
import { previewPruneJob } from '../previews/preview-prune-job.ts';

/**
 * Every kind of job. Their queues are created at boot in this order (a dead-letter queue before the
 * queue that names it), and every worker process works all of them.
 */
export const JOB_DEFINITIONS: readonly JobDefinition<unknown, Services>[] = [
  deployFailedJob,
  deployRunJob,
  agentFailedJob,
  agentRunJob,
  siteScreenshotsJob,
  analyticsPruneJob,
  previewPruneJob,
];
