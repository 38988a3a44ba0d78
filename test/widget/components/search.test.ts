import { userEvent } from 'vitest/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeFolio, RESULTS } from './support/fake-folio.ts';
import { BASE_URL, cleanPage, mount, SITE_URL, until } from './support/widget-page.ts';

let folio: FakeFolio;
beforeEach(() => {
  folio = new FakeFolio().install();
  folio.results = () => RESULTS;
});
afterEach(() => {
  folio.uninstall();
  cleanPage();
});

const dialogOf = (search: Element) => search.shadowRoot!.querySelector('folio-search-dialog')?.shadowRoot as ShadowRoot;
const options = (search: Element) => [...dialogOf(search).querySelectorAll('[role="option"]')];
/** Waits for the results of `query` (the listbox names the query its results answer). */
const resultsFor = (search: Element, query: string) =>
  until(() => dialogOf(search).querySelector(`[role="listbox"][data-query="${query}"]`) && options(search));

async function open(search: HTMLElement) {
  search.shadowRoot!.querySelector('button')!.click();
  const input = await until(() => dialogOf(search)?.querySelector('input'));
  await until(() => dialogOf(search).activeElement === input);
  return input;
}

async function openAndType(search: HTMLElement, text: string) {
  const input = await open(search);
  await userEvent.type(input, text);
  return input;
}

/**
 * Keystrokes closer together than the widget's pause (30 ms), as a quick typist's are: one input event
 * per character, all at once. (userEvent.type drives the browser a key at a time, and on a busy machine
 * its keys come further apart than that pause, which is a pause.)
 */
function typeQuickly(input: HTMLInputElement, text: string) {
  for (const character of text) {
    input.value += character;
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: character, inputType: 'insertText' }));
  }
}

describe('<folio-search>', () => {
  it('opens a modal dialog from its button, with the combobox focused', async () => {
    const search = await mount('folio-search');
    const button = search.shadowRoot!.querySelector('button')!;
    expect(button.textContent).toContain('Search');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    button.click();
    const dialog = await until(() => dialogOf(search)?.querySelector('dialog[open]'));
    expect(dialog.matches(':modal')).toBe(true);
    const input = dialogOf(search).querySelector('input')!;
    expect(dialogOf(search).activeElement).toBe(input);
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-controls')).toBe('listbox');
  });

  it('searches as you type: one request after a pause, stale requests aborted, with the version and language', async () => {
    folio.searchDelayMs = 300;
    const search = await mount('folio-search', { version: 'v2', language: 'fr' });
    const input = await open(search);
    typeQuickly(input, 'cus');
    await until(() => folio.searches().length === 1); // the first request is in flight
    typeQuickly(input, 'tom');
    await until(() => folio.searches().length === 2 && options(search).length > 1);
    const searches = folio.searches();
    expect(searches.map((request) => request.body.query)).toEqual(['cus', 'custom']);
    expect(searches[0]!.signal!.aborted).toBe(true);
    expect(searches[1]!.url).toBe(`${BASE_URL}/v1/search/acme`);
    expect(searches[1]!.body).toEqual({ query: 'custom', pageSize: 10, filter: { version: 'v2', language: 'fr' } });
    expect(searches[1]!.headers.get('authorization')).toBe('Bearer folio_assistant_test');
    expect(searches.map((request) => request.headers.get('x-folio-search'))).toEqual(['typing', 'typing']);
    expect(folio.settledSearches()).toEqual([]);
  });

  it('groups results by page, highlights the matched words and announces the count', async () => {
    const search = await mount('folio-search');
    await openAndType(search, 'custom domain');
    await resultsFor(search, 'custom domain');
    const root = dialogOf(search);
    const groups = [...root.querySelectorAll('[role="listbox"] > [role="group"]')];
    expect(groups.map((group) => root.getElementById(group.getAttribute('aria-labelledby')!)!.textContent)).toEqual([
      'Guides › Custom domain',
      'Guides › Quickstart',
    ]);
    expect(groups[0]!.querySelectorAll('[role="option"]')).toHaveLength(2);
    const first = options(search)[1]!;
    expect(first.textContent).toContain('Configure dns');
    expect([...first.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['domain']);
    expect([...options(search)[2]!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['domain']);
    expect(options(search)[0]!.textContent).toContain('Ask the assistant');
    expect(root.querySelector('[role="status"]')!.textContent).toBe('3 results on 2 pages.');
  });

  it('moves through the options with the arrow keys and opens the active one with Enter', async () => {
    const search = await mount('folio-search');
    const input = await openAndType(search, 'domain');
    await resultsFor(search, 'domain');
    expect(input.getAttribute('aria-activedescendant')).toBe('option-1');
    expect(options(search)[1]!.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe('option-2');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(input.getAttribute('aria-activedescendant')).toBe('option-0');
    await userEvent.keyboard('{ArrowUp}');
    expect(input.getAttribute('aria-activedescendant')).toBe('option-3');
    const navigated: string[] = [];
    window.addEventListener(
      'folio-navigate',
      (event) => {
        event.preventDefault();
        navigated.push((event as CustomEvent<{ url: string }>).detail.url);
      },
      { once: true },
    );
    await userEvent.keyboard('{ArrowUp}{Enter}');
    // Results are shown grouped: option 2 is the second result of the first page.
    expect(navigated).toEqual([`${SITE_URL}/custom-domain#verify`]);
    expect(dialogOf(search).querySelector('dialog')!.open).toBe(false);
    // The site's analytics hear which result was opened for which query, from the widget.
    expect(folio.clicks().map((click) => click.body)).toEqual([{ query: 'domain', path: '/custom-domain#verify' }]);
    expect(folio.clicks()[0]!.headers.get('x-folio-client')).toBe('widget');
    // And the search the reader settled on, once: the searches as they typed are not counted.
    expect(folio.settledSearches().map((request) => request.body)).toEqual([{ query: 'domain', pageSize: 10 }]);
  });

  it('reports the query the reader leaves the dialog with, once', async () => {
    const search = await mount('folio-search');
    await openAndType(search, 'domain');
    await resultsFor(search, 'domain');
    expect(folio.settledSearches()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await until(() => folio.settledSearches().length === 1);
    expect(folio.settledSearches()[0]!.body).toEqual({ query: 'domain', pageSize: 10 });
    expect(folio.settledSearches()[0]!.headers.get('x-folio-client')).toBe('widget');
    search.shadowRoot!.querySelector('button')!.click();
    await until(() => dialogOf(search).querySelector('dialog[open]'));
    await userEvent.keyboard('{Escape}');
    await until(() => !dialogOf(search).querySelector('dialog[open]'));
    expect(folio.settledSearches()).toHaveLength(1); // nothing new was searched
  });

  it('keeps recent searches in this browser and offers them in an empty dialog', async () => {
    const search = await mount('folio-search');
    await openAndType(search, 'domain');
    await until(() => options(search).length === 4);
    window.addEventListener('folio-navigate', (event) => event.preventDefault(), { once: true });
    await userEvent.keyboard('{Enter}');
    search.shadowRoot!.querySelector('button')!.click();
    const input = await until(() => dialogOf(search).querySelector('dialog[open] input') as HTMLInputElement | null);
    await userEvent.clear(input);
    await until(() => options(search).length === 1);
    expect(options(search)[0]!.textContent).toContain('domain');
    expect(dialogOf(search).getElementById('recent-title')!.textContent).toBe('Recent searches');
    expect(JSON.parse(localStorage.getItem(`folio:recent:${BASE_URL}:acme`)!)).toEqual(['domain']);
  });

  it('opens on Ctrl+K and on /, but not on / typed in a field of the page', async () => {
    const field = document.createElement('input');
    document.body.append(field);
    const search = await mount('folio-search');
    field.focus();
    await userEvent.keyboard('/');
    expect(dialogOf(search)?.querySelector('dialog[open]') ?? null).toBeNull();
    expect(field.value).toBe('/');
    field.blur();
    await userEvent.keyboard('/');
    await until(() => dialogOf(search).querySelector('dialog[open]'));
    await userEvent.keyboard('{Escape}');
    await until(() => !dialogOf(search).querySelector('dialog[open]'));
    await userEvent.keyboard('{Control>}k{/Control}');
    await until(() => dialogOf(search).querySelector('dialog[open]'));
  });

  it('keeps focus inside while open (the page behind is inert)', async () => {
    const outside = document.createElement('a');
    outside.href = '#outside';
    outside.textContent = 'A link of the page';
    document.body.prepend(outside);
    const search = await mount('folio-search');
    await openAndType(search, 'domain');
    await until(() => options(search).length === 4);
    const focused = [];
    for (const key of ['{Tab}', '{Tab}', '{Tab}', '{Shift>}{Tab}{/Shift}', '{Shift>}{Tab}{/Shift}', '{Shift>}{Tab}{/Shift}']) {
      await userEvent.keyboard(key);
      expect(document.activeElement).toBe(search);
      focused.push(dialogOf(search).activeElement!.getAttribute('aria-label'));
    }
    // Round and round: the input, its Close button, the input again, and back.
    expect(focused).toEqual(['Close', 'Search the documentation', 'Close', 'Search the documentation', 'Close', 'Search the documentation']);
    expect(outside.matches(':focus')).toBe(false);
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const search = await mount('folio-search');
    const button = search.shadowRoot!.querySelector('button')!;
    button.focus();
    await userEvent.keyboard('{Enter}');
    await until(() => dialogOf(search)?.querySelector('dialog[open]'));
    await userEvent.keyboard('{Escape}');
    await until(() => !dialogOf(search).querySelector('dialog[open]'));
    expect(document.activeElement).toBe(search);
    expect(search.shadowRoot!.activeElement).toBe(button);
  });

  it('says when nothing matched, and shows refusals in words (429 with its wait)', async () => {
    folio.results = () => [];
    const search = await mount('folio-search');
    await openAndType(search, 'zebra');
    await until(() => dialogOf(search).textContent!.includes('No results for “zebra”.'));
    expect(dialogOf(search).querySelector('[role="status"]')!.textContent).toBe('No results for zebra.');
    expect(options(search).map((option) => option.textContent!.trim())).toEqual([expect.stringContaining('Ask the assistant')]);

    folio.searchReply = () => Response.json({ error: 'Too many requests.', code: 'RATE_LIMITED' }, { status: 429, headers: { 'retry-after': '12' } });
    await userEvent.type(dialogOf(search).querySelector('input')!, 's');
    const error = await until(() => dialogOf(search).querySelector('[part="error"]'));
    expect(error.textContent).toBe('Too many requests. Try again in 12 seconds.');
    expect(dialogOf(search).querySelector('[role="status"]')!.textContent).toBe('Too many requests. Try again in 12 seconds.');
  });

  it('hands the query to <folio-assistant>', async () => {
    const search = await mount('folio-search');
    const asked: string[] = [];
    window.addEventListener(
      'folio-ask',
      (event) => {
        event.preventDefault();
        asked.push(event.detail.query);
      },
      { once: true },
    );
    await openAndType(search, 'apex domain');
    await resultsFor(search, 'apex domain');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(asked).toEqual(['apex domain']);
    // A question for the assistant, recorded as one: not a search as well.
    expect(folio.settledSearches()).toEqual([]);
  });
});
