import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../api/browser/find-chromium.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { ensureWidgetBuilt, WIDGET_DIST } from '../../widget/build.ts';
import { deployedSite } from '../support/docs-site.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';
import { axeViolations, launchChromium, serveHostPage, type HostPage } from './support/chromium.ts';

/**
 * The widget end to end: Folio serving /widget.js and a deployed site (the offline answer model), a
 * customer's page on another origin with one script tag and the two elements, driven in Chromium.
 * Screenshots go to widget/dist/screenshots/.
 */
export const SCREENSHOTS = path.join(WIDGET_DIST, 'screenshots');
/** Without a Chromium these tests are skipped (vitest.config.ts says so). */
const hasChromium = findChromium() !== undefined;

const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let folio: RunningServer;
let site: CreatedProject;
let host: HostPage;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  await ensureWidgetBuilt();
  t = isolated.app;
  [folio, browser] = await Promise.all([listen(t.app, '127.0.0.1', 0), launchChromium()]);
  site = await deployedSite(t, 'acme-widget');
  host = await serveHostPage(folio.url, `domain="${site.subdomain}" api-key="${site.assistantKey}" base-url="${folio.url}"`);
  fs.rmSync(SCREENSHOTS, { recursive: true, force: true });
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
  await folio?.close();
});

async function openPage(options: { colorScheme?: 'light' | 'dark'; isPhone?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.isPhone ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    hasTouch: options.isPhone,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Search' }).waitFor();
  expect(errors).toEqual([]);
  return { context, page };
}

async function search(page: Page, query: string) {
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox', { name: 'Search the documentation' }).fill(query);
  await page.locator(`[role="listbox"][data-query="${query}"] [role="option"]`).nth(1).waitFor();
}

async function ask(page: Page, question: string) {
  const response = page.waitForResponse((answer) => answer.url().endsWith(`/v1/assistant/${site.subdomain}/message`));
  const request = page.waitForRequest((sent) => sent.url().endsWith(`/v1/assistant/${site.subdomain}/message`));
  await page.getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Send' }).waitFor();
  return { request: await request, response: await response };
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

describe.runIf(hasChromium)('the widget on a page of another origin, against Folio', () => {
  it('searches, answers with citations, and continues the thread after a reload', async () => {
    const { context, page } = await openPage();

    await search(page, 'custom domain');
    expect(await page.locator('[role="listbox"] [role="group"]').first().textContent()).toContain('Custom domain');
    expect(await page.locator('[role="listbox"] mark').first().textContent()).toMatch(/domain/i);
    expect(await page.getByRole('status').filter({ hasText: 'results' }).textContent()).toMatch(/^\d+ results? on \d pages?\.$/);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'light-desktop-search');

    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`^${host.url}custom-domain#`));
    await page.goBack();
    await page.getByRole('button', { name: 'Ask AI' }).click();

    const first = await ask(page, 'How do I set up a custom domain?');
    expect(first.response.status()).toBe(200);
    expect(first.response.headers()['x-vercel-ai-data-stream']).toBe('v1');
    const threadId = first.response.headers()['x-thread-id']!;
    expect(threadId).toMatch(/^[0-9a-f]{32}$/);
    const answer = page.locator('folio-chat-message').nth(1);
    await expect.poll(() => answer.locator('details summary').textContent()).toMatch(/Searched for “.+”: \d+ results?/);
    const citation = answer.locator('.sources a').first();
    expect(await citation.getAttribute('href')).toMatch(new RegExp(`^${host.url}custom-domain`));
    expect(await answer.locator('folio-markdown div').first().textContent()).toContain('CNAME');
    expect(await page.getByRole('status').filter({ hasText: 'Answer:' }).textContent()).toContain('CNAME');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'light-desktop-assistant');

    await page.reload();
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await expect.poll(() => page.locator('folio-chat-message').count()).toBe(2);
    const second = await ask(page, 'and for an apex domain?');
    expect(second.request.postDataJSON()).toMatchObject({ threadId, messages: [{ role: 'user', content: 'and for an apex domain?' }] });
    expect(second.response.headers()['x-thread-id']).toBe(threadId);
    await expect.poll(() => page.locator('folio-chat-message').count()).toBe(4);
    expect(await page.locator('folio-chat-message').nth(3).locator('folio-markdown div').first().textContent()).toMatch(/A record|76\.76\.21\.21/);
    const stored = await t.db.message.findMany({ where: { threadId }, orderBy: { createdAt: 'asc' }, select: { role: true } });
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    await context.close();
  });

  it("works on Folio's own demo page, under its content security policy, with the site's published key", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The browser's own request for /favicon.ico is Folio's 404.
    page.on('response', (response) => response.status() >= 400 && !response.url().endsWith('/favicon.ico') && errors.push(`${response.status()} ${response.url()}`));
    page.on('console', (message) => message.type() === 'error' && !message.text().startsWith('Failed to load resource') && errors.push(message.text()));
    await page.goto(`${folio.url}/demo/${site.subdomain}`);
    await search(page, 'fonts');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Ask AI' }).click();
    const { response } = await ask(page, 'How do I change the font?');
    expect(response.status()).toBe(200);
    await page.locator('folio-chat-message').nth(1).locator('.sources a').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('passes axe-core in dark, and looks right in light and dark on a desktop and a 360 px phone', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const isPhone of [false, true]) {
        if (colorScheme === 'light' && !isPhone) continue; // taken above
        const { context, page } = await openPage({ colorScheme, isPhone });
        const name = `${colorScheme}-${isPhone ? 'phone' : 'desktop'}`;
        await search(page, 'custom domain');
        if (!isPhone) expect(await axeViolations(page)).toEqual([]);
        await shot(page, `${name}-search`);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Ask AI' }).click();
        await ask(page, 'How do I change the font?');
        await page.locator('folio-chat-message').nth(1).locator('.sources a').first().waitFor();
        if (!isPhone) expect(await axeViolations(page)).toEqual([]);
        await shot(page, `${name}-assistant`);
        if (isPhone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await context.close();
      }
    }
    for (const name of ['dark-desktop', 'dark-phone', 'light-phone']) {
      for (const part of ['search', 'assistant']) expect(fs.statSync(path.join(SCREENSHOTS, `${name}-${part}.png`)).size).toBeGreaterThan(5000);
    }
  });
});
