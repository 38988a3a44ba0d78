import { userEvent } from 'vitest/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeFolio, result } from './support/fake-folio.ts';
import { cleanPage, mount, shadowOf, SITE_URL, until } from './support/widget-page.ts';

/**
 * Answers quote documents, and documents are written by anyone with access to the docs repository:
 * neither may run script, load frames or images, or carry a dangerous link into the reader's page.
 */
declare global {
  interface Window {
    pwned?: string;
  }
}

const HOSTILE_MARKDOWN = [
  'Hello <script>window.pwned = "script"</script> there.',
  '<img src="x" onerror="window.pwned = \'img\'"> <iframe src="javascript:window.pwned=\'iframe\'"></iframe>',
  '<svg onload="window.pwned = \'svg\'"></svg> <style>* { display: none !important }</style>',
  '<form action="https://evil.example"><input name="password"><button>Go</button></form>',
  "[click me](javascript:window.pwned='link') [data](data:text/html,<script>alert(1)</script>) [vb](vbscript:msgbox)",
  '<a href="javascript:window.pwned=\'raw link\'">raw</a> [protocol-relative](//evil.example/x) ![tracker](https://evil.example/pixel.png)',
  '[a page](/custom-domain#verify) [outside](https://example.com/docs)',
].join('\n\n');

let folio: FakeFolio;
beforeEach(() => {
  folio = new FakeFolio().install();
  window.pwned = undefined;
});
afterEach(() => {
  folio.uninstall();
  cleanPage();
});

/** Every element of a shadow tree and the shadow trees below it. */
function allElements(root: ShadowRoot | Element): Element[] {
  const found: Element[] = [];
  for (const element of root.querySelectorAll('*')) {
    found.push(element);
    if (element.shadowRoot) found.push(...allElements(element.shadowRoot));
  }
  return found;
}

/** Checks what the widget rendered from the content (not its own controls, such as the composer's form). */
function expectInert(root: ShadowRoot | Element) {
  const elements = allElements(root);
  expect(elements.filter((element) => ['SCRIPT', 'IFRAME', 'IMG', 'FORM', 'OBJECT', 'EMBED', 'STYLE', 'LINK'].includes(element.tagName))).toEqual([]);
  expect(elements.filter((element) => element.tagName === 'svg' && element.hasAttribute('onload'))).toEqual([]);
  expect(
    elements.flatMap((element) => [...element.attributes].filter((attribute) => attribute.name.startsWith('on')).map((attribute) => attribute.name)),
  ).toEqual([]);
  const hrefs = elements.filter((element) => element instanceof HTMLAnchorElement).map((link) => (link as HTMLAnchorElement).href);
  for (const href of hrefs) expect(href).toMatch(/^https:\/\//);
  return hrefs;
}

describe('hostile content renders inert', () => {
  it('in an answer: HTML shows as text, scripts and handlers never run, only safe links stay', async () => {
    folio.answers.push({
      query: '<img src=x onerror="window.pwned=\'query\'">',
      results: [result('/custom-domain#verify', '<b onmouseover="window.pwned=1">Custom domain</b>', 'text')],
      text: [HOSTILE_MARKDOWN],
      sources: [
        { url: 'javascript:window.pwned="source"', title: '<img src=x onerror="window.pwned=\'source title\'">' },
        { url: '/custom-domain#verify', title: 'Custom domain' },
      ],
    });
    const assistant = await mount('folio-assistant');
    await assistant.open();
    const panel = shadowOf(assistant, 'folio-chat-panel');
    await userEvent.type(panel.querySelector('textarea')!, 'Tell me <script>window.pwned="question"</script>{Enter}');
    const answer = await until(() => panel.querySelectorAll('folio-chat-message')[1]?.shadowRoot?.querySelector('.sources'));
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(window.pwned).toBeUndefined();
    const hrefs = [...panel.querySelectorAll('folio-chat-message')].flatMap((message) => expectInert(message.shadowRoot!));
    expect(hrefs).toEqual([
      `${SITE_URL}/custom-domain#verify`, // the search step's result
      `${SITE_URL}/custom-domain#verify`, // the answer's page link
      'https://example.com/docs',
      `${SITE_URL}/custom-domain#verify`, // the citation
    ]);
    const markdown = panel.querySelectorAll('folio-chat-message')[1]!.shadowRoot!.querySelector('folio-markdown')!.shadowRoot!;
    expect(markdown.textContent).toContain('<script>window.pwned = "script"</script>');
    expect(markdown.textContent).toContain('<img src="x" onerror=');
    expect(markdown.textContent).toContain('click me');
    expect(markdown.textContent).toContain('tracker');
    expect(answer.textContent).toContain('<img src=x onerror=');
    expect(panel.querySelector('folio-chat-message')!.shadowRoot!.textContent).toContain('Tell me <script>');
  });

  it('in search results: titles and text are text, and a result that is not a page route goes nowhere', async () => {
    folio.results = () => [
      result('javascript:window.pwned="path"', 'Evil', 'evil <img src=x onerror="window.pwned=\'snippet\'">'),
      result('//evil.example/page', '<script>window.pwned="title"</script>', 'evil page'),
    ];
    const search = await mount('folio-search');
    search.shadowRoot!.querySelector('button')!.click();
    const root = await until(() => search.shadowRoot!.querySelector('folio-search-dialog')?.shadowRoot);
    await userEvent.type(root.querySelector('input')!, 'evil');
    await until(() => root.querySelectorAll('[role="option"]').length === 3);
    expect(root.textContent).toContain('<script>window.pwned="title"</script>');
    expect(root.textContent).toContain('<img src=x onerror=');
    expectInert(root.querySelector('[role="listbox"]')!);
    const navigated: string[] = [];
    window.addEventListener('folio-navigate', (event) => navigated.push((event as CustomEvent<{ url: string }>).detail.url));
    await userEvent.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(navigated).toEqual([]);
    expect(window.pwned).toBeUndefined();
  });
});
