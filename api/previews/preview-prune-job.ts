import { z } from 'zod';
import type { JobDefinition } from '../jobs/jobs.ts';
import type { Services } from '../services.ts';
import { prunePreviews } from './prune-previews.ts';

/** Removes the previews of branches that are gone, or unused for PREVIEW_TTL_DAYS; queued by the workers every hour. */
export const previewPruneJob: JobDefinition<Record<string, never>, Services> = {
  name: 'previews.prune',
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  sendOptions: () => ({}),
  schedule: '41 * * * *',
  async handle(_payload, services) {
    const removed = await prunePreviews(services);
    for (const { projectId, branch } of removed) services.log.info(`previews: removed the preview of "${branch}" in project ${projectId}`);
  },
};
