import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../../api/browser/find-chromium.ts';
import { deployedSite } from '../support/docs-site.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** Without a Chromium the browser half is skipped (vitest.config.ts says so); the other half needs none. */
const hasChromium = findChromium() !== undefined;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function waitForScreenshotLog(t: TestApp, deploymentId: string) {
  const timer = AbortSignal.timeout(90_000);
  for (;;) {
    const deployment = await t.db.deployment.findUniqueOrThrow({ where: { id: deploymentId } });
    if (deployment.logs.some((line) => line.startsWith('Screenshots:'))) return deployment;
    if (timer.aborted) throw new Error(`no screenshot log line: ${deployment.logs.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const liveDeployment = async (t: TestApp, projectId: string) => (await t.db.project.findUniqueOrThrow({ where: { id: projectId } })).liveDeploymentId!;

describe.runIf(hasChromium)('screenshots with a headless Chromium', () => {
  const isolated = isolatedTestApp({
    isWorker: true,
    env: () => ({ PATH: process.env.PATH ?? '', ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}) }),
  });

  it('takes the home page light and dark after the deployment goes live, and serves them as PNGs', async () => {
    const t = isolated.app;
    const site = await deployedSite(t, 'shots');
    const deployment = await waitForScreenshotLog(t, await liveDeployment(t, site.projectId));
    expect(deployment.logs.at(-1)).toMatch(/^Screenshots: light and dark taken of the home page \(\d+\.\d s\)\.$/);
    const publicUrl = t.runtime.config.publicUrl;
    expect(deployment.screenshotLight).toBe(`${publicUrl}/screenshots/${deployment.id}-light.png`);
    expect(deployment.screenshotDark).toBe(`${publicUrl}/screenshots/${deployment.id}-dark.png`);
    expect(deployment.screenshot).toBe(deployment.screenshotLight); // the site's default theme
    const images: Buffer[] = [];
    for (const url of [deployment.screenshotLight!, deployment.screenshotDark!]) {
      const response = await t.app.fetch(url.replace(publicUrl, 'http://folio.test'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await response.arrayBuffer());
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(png.readUInt32BE(16)).toBe(1280); // IHDR width
      images.push(png);
    }
    expect(images[0]!.equals(images[1]!)).toBe(false);
    const dir = path.join(os.tmpdir(), 'folio-screenshots');
    fs.mkdirSync(dir, { recursive: true });
    for (const [i, png] of images.entries()) fs.writeFileSync(path.join(dir, `home-${i === 0 ? 'light' : 'dark'}.png`), png);
    // Through the status route too, as API clients read them.
    const status = await t.call('GET', `/v1/project/update-status/${deployment.id}`, { key: site.adminKey });
    expect(status.body).toMatchObject({
      screenshot: deployment.screenshot,
      screenshotLight: deployment.screenshotLight,
      screenshotDark: deployment.screenshotDark,
    });
  });

  it('answers 404 for a screenshot that does not exist', async () => {
    const t = isolated.app;
    for (const name of ['nope-light.png', '0123456789abcdef01234567-sepia.png', '..%2F..%2Fetc-light.png']) {
      const answer = await t.call('GET', `/screenshots/${name}`);
      expect([answer.status, answer.body.code]).toEqual([404, 'NOT_FOUND']);
    }
  });
});

describe('screenshots without a browser', () => {
  const isolated = isolatedTestApp({ isWorker: true, env: () => ({ CHROMIUM_PATH: '/nonexistent/chromium' }) });

  it('leaves the fields absent, the deployment live, and says why in its log', async () => {
    const t = isolated.app;
    const site = await deployedSite(t, 'no-shots');
    const deployment = await waitForScreenshotLog(t, await liveDeployment(t, site.projectId));
    expect(deployment.status).toBe('success');
    expect(deployment.logs.at(-1)).toBe('Screenshots: not taken, CHROMIUM_PATH (/nonexistent/chromium) is not an executable file.');
    expect([deployment.screenshot, deployment.screenshotLight, deployment.screenshotDark]).toEqual([null, null, null]);
    const status = await t.call('GET', `/v1/project/update-status/${deployment.id}`, { key: site.adminKey });
    expect(status.body).not.toHaveProperty('screenshot');
  });
});
