import type { Browser } from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import { findChromium } from '../../../api/browser/find-chromium.ts';
import { listen, type RunningServer } from '../../../api/http/server.ts';
import type { CreatedProject } from '../../../api/projects/create-project.ts';
import { ensureWidgetBuilt } from '../../../widget/build.ts';
import { isolatedTestApp, type TestApp } from '../../support/test-app.ts';
import { launchChromium, serveHostPage, type HostPage } from './chromium.ts';

/** Without a Chromium the end-to-end tests are skipped (vitest.config.ts says so). */
export const hasChromium = findChromium() !== undefined;

export interface WidgetOnFolio {
  t: TestApp;
  folio: RunningServer;
  site: CreatedProject;
  host: HostPage;
  browser: Browser;
}

/**
 * The widget end to end, for a test file: Folio serving /widget.js and the site `deploy` deploys (the
 * offline answer model), with this process as worker; Chromium; and a customer's page on another origin
 * with one script tag and the two elements for that site. Started before the file's tests, closed after.
 */
export function widgetOnFolio(deploy: (t: TestApp) => Promise<CreatedProject>): WidgetOnFolio {
  const isolated = isolatedTestApp({ isWorker: true });
  const handle = {} as WidgetOnFolio;
  beforeAll(async () => {
    if (!hasChromium) return;
    await ensureWidgetBuilt();
    handle.t = isolated.app;
    [handle.folio, handle.browser] = await Promise.all([listen(handle.t.app, '127.0.0.1', 0), launchChromium()]);
    handle.site = await deploy(handle.t);
    const { folio, site } = handle;
    handle.host = await serveHostPage(folio.url, `domain="${site.subdomain}" api-key="${site.assistantKey}" base-url="${folio.url}"`);
  });
  afterAll(async () => {
    await handle.browser?.close();
    await handle.host?.close();
    await handle.folio?.close();
  });
  return handle;
}
