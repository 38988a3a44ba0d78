import type { DeploymentProgress } from '../deploy/progress.ts';
import type { Services } from '../services.ts';
import { siteKeyOf } from '../sites/site-key.ts';
import { siteCacheOf } from '../sites/site-cache.ts';
import { THEMES, type Theme } from './themes.ts';

/** Screenshots of a project's earlier deployments are kept for this many deployments, then deleted. */
const KEPT_DEPLOYMENTS = 20;

/** Where a deployment's screenshot in a theme is served. */
const screenshotUrl = (publicUrl: string, deploymentId: string, theme: Theme) => `${publicUrl}/screenshots/${deploymentId}-${theme}.png`;

/**
 * Takes the screenshots of a deployment's home page, light and dark, with the headless Chromium the
 * configuration found, stores them and puts their URLs in the status record (`screenshot` is the
 * site's default theme's). Without a browser, or when the browser fails, the deployment is left as it
 * is and its log says why (`progress`, the deployment's status record). Throws only when `signal`
 * stops it (the worker is stopping: the job is retried elsewhere).
 */
export async function takeScreenshots(services: Pick<Services, 'db' | 'log' | 'config'>, progress: DeploymentProgress, signal?: AbortSignal): Promise<void> {
  const { db, config } = services;
  const { deploymentId } = progress;
  const deployment = await db.deployment.findUnique({
    where: { id: deploymentId },
    select: { status: true, projectId: true, project: { select: { subdomain: true } } },
  });
  if (deployment?.status !== 'success') return;
  if ('missing' in config.chromium) {
    services.log.info(`screenshots of deployment ${deploymentId} not taken: ${config.chromium.missing}`);
    await progress.update({ logs: { push: [`Screenshots: not taken, ${config.chromium.missing}.`] } });
    return;
  }
  const started = performance.now();
  try {
    const source = { projectId: deployment.projectId, deploymentId, siteKey: await siteKeyOf(db, deployment.projectId) };
    const site = await siteCacheOf(db).site(source.projectId, deploymentId);
    if (!site) throw new Error('the deployment has no rendered site');
    // Loaded only when a browser is there to drive: the driver's code takes a few hundred milliseconds to load.
    const { shootHomePage } = await import('./shoot-home-page.ts');
    const shots = await shootHomePage(config.chromium.path, db, deployment.project.subdomain, source, signal);
    for (const theme of THEMES) {
      await db.screenshot.upsert({
        where: { deploymentId_theme: { deploymentId, theme } },
        create: { deploymentId, theme, png: shots[theme] },
        update: { png: shots[theme], createdAt: new Date() },
      });
    }
    await forgetOldScreenshots(db, deployment.projectId);
    const defaultTheme: Theme = site.layout.appearance === 'dark' ? 'dark' : 'light';
    await progress.update({
      screenshot: screenshotUrl(config.publicUrl, deploymentId, defaultTheme),
      screenshotLight: screenshotUrl(config.publicUrl, deploymentId, 'light'),
      screenshotDark: screenshotUrl(config.publicUrl, deploymentId, 'dark'),
      logs: { push: [`Screenshots: light and dark taken of the home page (${((performance.now() - started) / 1000).toFixed(1)} s).`] },
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    services.log.warn(`screenshots of deployment ${deploymentId} failed: ${firstLine((error as Error).message)}`);
    await progress.update({ logs: { push: [`Screenshots: failed (${firstLine((error as Error).message)}); the deployment is live all the same.`] } });
  }
}

async function forgetOldScreenshots(db: Services['db'], projectId: string): Promise<void> {
  await db.$executeRaw`
    DELETE FROM screenshots WHERE deployment_id IN (
      SELECT id FROM deployments WHERE project_id = ${projectId} AND id IN (SELECT deployment_id FROM screenshots)
      ORDER BY created_at DESC OFFSET ${KEPT_DEPLOYMENTS})`;
}

const firstLine = (text: string) => text.split('\n')[0]!.slice(0, 200);
