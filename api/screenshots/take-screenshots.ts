import { chromium } from 'playwright-core';
import type { DeploymentProgress } from '../deploy/progress.ts';
import type { Services } from '../services.ts';
import { siteKeyOf } from '../sites/site-key.ts';
import { siteCacheOf } from '../sites/site-cache.ts';
import { serveDeploymentLocally } from './site-server.ts';

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const VIEWPORT = { width: 1280, height: 800 };
/** Screenshots of a project's earlier deployments are kept for this many deployments, then deleted. */
const KEPT_DEPLOYMENTS = 20;
const PAGE_TIMEOUT_MS = 30_000;

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
    const shots = await shoot(config.chromium.path, db, deployment.project.subdomain, source, signal);
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

async function shoot(
  executablePath: string,
  db: Services['db'],
  subdomain: string,
  source: { projectId: string; deploymentId: string; siteKey: string },
  signal: AbortSignal | undefined,
): Promise<Record<Theme, Uint8Array<ArrayBuffer>>> {
  const server = await serveDeploymentLocally(db, subdomain, source);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    timeout: PAGE_TIMEOUT_MS,
    // The worker decides when to stop (the job's signal), not Playwright's own signal handlers.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const stop = () => void browser.close().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const shots = {} as Record<Theme, Uint8Array<ArrayBuffer>>;
    for (const theme of THEMES) {
      signal?.throwIfAborted();
      const context = await browser.newContext({ colorScheme: theme, viewport: VIEWPORT, deviceScaleFactor: 1 });
      try {
        const page = await context.newPage();
        // The page's images may be on other hosts: the screenshot shows the page as served, without waiting on them.
        await page.route(
          (url) => !url.href.startsWith(server.url),
          (route) => route.abort(),
        );
        await page.goto(`${server.url}/`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
        await page.waitForFunction(() => customElements.get('folio-search') !== undefined, undefined, { timeout: 5_000 }).catch(() => undefined);
        shots[theme] = new Uint8Array(await page.screenshot({ type: 'png' }));
      } finally {
        await context.close();
      }
    }
    return shots;
  } finally {
    signal?.removeEventListener('abort', stop);
    await browser.close().catch(() => undefined);
    await server.close();
  }
}

async function forgetOldScreenshots(db: Services['db'], projectId: string): Promise<void> {
  await db.$executeRaw`
    DELETE FROM screenshots WHERE deployment_id IN (
      SELECT id FROM deployments WHERE project_id = ${projectId} AND id IN (SELECT deployment_id FROM screenshots)
      ORDER BY created_at DESC OFFSET ${KEPT_DEPLOYMENTS})`;
}

const firstLine = (text: string) => text.split('\n')[0]!.slice(0, 200);
