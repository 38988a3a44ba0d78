import { z } from 'zod';
import { takeScreenshots } from '../screenshots/take-screenshots.ts';
import type { Services } from '../services.ts';
import type { JobDefinition } from './jobs.ts';

export interface SiteScreenshotsPayload {
  deploymentId: string;
}

/**
 * Screenshots of a deployment that just went live, light and dark. Queued by the deployment after its
 * switch; a failure is logged on the deployment and never retried into its way.
 */
export const siteScreenshotsJob: JobDefinition<SiteScreenshotsPayload, Services> = {
  name: 'site.screenshots',
  queue: { policy: 'standard', retryLimit: 0, expireInSeconds: 5 * 60 },
  payload: z.object({ deploymentId: z.string() }),
  sendOptions: () => ({}),
  handle: (payload, services) => takeScreenshots(services, payload.deploymentId),
};
