import { page, userEvent } from 'vitest/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolioAssistant } from '../../../widget/elements/folio-assistant.ts';
import { FakeFolio, RESULTS, WIDE_ANSWER } from './support/fake-folio.ts';
import { afterLayout, BASE_URL, cleanPage, mount, shadowOf, SITE_URL, until } from './support/widget-page.ts';

let folio: FakeFolio;
beforeEach(() => {
  folio = new FakeFolio().install();
});
afterEach(async () => {
  folio.uninstall();
  cleanPage();
  await page.viewport(1280, 800);
});

const panelOf = (assistant: Element) => assistant.shadowRoot!.querySelector('folio-chat-panel')?.shadowRoot as ShadowRoot;
const messagesOf = (assistant: Element) => [...panelOf(assistant).querySelectorAll('folio-chat-message')];
const answerRoot = (assistant: Element) => messagesOf(assistant).at(-1)!.shadowRoot!;

const ANSWER = {
  query: 'custom domain',
  results: RESULTS,
  text: ['To use your own domain, add a CNAME record ', 'pointing `docs` to `cname.acme.dev` ', '([Custom domain](/custom-domain#configure-dns)).'],
  sources: [{ url: '/custom-domain#configure-dns', title: 'Custom domain' }],
  threadId: 'thread-abc',
};

async function ask(assistant: FolioAssistant, question: string) {
  const panel = await until(() => panelOf(assistant)?.querySelector('textarea'));
  await until(() => !panelOf(assistant).querySelector('button[part="send"]')?.textContent?.includes('Stop'));
  await userEvent.type(panel, question);
  await userEvent.keyboard('{Enter}');
}

/** The element that has focus, through shadow roots. */
function deepFocus(): Element | null {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

const isIdle = (assistant: Element) => panelOf(assistant).querySelector('button[part="send"]')?.textContent?.includes('Send');

describe('<folio-assistant>', () => {
  it('streams a cited answer: the search step while it runs, then the text, links and sources', async () => {
    folio.answers.push({ ...ANSWER, delayMs: 40 });
    const assistant = await mount('folio-assistant');
    assistant.shadowRoot!.querySelector('button')!.click();
    await ask(assistant, 'How do I use my own domain?');
    const step = await until(() => messagesOf(assistant).length === 2 && answerRoot(assistant).querySelector('.searching'));
    expect(step.textContent).toContain('Searching the docs for “custom domain”');
    expect(panelOf(assistant).querySelector('[role="status"]')!.textContent).toBe('Searching the documentation…');
    await until(() => isIdle(assistant));

    const answer = answerRoot(assistant);
    expect(answer.querySelector('details summary')!.textContent).toContain('Searched for “custom domain”: 3 results');
    const markdown = answer.querySelector('folio-markdown')!.shadowRoot!;
    expect(markdown.textContent).toContain('add a CNAME record pointing docs to cname.acme.dev');
    expect(markdown.querySelector('a')!.href).toBe(`${SITE_URL}/custom-domain#configure-dns`);
    const citations = [...answer.querySelectorAll('.sources a')] as HTMLAnchorElement[];
    expect(citations.map((link) => [link.textContent, link.href])).toEqual([['Custom domain', `${SITE_URL}/custom-domain#configure-dns`]]);
    expect(panelOf(assistant).querySelector('[role="status"]')!.textContent).toBe(
      'Answer: To use your own domain, add a CNAME record pointing docs to cname.acme.dev (Custom domain). Sources: Custom domain.',
    );

    const request = folio.questions()[0]!;
    expect(request.url).toBe(`${BASE_URL}/v1/assistant/acme/message`);
    expect(request.body).toMatchObject({ threadId: null, retrievalPageSize: 5, messages: [{ role: 'user', content: 'How do I use my own domain?' }] });
    expect(request.body.fp).toMatch(/^reader-[0-9a-f]{32}$/);
  });

  it('keeps the thread across a page reload and continues it', async () => {
    folio.answers.push(ANSWER, { ...ANSWER, text: ['For an apex domain, add an A record.'], sources: [] });
    const first = await mount('folio-assistant');
    await first.open();
    await ask(first, 'How do I use my own domain?');
    await until(() => messagesOf(first).length === 2 && isIdle(first));
    const fp = folio.questions()[0]!.body.fp;
    first.remove();

    const second = await mount('folio-assistant');
    await second.open();
    await until(() => messagesOf(second).length === 2);
    expect(answerRoot(second).querySelector('folio-markdown')!.shadowRoot!.textContent).toContain('CNAME record');
    await ask(second, 'and for an apex domain?');
    await until(() => messagesOf(second).length === 4 && isIdle(second));
    const followUp = folio.questions()[1]!.body;
    expect(followUp).toMatchObject({ threadId: 'thread-abc', fp, messages: [{ role: 'user', content: 'and for an apex domain?' }] });
  });

  it('stops a streaming answer, keeping what came; retries the question; starts a new conversation', async () => {
    folio.answers.push({ ...ANSWER, text: ['First part. ', ...Array(30).fill('more ')], delayMs: 50 });
    const assistant = await mount('folio-assistant');
    await assistant.open();
    await ask(assistant, 'How do I use my own domain?');
    await until(() => answerRoot(assistant)?.querySelector('folio-markdown')?.shadowRoot?.textContent?.includes('First part'));
    const stop = panelOf(assistant).querySelector('button[part="send"]') as HTMLButtonElement;
    expect(stop.textContent).toContain('Stop');
    stop.click();
    await until(() => isIdle(assistant));
    expect(folio.questions()[0]!.signal!.aborted).toBe(true);
    expect(answerRoot(assistant).querySelector('folio-markdown')!.shadowRoot!.textContent).toContain('First part');

    folio.answers.push(ANSWER);
    const retry = [...answerRoot(assistant).querySelectorAll('button')].find((button) => button.textContent!.includes('Retry'))!;
    retry.click();
    await until(() => folio.questions().length === 2 && answerRoot(assistant).querySelector('folio-markdown')?.shadowRoot?.textContent?.includes('CNAME'));
    expect(folio.questions()[1]!.body.messages[0].content).toBe('How do I use my own domain?');
    expect(messagesOf(assistant)).toHaveLength(2);
    expect(answerRoot(assistant).querySelector('folio-markdown')!.shadowRoot!.textContent).toContain('CNAME record');

    const fresh = [...panelOf(assistant).querySelectorAll('button')].find((button) => button.textContent!.includes('New conversation'))!;
    fresh.click();
    await until(() => messagesOf(assistant).length === 0);
    expect(localStorage.getItem(`folio:thread:${BASE_URL}:acme`)).toBeNull();
    folio.answers.push(ANSWER);
    await ask(assistant, 'Fonts?');
    await until(() => folio.questions().length === 3);
    expect(folio.questions()[2]!.body.threadId).toBeNull();
  });

  it('copies an answer and a code block', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    folio.answers.push({ ...ANSWER, text: ['Run this:\n\n```sh\nacme dev --port 3000\n```\n'] });
    const assistant = await mount('folio-assistant');
    await assistant.open();
    await ask(assistant, 'How do I preview?');
    await until(() => messagesOf(assistant).length === 2 && isIdle(assistant));
    const markdown = answerRoot(assistant).querySelector('folio-markdown')!.shadowRoot!;
    const codeButton = markdown.querySelector('button.copy-code') as HTMLButtonElement;
    codeButton.click();
    await until(() => codeButton.textContent === 'Copied');
    const copy = [...answerRoot(assistant).querySelectorAll('button')].find((button) => button.textContent!.includes('Copy'))!;
    copy.click();
    await until(() => copied.length === 2);
    expect(copied).toEqual(['acme dev --port 3000\n', 'Run this:\n\n```sh\nacme dev --port 3000\n```\n']);
  });

  it('lets Tab stop at a code block or table while it is wider than the panel, so the keyboard can scroll it', async () => {
    folio.answers.push(WIDE_ANSWER);
    const assistant = await mount('folio-assistant');
    await assistant.open();
    await ask(assistant, 'How do I add my domain?');
    await until(() => messagesOf(assistant).length === 2 && isIdle(assistant));
    const markdown = answerRoot(assistant).querySelector('folio-markdown')!.shadowRoot!;
    const stops = async () => {
      await afterLayout();
      const stopped: string[] = [];
      panelOf(assistant).querySelector('button')!.focus();
      for (let element = deepFocus(); element && element.localName !== 'textarea'; element = deepFocus()) {
        if (markdown.contains(element) && element.localName !== 'button')
          stopped.push(`${element.localName} ${element.getAttribute('aria-label') ?? ''}`.trim());
        await userEvent.tab();
      }
      return stopped;
    };
    expect(await stops()).toEqual(['pre Code (sh)', 'table']);
    await page.viewport(360, 740);
    expect(await stops()).toEqual(['pre Code (sh)', 'pre Code', 'table']);

    const wide = markdown.querySelector('pre')!;
    wide.focus();
    await userEvent.keyboard('{ArrowRight}');
    await until(() => wide.scrollLeft > 0);
  });

  it('shows a refusal in words with a retry, and a failure in the stream', async () => {
    folio.assistantReply = () => Response.json({ error: 'Too many requests.', code: 'RATE_LIMITED' }, { status: 429, headers: { 'retry-after': '30' } });
    const assistant = await mount('folio-assistant');
    await assistant.open();
    await ask(assistant, 'Hello?');
    const error = await until(() => panelOf(assistant).querySelector('[part="error"]'));
    expect(error.textContent).toBe('Too many requests. Try again in 30 seconds.');
    expect(panelOf(assistant).querySelector('[role="status"]')!.textContent).toBe('Too many requests. Try again in 30 seconds.');

    folio.assistantReply = undefined;
    folio.answers.push({ ...ANSWER, error: 'The answer model failed (HTTP 500); try again in a moment.' });
    const retry = [...panelOf(assistant).querySelectorAll('.error-row button')][0] as HTMLButtonElement;
    retry.click();
    await until(() => panelOf(assistant).querySelector('[part="error"]')?.textContent?.includes('answer model failed'));
  });

  it('answers the question <folio-search> hands over, and is added by it when the page has none', async () => {
    folio.answers.push(ANSWER, ANSWER);
    const assistant = await mount('folio-assistant');
    window.dispatchEvent(new CustomEvent('folio-ask', { detail: { query: 'apex domain' }, cancelable: true }));
    await until(() => panelOf(assistant)?.querySelector('dialog[open]') && messagesOf(assistant).length === 2);
    expect(folio.questions()[0]!.body.messages[0].content).toBe('apex domain');
    assistant.remove();

    folio.results = () => RESULTS;
    const search = await mount('folio-search', { theme: 'dark' });
    search.shadowRoot!.querySelector('button')!.click();
    const input = await until(() => shadowOf(search, 'folio-search-dialog').querySelector('input'));
    await userEvent.type(input, 'domain');
    await until(() => shadowOf(search, 'folio-search-dialog').querySelectorAll('[role="option"]').length === 4);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    const added = await until(() => document.querySelector('folio-assistant'));
    expect(added.getAttribute('launcher')).toBe('none');
    expect(added.getAttribute('theme')).toBe('dark');
    expect(added.getAttribute('site-url')).toBe(SITE_URL);
    await until(() => folio.questions().length === 2);
    expect(folio.questions()[1]!.body.messages[0].content).toBe('domain');
  });
});
