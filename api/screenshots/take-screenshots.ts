import { chromium } from 'playwright-core';
import { DeploymentProgress } from '../deploy/progress.ts';
import type { Services } from '../services.ts';
import { siteKeyOf } from '../sites/site-key.ts';
import { siteCacheOf } from '../sites/site-cache.ts';
import { serveDeploymentLocally } from './site-server.ts';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
const VIEWPORT = { width: 1280, height: 800 };
const PAGE_TIMEOUT_MS = 30_000;

/** Where a deployment's screenshot in a theme is served. */
export const screenshotUrl = (publicUrl: string, deploymentId: string, theme: Theme) => `${publicUrl}/screenshots/${deploymentId}-${theme}.png`;

/**
 * Takes the screenshots of a deployment's home page, light and dark, with the headless Chromium the
 * configuration found, stores them and puts their URLs in the status record (`screenshot` is the
 * site's default theme's). Never throws: without a browser, or when the browser fails, the deployment
 * is left as it is and its log says why.
 */
export async function takeScreenshots(services: Pick<Services, 'db' | 'events' | 'log' | 'config'>, deploymentId: string): Promise<void> {
  const { db, config } = services;
  const deployment = await db.deployment.findUnique({ where: { id: deploymentId }, select: { status: true, projectId: true, project: { select: { subdomain: true } } } });
  if (!deployment || deployment.status !== 'success') return;
  const progress = new DeploymentProgress(db, services.events, deploymentId);
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
    const shots = await shoot(config.chromium.path, db, deployment.project.subdomain, source);
    for (const theme of THEMES) {
      await db.screenshot.upsert({
        where: { deploymentId_theme: { deploymentId, theme } },
        create: { deploymentId, theme, png: shots[theme] },
        update: { png: shots[theme], createdAt: new Date() },
      });
    }
    const defaultTheme: Theme = site.layout.appearance === 'dark' ? 'dark' : 'light';
    await progress.update({
      screenshot: screenshotUrl(config.publicUrl, deploymentId, defaultTheme),
      screenshotLight: screenshotUrl(config.publicUrl, deploymentId, 'light'),
      screenshotDark: screenshotUrl(config.publicUrl, deploymentId, 'dark'),
      logs: { push: [`Screenshots: light and dark taken of the home page (${((performance.now() - started) / 1000).toFixed(1)} s).`] },
    });
  } catch (error) {
    services.log.warn(`screenshots of deployment ${deploymentId} failed`, error);
    await progress.update({ logs: { push: [`Screenshots: failed (${firstLine((error as Error).message)}); the deployment is live all the same.`] } });
  }
}

async function shoot(executablePath: string, db: Services['db'], subdomain: string, source: { projectId: string; deploymentId: string; siteKey: string }): Promise<Record<Theme, Uint8Array<ArrayBuffer>>> {
  const server = await serveDeploymentLocally(db, subdomain, source);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    timeout: PAGE_TIMEOUT_MS,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const shots = {} as Record<Theme, Uint8Array<ArrayBuffer>>;
    for (const theme of THEMES) {
      const context = await browser.newContext({ colorScheme: theme, viewport: VIEWPORT, deviceScaleFactor: 1 });
      try {
        const page = await context.newPage();
        // The page's images may be on other hosts: the screenshot shows the page as served, without waiting on them.
        await page.route((url) => !url.href.startsWith(server.url), (route) => route.abort());
        await page.goto(`${server.url}/`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
        await page.waitForFunction(() => customElements.get('folio-search') !== undefined, undefined, { timeout: 5_000 }).catch(() => undefined);
        shots[theme] = new Uint8Array(await page.screenshot({ type: 'png' }));
      } finally {
        await context.close();
      }
    }
    return shots;
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
  }
}

const firstLine = (text: string) => text.split('\n')[0]!.slice(0, 200);
