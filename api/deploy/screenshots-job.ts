import { setTimeout } from 'node:timers/promises';
import { z } from 'zod';
import type { Services } from '../services.ts';
import type { JobDefinition } from '../jobs/jobs.ts';
import { DeploymentProgress } from './progress.ts';

export interface SiteScreenshotsPayload {
  deploymentId: string;
}

/**
 * How long after a deployment goes live its screenshots are taken: a browser loading the site, and the
 * worker serving it the pages, slow the searches and answers of the same machine, and right after a
 * deployment is when its author tries it.
 */
export const SCREENSHOT_DELAY_MS = 5_000;

/**
 * Screenshots of a deployment that just went live, light and dark, taken SCREENSHOT_DELAY_MS later.
 * Queued by the deployment after its switch; a failure is logged on the deployment, and only a worker
 * that stops mid-way has the job retried (elsewhere).
 */
export const siteScreenshotsJob: JobDefinition<SiteScreenshotsPayload, Services> = {
  name: 'site.screenshots',
  queue: { policy: 'standard', retryLimit: 2, retryDelay: 5, expireInSeconds: 5 * 60 },
  payload: z.object({ deploymentId: z.string() }),
  sendOptions: () => ({}),
  async handle(payload, services, job) {
    await setTimeout(SCREENSHOT_DELAY_MS, undefined, { signal: job.signal });
    // Loaded when a screenshot job first runs: start-up does without it (and the browser driver loads only with a browser).
    const { takeScreenshots } = await import('../screenshots/take-screenshots.ts');
    await takeScreenshots(services, new DeploymentProgress(services.db, services.events, payload.deploymentId), job.signal);
  },
};
