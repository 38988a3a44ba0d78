import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_DIST } from '../../widget/build.ts';
import { deployedSite } from '../support/docs-site.ts';
import { ask as askOn, axeViolations, openPage as openOn, search } from './support/chromium.ts';
import { hasChromium, widgetOnFolio } from './support/widget-on-folio.ts';

/**
 * The widget end to end: Folio serving /widget.js and a deployed site (the offline answer model), a
 * customer's page on another origin with one script tag and the two elements, driven in Chromium.
 * Screenshots go to widget/dist/screenshots/.
 */
export const SCREENSHOTS = path.join(WIDGET_DIST, 'screenshots');
const widget = widgetOnFolio((t) => deployedSite(t, 'acme-widget'));

beforeAll(() => {
  if (!hasChromium) return;
  fs.rmSync(SCREENSHOTS, { recursive: true, force: true });
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

const openPage = (options?: Parameters<typeof openOn>[2]) => openOn(widget.browser, widget.host.url, options);
const ask = (page: Page, question: string) => askOn(page, widget.site.subdomain, question);
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
    await page.waitForURL(new RegExp(`^${widget.host.url}custom-domain#`));
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
    expect(await citation.getAttribute('href')).toMatch(new RegExp(`^${widget.host.url}custom-domain`));
    expect(await answer.locator('folio-markdown div').first().textContent()).toContain('CNAME');
    expect(await page.getByRole('status').filter({ hasText: 'Answer:' }).textContent()).toContain('CNAME');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'light-desktop-assistant');

    // The answer's thumbs name it as Folio does: the stream's messageId, in the thread of X-Thread-Id.
    const feedbackSent = page.waitForResponse((response) => response.url().includes('/v1/feedback/'));
    await answer.getByRole('button', { name: 'Helpful', exact: true }).click();
    const feedback = await feedbackSent;
    expect([feedback.status(), await feedback.json()]).toEqual([200, { recorded: true, id: expect.any(String) }]);
    expect(feedback.request().postDataJSON()).toEqual({ source: 'thumbs_only', helpful: true, threadId, messageId: expect.any(String) });
    const answered = await widget.t.db.message.findFirst({ where: { threadId, role: 'assistant' }, select: { id: true } });
    expect(await widget.t.db.feedback.findMany({ where: { threadId }, select: { source: true, helpful: true, messageId: true, caller: true } })).toEqual([
      { source: 'thumbs_only', helpful: true, messageId: answered!.id, caller: 'widget' },
    ]);
    await expect.poll(() => answer.getByRole('status').textContent()).toBe('Thanks for your feedback');

    await page.reload();
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await expect.poll(() => page.locator('folio-chat-message').count()).toBe(2);
    const second = await ask(page, 'and for an apex domain?');
    expect(second.request.postDataJSON()).toMatchObject({ threadId, messages: [{ role: 'user', content: 'and for an apex domain?' }] });
    expect(second.response.headers()['x-thread-id']).toBe(threadId);
    await expect.poll(() => page.locator('folio-chat-message').count()).toBe(4);
    expect(await page.locator('folio-chat-message').nth(3).locator('folio-markdown div').first().textContent()).toMatch(/A record|76\.76\.21\.21/);
    const stored = await widget.t.db.message.findMany({ where: { threadId }, orderBy: { createdAt: 'asc' }, select: { role: true } });
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    await context.close();
  });

  it("works on Folio's own demo page, under its content security policy, with the site's published key", async () => {
    const context = await widget.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The browser's own request for /favicon.ico is Folio's 404.
    page.on(
      'response',
      (response) => response.status() >= 400 && !response.url().endsWith('/favicon.ico') && errors.push(`${response.status()} ${response.url()}`),
    );
    page.on('console', (message) => message.type() === 'error' && !message.text().startsWith('Failed to load resource') && errors.push(message.text()));
    await page.goto(`${widget.folio.url}/demo/${widget.site.subdomain}`);
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
