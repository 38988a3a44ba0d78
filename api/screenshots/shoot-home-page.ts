import { chromium } from 'playwright-core';
import { HEADLESS_CHROMIUM_ARGS } from '../browser/find-chromium.ts';
import type { Services } from '../services.ts';
import { serveDeploymentLocally } from './site-server.ts';
import { THEMES, type Theme } from './themes.ts';

const VIEWPORT = { width: 1280, height: 800 };
const PAGE_TIMEOUT_MS = 30_000;

/** The site's home page, light and dark, as PNGs: served on 127.0.0.1 from this process, opened in headless Chromium. */
export async function shootHomePage(
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
    args: HEADLESS_CHROMIUM_ARGS,
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
