import { page, userEvent } from 'vitest/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolioPageMenu } from '../../../widget/elements/folio-page-menu.ts';
import { axeViolations as violations } from './support/axe.ts';
import { cleanPage, emulateMedia, until } from './support/widget-page.ts';

const MARKDOWN_URL = '/sites/acme/customize/custom-domain.md';
const MCP_URL = 'http://localhost:3000/sites/acme/mcp';
const MARKDOWN = '# Custom domain\n\nAdd a CNAME record pointing `docs` to `cname.acme.dev`.\n';

/** What the site's stylesheet gives the tag (api/sites/site-styles.ts): a row of its own, as tall as the buttons. */
const SITE_CSS = 'folio-page-menu { display: block; min-height: 2rem; margin: 0 0 0.75rem; }';

/** A docs page's header as the server writes it, the page menu under the title. */
let main: HTMLElement;
let siteStyle: HTMLStyleElement;
async function mount(attributes = `markdown-url="${MARKDOWN_URL}" mcp-url="${MCP_URL}" theme="auto"`): Promise<FolioPageMenu> {
  main.innerHTML = `<article><header><h1>Custom domain</h1><folio-page-menu ${attributes}><a href="${MARKDOWN_URL}">View as Markdown</a></folio-page-menu></header><p>Point <a href="#dns">your DNS</a> at Acme.</p></article>`;
  const menu = main.querySelector('folio-page-menu')!;
  await menu.updateComplete;
  return menu;
}

/** The page's Markdown route: `fetch` answers it (`reply`) and passes anything else on. */
let requests: Request[];
let reply: () => Response;
const realFetch = globalThis.fetch;
let copied: string[];
let events: string[];
const onCopy = (event: Event) => events.push((event as CustomEvent<{ what: string }>).detail.what);

beforeEach(() => {
  main = document.createElement('main');
  document.body.append(main);
  siteStyle = document.createElement('style');
  siteStyle.textContent = SITE_CSS;
  document.head.append(siteStyle);
  document.documentElement.lang = 'en';
  document.title = 'Custom domain';
  requests = [];
  reply = () => new Response(MARKDOWN, { headers: { 'content-type': 'text/markdown; charset=utf-8' } });
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname !== MARKDOWN_URL) return realFetch(input, init);
    requests.push(request);
    return reply();
  };
  copied = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
  events = [];
  document.addEventListener('folio-copy', onCopy);
});
afterEach(async () => {
  globalThis.fetch = realFetch;
  Reflect.deleteProperty(navigator, 'clipboard');
  document.removeEventListener('folio-copy', onCopy);
  siteStyle.remove();
  cleanPage();
  await emulateMedia();
  await page.viewport(1280, 800);
});

const copyButton = (menu: FolioPageMenu) => menu.shadowRoot!.querySelector<HTMLButtonElement>('[part~="copy"]')!;
const trigger = (menu: FolioPageMenu) => menu.shadowRoot!.querySelector<HTMLButtonElement>('[aria-haspopup="menu"]')!;
const menuOf = (menu: FolioPageMenu) => menu.shadowRoot!.querySelector<HTMLElement>('[role="menu"]');
const itemsOf = (menu: FolioPageMenu) => [...menu.shadowRoot!.querySelectorAll<HTMLElement>('[role="menuitem"]')];
const focused = (menu: FolioPageMenu) => menu.shadowRoot!.activeElement;
/** What a screen reader hears from the live region. */
const announced = (menu: FolioPageMenu) => menu.shadowRoot!.querySelector('[role="status"]')!.textContent;

async function openWithKeyboard(menu: FolioPageMenu): Promise<HTMLElement[]> {
  trigger(menu).focus();
  await userEvent.keyboard('{Enter}');
  await until(() => menuOf(menu) && focused(menu) === itemsOf(menu)[0]);
  return itemsOf(menu);
}

describe('<folio-page-menu>', () => {
  it("copies the page's Markdown and says so for about two seconds, at the button's width", async () => {
    const menu = await mount();
    const button = copyButton(menu);
    await expect.element(button).toHaveAccessibleName('Copy page');
    const width = button.getBoundingClientRect().width;
    await userEvent.click(button);
    await expect.element(button).toHaveAccessibleName('Copied');
    expect(copied).toEqual([MARKDOWN]);
    expect(requests.map((request) => [request.method, request.headers.get('accept')])).toEqual([['GET', 'text/markdown']]);
    expect(announced(menu)).toBe('Copied');
    expect(events).toEqual(['page']);
    expect(button.getBoundingClientRect().width).toBe(width);
    await expect.element(button, { timeout: 3000 }).toHaveAccessibleName('Copy page');
    expect(announced(menu)).toBe('');
  });

  it('says "Could not copy" when the Markdown cannot be fetched, and copies nothing', async () => {
    const menu = await mount();
    const button = copyButton(menu);
    const width = button.getBoundingClientRect().width;
    reply = () => Response.json({ error: 'No such page.', code: 'NOT_FOUND' }, { status: 404 });
    await userEvent.click(button);
    await expect.element(button).toHaveAccessibleName('Could not copy');
    expect(announced(menu)).toBe('Could not copy');
    expect(button.getBoundingClientRect().width).toBe(width);

    reply = () => {
      throw new TypeError('Failed to fetch');
    };
    await until(() => announced(menu) === '', 3000);
    await userEvent.click(button);
    await expect.element(button).toHaveAccessibleName('Could not copy');
    expect(requests).toHaveLength(2);
    expect(copied).toEqual([]);
    expect(events).toEqual([]);
  });

  it('opens its menu from the keyboard, moves round it with the arrows, Home and End, and closes on Escape, focus back on its button', async () => {
    const menu = await mount();
    const button = trigger(menu);
    await expect.element(button).toHaveAccessibleName('More page actions');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const items = await openWithKeyboard(menu);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await expect.element(menuOf(menu)!).toHaveAccessibleName('Page actions');

    const moves: number[] = [];
    for (const key of ['{ArrowDown}', '{ArrowDown}', '{ArrowDown}', '{ArrowUp}', '{End}', '{Home}']) {
      await userEvent.keyboard(key);
      moves.push(items.indexOf(focused(menu) as HTMLElement));
    }
    expect(moves).toEqual([1, 2, 0, 2, 2, 0]);

    await userEvent.keyboard('{Escape}');
    await until(() => !menuOf(menu));
    expect(focused(menu)).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await userEvent.keyboard('{ArrowDown}');
    await until(() => menuOf(menu) && focused(menu) === itemsOf(menu)[0]);
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('[Space]');
    await until(() => menuOf(menu) && focused(menu) === itemsOf(menu)[0]);

    await userEvent.keyboard('{Enter}');
    await until(() => copied.length === 1);
    expect(copied).toEqual([MARKDOWN]);
    expect(menuOf(menu)).toBeNull();
    expect(focused(menu)).toBe(button);
    await expect.element(copyButton(menu)).toHaveAccessibleName('Copied');
  });

  it('closes on a click outside, on Tab (focus going on from its button) and on a second click of its button', async () => {
    const menu = await mount();
    await userEvent.click(trigger(menu));
    await until(() => menuOf(menu) && focused(menu) === itemsOf(menu)[0]);
    await userEvent.click(main.querySelector('h1')!);
    await until(() => !menuOf(menu));

    await openWithKeyboard(menu);
    await userEvent.tab();
    await until(() => !menuOf(menu));
    expect(document.activeElement).toBe(main.querySelector('a[href="#dns"]'));
    expect(trigger(menu).getAttribute('aria-expanded')).toBe('false');
    await openWithKeyboard(menu);
    await userEvent.tab({ shift: true });
    await until(() => !menuOf(menu));
    expect(focused(menu)).toBe(copyButton(menu));

    await userEvent.click(trigger(menu));
    await until(() => menuOf(menu));
    await userEvent.click(trigger(menu));
    await until(() => !menuOf(menu));
    expect(focused(menu)).toBe(trigger(menu));
  });

  it('offers the page as Markdown in a new tab, each item named and described', async () => {
    const menu = await mount();
    const items = await openWithKeyboard(menu);
    const view = items[1] as HTMLAnchorElement;
    expect(view.localName).toBe('a');
    expect([view.getAttribute('href'), view.target, view.rel]).toEqual([MARKDOWN_URL, '_blank', 'noopener']);
    const described = [
      ['Copy page', 'Copy page as Markdown for LLMs'],
      ['View as Markdown', 'View this page as plain text'],
      ['Copy MCP server URL', 'Connect AI tools to these docs'],
    ];
    for (const [index, [name, description]] of described.entries()) {
      await expect.element(items[index]!).toHaveAccessibleName(name!);
      await expect.element(items[index]!).toHaveAccessibleDescription(description!);
    }
  });

  it('copies the MCP server URL, and has no such item without mcp-url', async () => {
    const withMcp = await mount();
    await userEvent.click(trigger(withMcp));
    const item = await until(() => itemsOf(withMcp)[2]);
    await userEvent.click(item);
    await until(() => copied.length === 1);
    expect(copied).toEqual([MCP_URL]);
    expect(events).toEqual(['mcp-url']);
    expect(requests).toEqual([]);
    expect(menuOf(withMcp)).toBeNull();
    expect(announced(withMcp)).toBe('Copied');

    const without = await mount(`markdown-url="${MARKDOWN_URL}" theme="auto"`);
    const items = await openWithKeyboard(without);
    expect(items).toHaveLength(2);
    await expect.element(items[0]!).toHaveAccessibleName('Copy page');
    await expect.element(items[1]!).toHaveAccessibleName('View as Markdown');
  });

  it("shows the page's own link only until it runs, in the header row the site keeps for it", async () => {
    const menu = await mount();
    const link = menu.querySelector('a')!;
    expect(link.getAttribute('href')).toBe(MARKDOWN_URL);
    expect(link.getClientRects()).toHaveLength(0);
    const row = menu.getBoundingClientRect();
    expect(row.height).toBe(32);
    expect(copyButton(menu).getBoundingClientRect().height).toBe(32);
    await openWithKeyboard(menu);
    expect(menu.getBoundingClientRect().height).toBe(row.height);
  });

  it('takes the theme attribute, the --folio-* properties and ::part()', async () => {
    const background = (element: Element) => getComputedStyle(element).backgroundColor;
    const light = await mount();
    expect(background(copyButton(light))).toBe('rgb(255, 255, 255)');
    await emulateMedia([{ name: 'prefers-color-scheme', value: 'dark' }]);
    expect(background(copyButton(light))).toBe('rgb(13, 17, 23)');
    await emulateMedia();

    const dark = await mount(`markdown-url="${MARKDOWN_URL}" theme="dark"`);
    expect(background(copyButton(dark))).toBe('rgb(13, 17, 23)');
    siteStyle.textContent += `
      folio-page-menu { --folio-accent: rgb(200, 0, 100); --folio-radius: 2px; }
      folio-page-menu::part(menu) { background: rgb(1, 2, 3); }
    `;
    const items = await openWithKeyboard(dark);
    expect(background(menuOf(dark)!)).toBe('rgb(1, 2, 3)');
    expect(getComputedStyle(menuOf(dark)!).borderRadius).toBe('2px');
    expect(getComputedStyle(items[0]!).outlineColor).toBe('rgb(200, 0, 100)');
  });

  it('fits a 360 px wide phone: the menu opens under its button, inside the screen', async () => {
    await page.viewport(360, 740);
    const menu = await mount();
    await openWithKeyboard(menu);
    const opened = menuOf(menu)!.getBoundingClientRect();
    const button = copyButton(menu).getBoundingClientRect();
    expect(opened.top).toBeGreaterThanOrEqual(button.bottom);
    expect(opened.left).toBe(button.left);
    expect(opened.right).toBeLessThanOrEqual(360);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });
});

describe.each(['light', 'dark'])('axe-core in the %s theme', (theme) => {
  it('finds nothing with the menu closed, open, and after a copy', async () => {
    await emulateMedia([{ name: 'prefers-color-scheme', value: theme }]);
    const menu = await mount();
    expect(await violations()).toEqual([]);
    await openWithKeyboard(menu);
    expect(await violations()).toEqual([]);
    await userEvent.keyboard('{Enter}');
    await expect.element(copyButton(menu)).toHaveAccessibleName('Copied');
    expect(await violations()).toEqual([]);
  });
});
