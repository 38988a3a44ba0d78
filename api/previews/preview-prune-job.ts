import { counted } from '../counted.ts';
import { z } from 'zod';
import type { JobDefinition } from '../jobs/jobs.ts';
import type { Services } from '../services.ts';
import { prunePreviews } from './prune-previews.ts';

/** Queues the removal of the previews of branches that are gone, or unused for PREVIEW_TTL_DAYS; queued by the workers every hour. */
export const previewPruneJob: JobDefinition<Record<string, never>, Services> = {
  name: 'previews.prune',
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  sendOptions: () => ({}),
  schedule: '41 * * * *',
  async handle(_payload, services) {
    const queued = await prunePreviews(services);
    if (queued.length > 0) services.log.info(`previews: ${counted(queued.length, 'stale preview')} queued for removal`);
  },
};
