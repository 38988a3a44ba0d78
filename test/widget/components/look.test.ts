import { page, userEvent } from 'vitest/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeFolio, RESULTS } from './support/fake-folio.ts';
import { cleanPage, emulateMedia, mount, shadowOf, until } from './support/widget-page.ts';

let folio: FakeFolio;
let pageStyle: HTMLStyleElement | undefined;
beforeEach(() => {
  folio = new FakeFolio().install();
  folio.results = () => RESULTS;
});
afterEach(async () => {
  folio.uninstall();
  cleanPage();
  pageStyle?.remove();
  await emulateMedia();
  await page.viewport(1280, 800);
});

function addPageCss(css: string) {
  pageStyle = document.createElement('style');
  pageStyle.textContent = css;
  document.head.append(pageStyle);
}

const launcherOf = (host: Element) => host.shadowRoot!.querySelector('button')!;
const background = (element: Element) => getComputedStyle(element).backgroundColor;

async function openSearch(search: HTMLElement) {
  launcherOf(search).click();
  const root = await until(
    () => search.shadowRoot!.querySelector('folio-search-dialog')?.shadowRoot?.querySelector('dialog[open]') && shadowOf(search, 'folio-search-dialog'),
  );
  await userEvent.type(root.querySelector('input')!, 'domain');
  await until(() => root.querySelector('[role="listbox"][data-query="domain"]') && root.querySelectorAll('[role="option"]').length === 4);
  return root;
}

describe('look', () => {
  it("keeps the page's CSS out and its own CSS in", async () => {
    addPageCss(`
      button { background: rgb(255, 0, 0) !important; font-family: serif !important; }
      * { letter-spacing: 9px; text-transform: uppercase; }
      .status, .launcher, mark { color: rgb(0, 128, 0); text-align: right; }
    `);
    const search = await mount('folio-search');
    const launcher = launcherOf(search);
    expect(background(launcher)).toBe('rgb(246, 248, 250)');
    expect(getComputedStyle(launcher).fontFamily).toMatch(/^system-ui/);
    expect(getComputedStyle(launcher).textTransform).toBe('none');
    expect(getComputedStyle(launcher).letterSpacing).toBe('normal');
    const root = await openSearch(search);
    expect(getComputedStyle(root.querySelector('mark')!).color).toBe('rgb(31, 35, 40)');

    const pageButton = document.createElement('button');
    pageButton.className = 'launcher';
    document.body.append(pageButton);
    expect(getComputedStyle(pageButton).borderRadius).toBe('0px');
    expect(getComputedStyle(pageButton).color).toBe('rgb(0, 128, 0)');
  });

  it('takes a theme from custom properties and ::part(), down to the dialogs and messages', async () => {
    addPageCss(`
      folio-search { --folio-accent: rgb(200, 0, 100); --folio-radius: 2px; }
      folio-search::part(button) { background: rgb(10, 20, 30); }
      folio-search::part(option) { padding: 3px; }
      folio-assistant::part(question) { background: rgb(1, 2, 3); }
      folio-assistant::part(link) { text-decoration-line: none; }
    `);
    const search = await mount('folio-search');
    expect(background(launcherOf(search))).toBe('rgb(10, 20, 30)');
    expect(getComputedStyle(launcherOf(search)).borderRadius).toBe('2px');
    const root = await openSearch(search);
    expect(getComputedStyle(root.querySelector('[aria-selected="true"]')!).outlineColor).toBe('rgb(200, 0, 100)');
    expect(getComputedStyle(root.querySelector('[role="option"]')!).padding).toBe('3px');

    folio.answers.push({ text: ['See [Fonts](/fonts).'] });
    const assistant = await mount('folio-assistant');
    await assistant.ask('Fonts?');
    const panel = shadowOf(assistant, 'folio-chat-panel');
    const link = await until(() =>
      panel.querySelectorAll('folio-chat-message')[1]?.shadowRoot?.querySelector('folio-markdown')?.shadowRoot?.querySelector('a'),
    );
    expect(getComputedStyle(link).textDecorationLine).toBe('none');
    expect(background(panel.querySelector('folio-chat-message')!.shadowRoot!.querySelector('.question')!)).toBe('rgb(1, 2, 3)');
  });

  it('is light or dark by prefers-color-scheme, unless the theme attribute says', async () => {
    const auto = await mount('folio-search');
    const dark = await mount('folio-search', { theme: 'dark' });
    const light = await mount('folio-search', { theme: 'light' });
    expect([auto, dark, light].map((search) => background(launcherOf(search)))).toEqual(['rgb(246, 248, 250)', 'rgb(21, 27, 35)', 'rgb(246, 248, 250)']);
    await emulateMedia([{ name: 'prefers-color-scheme', value: 'dark' }]);
    expect([auto, dark, light].map((search) => background(launcherOf(search)))).toEqual(['rgb(21, 27, 35)', 'rgb(21, 27, 35)', 'rgb(246, 248, 250)']);
  });

  it('fits a 360 px wide phone: both dialogs fill the screen without sideways scrolling', async () => {
    await page.viewport(360, 740);
    const search = await mount('folio-search');
    const root = await openSearch(search);
    const dialog = root.querySelector('dialog')!;
    expect(dialog.getBoundingClientRect().width).toBe(360);
    expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
    dialog.close();

    folio.answers.push({
      text: [`A long answer with a \`very-long-identifier-that-would-not-wrap-anywhere-at-all-on-a-phone\` and code:\n\n\`\`\`sh\n${'x'.repeat(200)}\n\`\`\``],
    });
    const assistant = await mount('folio-assistant');
    await assistant.ask('How?');
    const panel = shadowOf(assistant, 'folio-chat-panel');
    await until(() => panel.querySelectorAll('folio-chat-message').length === 2 && panel.querySelector('button[part="send"]')!.textContent!.includes('Send'));
    const chat = panel.querySelector('dialog')!;
    expect(chat.getBoundingClientRect().width).toBe(360);
    expect(chat.getBoundingClientRect().height).toBe(740);
    const messages = panel.querySelector('.messages')!;
    expect(messages.scrollWidth).toBeLessThanOrEqual(messages.clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });

  it('moves nothing when the reader prefers reduced motion', async () => {
    const search = await mount('folio-search');
    const root = await openSearch(search);
    expect(getComputedStyle(root.querySelector('dialog')!).animationName).toBe('folio-in');
    root.querySelector('dialog')!.close();
    await emulateMedia([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    await openSearch(search);
    expect(getComputedStyle(root.querySelector('dialog')!).animationName).toBe('none');
    expect(getComputedStyle(launcherOf(search)).transitionDuration).toBe('0s');
  });
});
