import { userEvent } from 'vitest/browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolioAssistant } from '../../../widget/elements/folio-assistant.ts';
import type { FolioPageFeedback } from '../../../widget/elements/folio-page-feedback.ts';
import { axeViolations } from './support/axe.ts';
import { FakeFolio, RESULTS, type ScriptedAnswer } from './support/fake-folio.ts';
import { BASE_URL, cleanPage, emulateMedia, mount, shadowOf, until } from './support/widget-page.ts';

const ANSWER: ScriptedAnswer = {
  query: 'custom domain',
  results: RESULTS,
  text: ['Add a CNAME record pointing `docs` to `cname.acme.dev` ([Custom domain](/custom-domain#configure-dns)).'],
  sources: [{ url: '/custom-domain#configure-dns', title: 'Custom domain' }],
  threadId: 'thread-abc',
  messageId: 'message-abc',
};

/** The tag the rendered site ends every page's article with (api/sites/page-html.ts). */
const PAGE_FEEDBACK = '<folio-page-feedback domain="acme" api-key="folio_assistant_test" path="/quickstart" theme="auto"></folio-page-feedback>';

let folio: FakeFolio;
let events: unknown[];
const onFeedback = (event: Event) => events.push((event as CustomEvent).detail);
/** A docs page: a main landmark with its heading and article, the widget in it. */
let main: HTMLElement;
beforeEach(() => {
  main = document.createElement('main');
  main.innerHTML = '<h1>Quickstart</h1><article><p>Install the CLI.</p></article>';
  document.body.append(main);
  document.documentElement.lang = 'en';
  document.title = 'Quickstart';
  folio = new FakeFolio().install();
  events = [];
  document.addEventListener('folio-feedback', onFeedback);
});
afterEach(async () => {
  document.removeEventListener('folio-feedback', onFeedback);
  folio.uninstall();
  cleanPage();
  await emulateMedia();
});

const panelOf = (assistant: Element) => shadowOf(assistant, 'folio-chat-panel');
const isIdle = (assistant: Element) => panelOf(assistant).querySelector('button[part="send"]')?.textContent?.includes('Send');

/** Asks a question and waits for the answer's feedback controls: the root of its <folio-feedback>. */
async function answered(answer: ScriptedAnswer = ANSWER): Promise<{ assistant: FolioAssistant; feedback: ShadowRoot }> {
  folio.answers.push(answer);
  const assistant = await mount('folio-assistant', {}, main);
  await assistant.ask('How do I use my own domain?');
  const feedback = await until(() => {
    const message = panelOf(assistant).querySelectorAll('folio-chat-message')[1];
    return isIdle(assistant) && message?.shadowRoot?.querySelector('folio-feedback')?.shadowRoot;
  });
  return { assistant, feedback };
}

async function pageFeedback(): Promise<ShadowRoot> {
  main.querySelector('article')!.insertAdjacentHTML('beforeend', PAGE_FEEDBACK);
  const element = main.querySelector('folio-page-feedback') as FolioPageFeedback;
  await element.updateComplete;
  return until(() => element.shadowRoot!.querySelector('folio-feedback')?.shadowRoot);
}

const button = (root: ShadowRoot, name: string) =>
  [...root.querySelectorAll('button')].find((candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent!.trim()) === name)!;
const pressed = (root: ShadowRoot) => [...root.querySelectorAll('button[aria-pressed]')].map((choice) => choice.getAttribute('aria-pressed'));
const announced = (root: ShadowRoot) => root.querySelector('[role="status"]')!.textContent!.trim();

/** The element that has focus, through shadow roots. */
function deepFocus(): Element | null {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

/** Presses Tab until `target` has focus (at most 30 times). */
async function tabTo(target: Element): Promise<void> {
  for (let presses = 0; deepFocus() !== target; presses++) {
    if (presses === 30) throw new Error(`Tab never reached ${target.outerHTML}`);
    await userEvent.tab();
  }
}

describe('feedback on an answer', () => {
  it('shows no thumbs while the answer streams, then sends a thumbs up with the thread and message ids', async () => {
    folio.answers.push({ ...ANSWER, delayMs: 30 });
    const assistant = await mount('folio-assistant', {}, main);
    void assistant.ask('How do I use my own domain?');
    const streaming = await until(() => panelOf(assistant).querySelectorAll('folio-chat-message')[1]?.shadowRoot);
    await until(() => streaming.querySelector('.searching'));
    expect(streaming.querySelector('folio-feedback')).toBeNull();
    const feedback = await until(() => isIdle(assistant) && streaming.querySelector('folio-feedback')?.shadowRoot);

    const helpful = button(feedback, 'Helpful');
    expect(feedback.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('Was this answer helpful?');
    expect(pressed(feedback)).toEqual(['false', 'false']);
    helpful.click();
    await until(() => announced(feedback) === 'Thanks for your feedback');

    expect(folio.feedback()).toHaveLength(1);
    const [sent] = folio.feedback();
    expect(sent!.url).toBe(`${BASE_URL}/v1/feedback/acme`);
    expect(sent!.body).toEqual({ source: 'thumbs_only', helpful: true, threadId: 'thread-abc', messageId: 'message-abc' });
    expect(sent!.headers.get('authorization')).toBe('Bearer folio_assistant_test');
    expect(sent!.headers.get('x-folio-client')).toBe('widget');
    expect(sent!.headers.get('content-type')).toBe('application/json');
    expect(pressed(feedback)).toEqual(['true', 'false']);
    expect(events).toEqual([{ helpful: true, messageId: 'message-abc' }]);

    helpful.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(folio.feedback()).toHaveLength(1);
  });

  it('asks what was missing after a thumbs down, sends the comment, and thanks the reader', async () => {
    const { feedback } = await answered();
    button(feedback, 'Not helpful').click();
    const comment = await until(() => feedback.querySelector('textarea'));
    expect(folio.feedback().map((request) => request.body)).toEqual([
      { source: 'thumbs_only', helpful: false, threadId: 'thread-abc', messageId: 'message-abc' },
    ]);
    expect(pressed(feedback)).toEqual(['false', 'true']);
    expect(comment.labels![0]!.textContent).toBe('What was missing?');
    expect(comment.maxLength).toBe(2000);
    await until(() => deepFocus() === comment);
    expect(announced(feedback)).toBe('');

    await userEvent.type(comment, 'The apex domain case.');
    button(feedback, 'Send').click();
    await until(() => announced(feedback) === 'Thanks for your feedback');
    expect(folio.feedback()[1]!.body).toEqual({
      source: 'thumbs_only',
      helpful: false,
      threadId: 'thread-abc',
      messageId: 'message-abc',
      comment: 'The apex domain case.',
    });
    expect(feedback.querySelector('textarea')).toBeNull();
    expect(deepFocus()).toBe(button(feedback, 'Not helpful'));
    expect(events).toEqual([{ helpful: false, messageId: 'message-abc' }]);
  });

  it('works from the keyboard alone: Tab to the thumbs, Space and Enter, then the comment box and Skip', async () => {
    const { assistant, feedback } = await answered();
    panelOf(assistant).querySelector('button')!.focus();
    await tabTo(button(feedback, 'Helpful'));
    await userEvent.keyboard(' ');
    await until(() => announced(feedback) === 'Thanks for your feedback');
    expect(folio.feedback().map((request) => request.body.helpful)).toEqual([true]);

    await userEvent.tab();
    expect(deepFocus()).toBe(button(feedback, 'Not helpful'));
    await userEvent.keyboard('{Enter}');
    const comment = await until(() => feedback.querySelector('textarea'));
    await until(() => deepFocus() === comment);
    expect(folio.feedback().map((request) => request.body.helpful)).toEqual([true, false]);
    expect(pressed(feedback)).toEqual(['false', 'true']);

    await userEvent.keyboard('Step 2 is unclear.');
    await userEvent.tab();
    expect(deepFocus()).toBe(button(feedback, 'Send'));
    await userEvent.tab();
    expect(deepFocus()).toBe(button(feedback, 'Skip'));
    await userEvent.keyboard('{Enter}');
    await until(() => announced(feedback) === 'Thanks for your feedback');
    expect(feedback.querySelector('textarea')).toBeNull();
    expect(folio.feedback()).toHaveLength(2);
    expect(deepFocus()).toBe(button(feedback, 'Not helpful'));

    // A comment goes by keyboard too.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const again = await until(() => feedback.querySelector('textarea'));
    await until(() => deepFocus() === again);
    await userEvent.keyboard('Still unclear.');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await until(() => folio.feedback().length === 5 && announced(feedback) === 'Thanks for your feedback');
    expect(folio.feedback().map((request) => [request.body.helpful, request.body.comment])).toEqual([
      [true, undefined],
      [false, undefined],
      [true, undefined],
      [false, undefined],
      [false, 'Still unclear.'],
    ]);
  });

  it('says when feedback could not be sent, and sends it when tried again', async () => {
    const { feedback } = await answered();
    folio.feedbackReply = () => Response.json({ error: 'Something went wrong.', code: 'INTERNAL' }, { status: 500 });
    button(feedback, 'Not helpful').click();
    await until(() => announced(feedback) === 'Could not send feedback');
    expect(pressed(feedback)).toEqual(['false', 'false']);
    expect(feedback.querySelector('textarea')).toBeNull();
    expect(events).toEqual([]);

    folio.feedbackReply = undefined;
    button(feedback, 'Not helpful').click();
    const comment = await until(() => feedback.querySelector('textarea'));
    expect(announced(feedback)).toBe('');
    expect(events).toEqual([{ helpful: false, messageId: 'message-abc' }]);

    folio.feedbackReply = () => new Response('Bad gateway', { status: 502 });
    await userEvent.type(comment, 'Needs an example.');
    button(feedback, 'Send').click();
    await until(() => announced(feedback) === 'Could not send feedback');
    expect(feedback.querySelector('.error')!.textContent).toBe('Could not send feedback');
    expect(feedback.querySelector('textarea')!.value).toBe('Needs an example.');

    folio.feedbackReply = undefined;
    button(feedback, 'Send').click();
    await until(() => announced(feedback) === 'Thanks for your feedback');
    expect(folio.feedback().map((request) => request.body.comment)).toEqual([undefined, undefined, 'Needs an example.', 'Needs an example.']);
  });

  it('starts over for the answer a retry brings', async () => {
    const { assistant, feedback } = await answered();
    button(feedback, 'Helpful').click();
    await until(() => announced(feedback) === 'Thanks for your feedback');
    folio.answers.push({ ...ANSWER, messageId: 'message-def' });
    const message = panelOf(assistant).querySelectorAll('folio-chat-message')[1]!;
    [...message.shadowRoot!.querySelectorAll('button')].find((candidate) => candidate.textContent!.includes('Retry'))!.click();
    const fresh = await until(() => {
      const root = panelOf(assistant).querySelectorAll('folio-chat-message')[1]?.shadowRoot?.querySelector('folio-feedback')?.shadowRoot;
      return folio.questions().length === 2 && isIdle(assistant) && root !== feedback && root;
    });
    expect(pressed(fresh)).toEqual(['false', 'false']);
    expect(announced(fresh)).toBe('');
    button(fresh, 'Helpful').click();
    await until(() => folio.feedback().length === 2);
    expect(folio.feedback()[1]!.body.messageId).toBe('message-def');
  });
});

describe('<folio-page-feedback>', () => {
  it('asks whether the page helped, sends No for its path, then the comment', async () => {
    const feedback = await pageFeedback();
    const group = feedback.querySelector('[role="group"]')!;
    expect(feedback.getElementById(group.getAttribute('aria-labelledby')!)!.textContent).toBe('Was this page helpful?');
    expect([...group.querySelectorAll('button')].map((choice) => choice.textContent!.trim())).toEqual(['Yes', 'No']);

    button(feedback, 'No').click();
    const comment = await until(() => feedback.querySelector('textarea'));
    const [choice] = folio.feedback();
    // Without base-url, Folio is where the widget's script came from.
    expect(choice!.url).toBe(`${location.origin}/v1/feedback/acme`);
    expect(choice!.body).toEqual({ source: 'contextual', helpful: false, path: '/quickstart' });
    expect(choice!.headers.get('authorization')).toBe('Bearer folio_assistant_test');
    expect(events).toEqual([{ helpful: false, path: '/quickstart' }]);

    await userEvent.type(comment, 'Step 2 fails on Windows.');
    button(feedback, 'Send').click();
    await until(() => announced(feedback) === 'Thanks for your feedback');
    expect(folio.feedback()[1]!.body).toEqual({ source: 'contextual', helpful: false, path: '/quickstart', comment: 'Step 2 fails on Windows.' });
    expect(pressed(feedback)).toEqual(['false', 'true']);
  });

  it('takes a theme from ::part() and custom properties, on a page and under an answer', async () => {
    const style = document.createElement('style');
    style.textContent = `
      folio-page-feedback { --folio-accent: rgb(200, 0, 100); }
      folio-page-feedback::part(feedback-button), folio-assistant::part(feedback-button) { background: rgb(10, 20, 30); }
      folio-page-feedback::part(comment) { border-color: rgb(1, 2, 3); }
      folio-page-feedback::part(feedback-pressed) { color: rgb(4, 5, 6); }
    `;
    main.append(style);
    const page = await pageFeedback();
    const { feedback } = await answered();
    expect(getComputedStyle(button(page, 'Yes')).backgroundColor).toBe('rgb(10, 20, 30)');
    expect(getComputedStyle(button(feedback, 'Helpful')).backgroundColor).toBe('rgb(10, 20, 30)');
    button(page, 'No').click();
    const comment = await until(() => page.querySelector('textarea'));
    expect(getComputedStyle(button(page, 'No')).borderColor).toBe('rgb(200, 0, 100)');
    expect(getComputedStyle(comment).borderColor).toBe('rgb(1, 2, 3)');
    expect([getComputedStyle(button(page, 'Yes')).color, getComputedStyle(button(page, 'No')).color]).toEqual(['rgb(31, 35, 40)', 'rgb(4, 5, 6)']);
  });

  it('shows nothing without a path', async () => {
    const element = await mount('folio-page-feedback', {}, main);
    expect(element.shadowRoot!.childElementCount).toBe(0);
  });
});

describe.each(['light', 'dark'])('axe-core in the %s theme', (theme) => {
  beforeEach(async () => {
    await emulateMedia([{ name: 'prefers-color-scheme', value: theme }]);
  });

  /** Chooses Yes, then No, opens the comment box and fails to send a comment: axe after each. */
  async function checkEveryState(feedback: ShadowRoot, [yes, no]: string[]) {
    expect(await axeViolations()).toEqual([]);
    button(feedback, yes!).click();
    await until(() => announced(feedback) === 'Thanks for your feedback');
    expect(await axeViolations()).toEqual([]);
    button(feedback, no!).click();
    const comment = await until(() => feedback.querySelector('textarea'));
    expect(await axeViolations()).toEqual([]);
    folio.feedbackReply = () => new Response(null, { status: 500 });
    await userEvent.type(comment, 'More examples.');
    button(feedback, 'Send').click();
    await until(() => announced(feedback) === 'Could not send feedback');
    expect(await axeViolations()).toEqual([]);
  }

  it('finds nothing in the feedback on an answer, chosen, with its comment box open and failing', async () => {
    const { feedback } = await answered();
    await checkEveryState(feedback, ['Helpful', 'Not helpful']);
  });

  it("finds nothing in a page's feedback, chosen, with its comment box open and failing", async () => {
    await checkEveryState(await pageFeedback(), ['Yes', 'No']);
  });
});
