import { userEvent } from 'vitest/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeFolio, RESULTS, WIDE_ANSWER } from './support/fake-folio.ts';
import { axeViolations as violations } from './support/axe.ts';
import { afterLayout, cleanPage, emulateMedia, mount, shadowOf, until } from './support/widget-page.ts';

let folio: FakeFolio;
/** A docs page as a site has one: a main landmark with its heading, the widget in it. */
let main: HTMLElement;
beforeEach(() => {
  main = document.createElement('main');
  main.innerHTML = '<h1>Acme Docs</h1><p>Welcome.</p>';
  document.body.append(main);
  folio = new FakeFolio().install();
  folio.results = () => RESULTS;
  document.documentElement.lang = 'en';
  document.title = 'Acme Docs';
});
afterEach(async () => {
  folio.uninstall();
  cleanPage();
  await emulateMedia();
});

describe.each(['light', 'dark'])('axe-core in the %s theme', (theme) => {
  beforeEach(async () => {
    await emulateMedia([{ name: 'prefers-color-scheme', value: theme }]);
  });

  it('finds nothing with the search dialog open and results shown', async () => {
    const search = await mount('folio-search', {}, main);
    expect(await violations()).toEqual([]);
    search.shadowRoot!.querySelector('button')!.click();
    const root = await until(
      () => search.shadowRoot!.querySelector('folio-search-dialog')?.shadowRoot?.querySelector('dialog[open]') && shadowOf(search, 'folio-search-dialog'),
    );
    await userEvent.type(root.querySelector('input')!, 'custom domain');
    await until(() => root.querySelector('[role="listbox"][data-query="custom domain"]') && root.querySelectorAll('[role="option"]').length === 4);
    await userEvent.keyboard('{ArrowDown}');
    expect(await violations()).toEqual([]);
  });

  it('finds nothing with an answer shown', async () => {
    folio.answers.push({
      query: 'custom domain',
      results: RESULTS,
      text: [
        'Add a CNAME record ([Custom domain](/custom-domain#configure-dns)):\n\n```sh\nacme domains add docs.acme.com\n```\n\n- **Apex**: an A record\n- `www`: a CNAME',
      ],
      sources: [{ url: '/custom-domain#configure-dns', title: 'Custom domain' }],
    });
    const assistant = await mount('folio-assistant', {}, main);
    await assistant.ask('How do I use my own domain?');
    const panel = shadowOf(assistant, 'folio-chat-panel');
    await until(() => panel.querySelectorAll('folio-chat-message').length === 2 && panel.querySelector('button[part="send"]')!.textContent!.includes('Send'));
    panel.querySelectorAll('folio-chat-message')[1]!.shadowRoot!.querySelector('details')!.open = true;
    expect(await violations()).toEqual([]);
  });

  it('finds nothing with a code block and a table wider than the answer', async () => {
    folio.answers.push(WIDE_ANSWER);
    const assistant = await mount('folio-assistant', {}, main);
    await assistant.ask('How do I add my domain?');
    const panel = shadowOf(assistant, 'folio-chat-panel');
    await until(() => panel.querySelectorAll('folio-chat-message').length === 2 && panel.querySelector('button[part="send"]')!.textContent!.includes('Send'));
    await afterLayout();
    const markdown = shadowOf(panel.querySelectorAll('folio-chat-message')[1]!, 'folio-markdown');
    const [wide, table] = [markdown.querySelector('pre')!, markdown.querySelector('table')!];
    expect([wide.scrollWidth > wide.clientWidth, table.scrollWidth > table.clientWidth]).toEqual([true, true]);
    expect(await violations()).toEqual([]);
  });
});
