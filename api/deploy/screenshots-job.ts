import { z } from 'zod';
import type { Services } from '../services.ts';
import type { JobDefinition } from '../jobs/jobs.ts';
import { DeploymentProgress } from './progress.ts';

export interface SiteScreenshotsPayload {
  deploymentId: string;
}

/**
 * Screenshots of a deployment that just went live, light and dark. Queued by the deployment after its
 * switch; a failure is logged on the deployment, and only a worker that stops mid-way has the job
 * retried (elsewhere).
 */
export const siteScreenshotsJob: JobDefinition<SiteScreenshotsPayload, Services> = {
  name: 'site.screenshots',
  queue: { policy: 'standard', retryLimit: 2, retryDelay: 5, expireInSeconds: 5 * 60 },
  payload: z.object({ deploymentId: z.string() }),
  sendOptions: () => ({}),
  async handle(payload, services, job) {
    // Loaded when screenshots are taken: the browser driver is not needed to start.
    const { takeScreenshots } = await import('../screenshots/take-screenshots.ts');
    await takeScreenshots(services, new DeploymentProgress(services.db, services.events, payload.deploymentId), job.signal);
  },
};
