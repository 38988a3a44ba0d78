import type { Browser } from 'playwright';
import { findChromium } from '../../../api/browser/find-chromium.ts';
import { listen, type RunningServer } from '../../../api/http/server.ts';
import { ensureWidgetBuilt } from '../../../widget/build.ts';
import { axeViolations, launchChromium } from '../../widget/support/chromium.ts';
import type { TestApp } from '../test-app.ts';
import { findingsOf, type Finding } from './finding.ts';
import type { SiteSnapshot } from './site-snapshot.ts';

/** What axe checks that the page's author decides, not Folio: the levels of the headings they wrote. */
const AUTHORED_RULES = new Set(['heading-order']);

/** A Chromium and the app on a port of its own, shared by every site's check. */
export interface Browsing {
  browser: Browser;
  server: RunningServer;
  close(): Promise<void>;
}

/** Chromium (CHROMIUM_PATH or the PATH) driving the app over HTTP; undefined when the machine has none. */
export async function openBrowsing(t: TestApp): Promise<Browsing | undefined> {
  if (findChromium() === undefined) return undefined;
  await ensureWidgetBuilt();
  const [server, browser] = await Promise.all([listen(t.app, '127.0.0.1', 0), launchChromium()]);
  return {
    browser,
    server,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * axe-core finds no violation in Folio's rendering of the site's home page and of its first API
 * reference page (the first page, by route, with an `api-endpoint` element), in light and in dark, the
 * widget loaded. Folio's rendering: the page as Folio writes and styles it, without the site's own
 * stylesheet (`/_folio/site.css`: the Tailwind classes and CSS files the repository chose, such as
 * `text-gray-400` on white or a pink for inline code, which fail contrast on Mintlify too), and without
 * `heading-order` (the heading levels the author wrote).
 */
export async function accessibilityFindings(site: SiteSnapshot, browsing: Browsing): Promise<Finding[]> {
  const finding = findingsOf('accessibility', site.name);
  const apiPage = site.pages.find((page) => page.text.endpoints.length > 0);
  const routes = ['/', ...(apiPage ? [apiPage.route] : [])];
  const findings: Finding[] = [];
  for (const route of routes) {
    for (const colorScheme of ['light', 'dark'] as const) {
      // The site's policy is bypassed so that axe-core can be injected; nothing else differs.
      const context = await browsing.browser.newContext({ colorScheme, viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, bypassCSP: true });
      try {
        await context.route('**/_folio/site.css*', (request) => request.abort());
        const page = await context.newPage();
        const answer = await page.goto(`${browsing.server.url}/sites/${site.subdomain}${route === '/' ? '/' : route}`);
        if (answer?.status() !== 200) {
          findings.push(finding(route, `answers ${answer?.status()} in Chromium`, colorScheme, 100));
          continue;
        }
        // The widget's search button is part of every page; a page without script still gets checked.
        await page
          .getByRole('button', { name: 'Search' })
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        for (const violation of (await axeViolations(page)).filter((found) => !AUTHORED_RULES.has(found.id))) {
          const nodes = violation.nodes.slice(0, 3).join(' ');
          findings.push(
            finding(
              route,
              `axe: ${violation.id} (${colorScheme})`,
              `${violation.nodes.length} node(s): ${nodes}${violation.nodes.length > 3 ? ' …' : ''}`,
              violation.nodes.length,
            ),
          );
        }
      } finally {
        await context.close();
      }
    }
  }
  return findings;
}
