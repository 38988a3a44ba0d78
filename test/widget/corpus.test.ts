import type { Locator, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { createProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { CORPUS, makeRepo } from '../support/git-repo.ts';
import { ask, axeViolations, openPage, search } from './support/chromium.ts';
import { hasChromium, widgetOnFolio } from './support/widget-on-folio.ts';

/**
 * The widget on the bundled mintlify-docs corpus (1,142 files) deployed in a real Folio, at 1280×800:
 * what the small site of e2e.test.ts never shows, a results list longer than the dialog and an answer
 * quoting a code line wider than the panel, each a region that scrolls and must be reachable and
 * scrollable by keyboard (axe-core's scrollable-region-focusable).
 */

/** Ten results over several pages, more than the dialog shows at 800 px. */
const QUERY = 'custom domain';
/** The offline model answers it with /guides/accessibility's alt-text example, a line of 111 characters. */
const QUESTION = 'Clicking a screenshot blows it up to full screen. How do I turn that off for one image?';

const widget = widgetOnFolio(async (t) => {
  const site = await createProject(t.db, { name: 'Mintlify', subdomain: 'mintlify-widget', repo: makeRepo({ copyFrom: CORPUS }).dir });
  expect((await deployAndWait(t, site.projectId)).status).toBe('success');
  return site;
});

/**
 * Where `element` is for the reader: above, in or below what the window shows of the nearest ancestor
 * that scrolls it, and which that is (`in view: #listbox`).
 */
const placeInView = (element: Locator) =>
  element.evaluate((node) => {
    let scroller = node.parentElement;
    while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    if (!scroller) return 'not scrolled';
    const box = node.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    const place = box.bottom > Math.min(view.bottom, innerHeight) ? 'below' : box.top < Math.max(view.top, 0) ? 'above' : 'in view';
    return `${place}: ${scroller.id ? `#${scroller.id}` : `.${scroller.className}`}`;
  });

/** The element that has focus, through the widget's shadow roots, as `tag` or `tag#id`. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    return element ? `${element.localName}${element.id ? `#${element.id}` : ''}` : 'none';
  });

describe.runIf(hasChromium)('the widget on the mintlify-docs corpus at 1280×800', () => {
  it.each(['light', 'dark'] as const)(
    'in %s, a results list longer than the dialog passes axe-core, and the arrow keys walk every result into view with focus in the input',
    async (colorScheme) => {
      const { context, page } = await openPage(widget.browser, widget.host.url, { colorScheme });
      await search(page, QUERY);
      const input = page.getByRole('combobox', { name: 'Search the documentation' });
      const options = page.locator('[role="listbox"] [role="option"]');
      const count = await options.count();
      expect(count).toBe(11);
      expect(await placeInView(options.last())).toMatch(/^below: /);

      expect(await axeViolations(page)).toEqual([]);

      // What scrolls is the listbox the input controls: the combobox's popup, which its arrow keys scroll.
      expect(await input.getAttribute('aria-controls')).toBe('listbox');
      expect(await placeInView(options.last())).toBe('below: #listbox');

      for (let index = 2; index < count; index++) {
        await page.keyboard.press('ArrowDown');
        const active = options.nth(index);
        expect(await input.getAttribute('aria-activedescendant')).toBe(`option-${index}`);
        expect(await active.getAttribute('aria-selected')).toBe('true');
        expect(await placeInView(active)).toBe('in view: #listbox');
      }
      expect(await focused(page)).toBe('input');
      await page.keyboard.press('ArrowDown');
      expect(await input.getAttribute('aria-activedescendant')).toBe('option-0');
      expect(await placeInView(options.first())).toBe('in view: #listbox');
      await context.close();
    },
  );

  it.each(['light', 'dark'] as const)(
    'in %s, an answer quoting a code line wider than the panel passes axe-core, and Tab reaches the code, which the arrow keys scroll',
    async (colorScheme) => {
      const { context, page } = await openPage(widget.browser, widget.host.url, { colorScheme });
      await page.getByRole('button', { name: 'Ask AI' }).click();
      expect((await ask(page, widget.site.subdomain, QUESTION)).response.status()).toBe(200);
      const answer = page.locator('folio-chat-message').nth(1);
      await answer.locator('.sources a').first().waitFor();
      const code = answer.locator('folio-markdown pre').filter({ hasText: 'three active projects' });
      expect(await code.evaluate((pre) => pre.scrollWidth - pre.clientWidth)).toBeGreaterThan(100);

      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'New conversation' }).focus();
      for (let presses = 0; presses < 30 && !(await code.evaluate((pre) => pre.matches(':focus'))); presses++) await page.keyboard.press('Tab');
      expect(await answer.getByRole('group', { name: 'Code', exact: true }).evaluate((group) => group.matches(':focus-visible'))).toBe(true);
      expect(await code.evaluate((pre) => getComputedStyle(pre).outlineStyle)).toBe('solid');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => code.evaluate((pre) => pre.scrollLeft)).toBeGreaterThan(0);
      await context.close();
    },
  );
});
