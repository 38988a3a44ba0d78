import type { Page, Request } from 'playwright';
import { describe, expect, it } from 'vitest';
import { deployedSite } from '../support/docs-site.ts';
import { openPage } from './support/chromium.ts';
import { hasChromium, widgetOnFolio } from './support/widget-on-folio.ts';

/**
 * What the widget's searches leave in the site's analytics, typed a key at a time in Chromium against
 * Folio: the widget searches at every pause in the typing, and the site records one search, the one the
 * reader settled on (they left the dialog, opened a result, or stopped typing).
 */
const widget = widgetOnFolio((t) => deployedSite(t, 'acme-typed'));

const isSearch = (request: Request, intent: 'typing' | 'settled') =>
  request.url().endsWith('/v1/search/acme-typed') && request.headers()['x-folio-search'] === intent;

/** Opens the search dialog and types `query` a key at a time, 30 ms apart, until its results are shown; the searches it sent. */
async function typeSearch(page: Page, query: string): Promise<Request[]> {
  const sent: Request[] = [];
  page.on('request', (request) => isSearch(request, 'typing') && sent.push(request));
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox', { name: 'Search the documentation' }).pressSequentially(query, { delay: 30 });
  await page.locator(`[role="listbox"][data-query="${query}"] [role="option"]`).nth(1).waitFor();
  return sent;
}

/** The searches the site recorded, oldest first. */
async function recorded() {
  await widget.t.runtime.analytics.flush();
  return widget.t.db.searchEvent.findMany({
    where: { projectId: widget.site.projectId },
    orderBy: { createdAt: 'asc' },
    select: { query: true, caller: true },
  });
}

describe.runIf(hasChromium)('searches typed into the widget', () => {
  it('leave one search in the reports when the reader types "custom domain" and leaves the dialog', async () => {
    const { context, page } = await openPage(widget.browser, widget.host.url);
    const typed = await typeSearch(page, 'custom domain');
    expect(typed.length).toBeGreaterThan(1); // the widget searched as the reader typed
    const settled = page.waitForRequest((request) => isSearch(request, 'settled'));
    await page.keyboard.press('Escape');
    expect((await settled).postDataJSON()).toEqual({ query: 'custom domain', pageSize: 10 });
    await expect.poll(recorded).toEqual([{ query: 'custom domain', caller: 'widget' }]);
    const report = await widget.t.call('GET', `/v1/analytics/${widget.site.projectId}/searches`, { key: widget.site.adminKey });
    expect(report.body).toMatchObject({ totalSearches: 1, searches: [{ searchQuery: 'custom domain', hits: 1 }] });
    await context.close();
  });

  it('leave the search and the result opened when the reader opens one', async () => {
    const { context, page } = await openPage(widget.browser, widget.host.url);
    await typeSearch(page, 'fonts');
    // The page handles the navigation itself (as a single-page app's router does): a page that leaves
    // may go before its last requests are seen, and the requests are what this test reads.
    await page.evaluate(() => document.addEventListener('folio-navigate', (event) => event.preventDefault()));
    const clicked = page.waitForRequest((request) => request.url().endsWith('/v1/search/acme-typed/click'));
    await page.keyboard.press('Enter');
    expect((await clicked).postDataJSON()).toEqual({ query: 'fonts', path: expect.stringMatching(/^\/fonts/) });
    await expect.poll(recorded).toEqual([
      { query: 'custom domain', caller: 'widget' },
      { query: 'fonts', caller: 'widget' },
    ]);
    await context.close();
  });

  it('leave the search the reader stopped typing at', async () => {
    const { context, page } = await openPage(widget.browser, widget.host.url);
    const settled = page.waitForRequest((request) => isSearch(request, 'settled'), { timeout: 15_000 });
    await typeSearch(page, 'verification');
    expect((await settled).postDataJSON()).toMatchObject({ query: 'verification' });
    await expect.poll(recorded).toEqual([
      { query: 'custom domain', caller: 'widget' },
      { query: 'fonts', caller: 'widget' },
      { query: 'verification', caller: 'widget' },
    ]);
    await context.close();
  });
});
