import type { UIMessage } from '@ai-sdk/ui-utils';
import { html, LitElement, nothing, unsafeCSS } from 'lit';
import { citations, plainText } from '../lib/answer-parts.ts';
import { ChatSession } from '../lib/chat-session.ts';
import { emit } from '../lib/events.ts';
import { focusGuard } from '../lib/focus-trap.ts';
import type { ServerSettings } from '../lib/server.ts';
import styles from '../styles/chat-panel.css?inline';
import { closeIcon, newIcon, retryIcon, sendIcon, stopIcon } from '../styles/icons.ts';
import { base, dialog } from '../styles/theme.ts';
import { MESSAGE_PARTS } from './folio-chat-message.ts';

/**
 * The assistant's chat dialog of `<folio-assistant>`: the conversation (kept across page loads), a
 * composer, stop / retry / new conversation, and a live region that says when a search starts and
 * reads each finished answer.
 */
export class FolioChatPanel extends LitElement {
  static override styles = [base, dialog, unsafeCSS(styles)];
  static override properties = { settings: { attribute: false }, siteUrl: { attribute: false }, announcement: { state: true } };

  declare settings: ServerSettings;
  declare siteUrl: string | undefined;
  declare announcement: string;
  readonly session = new ChatSession(
    this,
    () => this.settings,
    (event, message) => this.onSessionEvent(event, message),
  );

  constructor() {
    super();
    this.announcement = '';
  }

  private get dialogElement() {
    return this.renderRoot.querySelector('dialog');
  }

  private get textarea() {
    return this.renderRoot.querySelector('textarea');
  }

  get isOpen(): boolean {
    return this.dialogElement?.open ?? false;
  }

  async show(): Promise<void> {
    this.session.load();
    await this.updateComplete;
    if (!this.isOpen) {
      this.dialogElement!.showModal();
      emit(this, 'folio-open', { widget: 'assistant' });
    }
    this.textarea!.focus();
    this.scrollToEnd();
  }

  close(): void {
    this.dialogElement?.close();
  }

  /** Opens the panel and asks a question. */
  async ask(question: string): Promise<void> {
    await this.show();
    await this.session.ask(question);
  }

  private onSessionEvent(event: 'answer-start' | 'answer-end', message?: UIMessage): void {
    if (event === 'answer-start') {
      this.announcement = 'Searching the documentation…';
      return;
    }
    if (this.session.status === 'error') {
      this.announcement = this.session.error;
    } else if (message?.content) {
      const sources = citations(message).map((source) => source.title);
      this.announcement = `Answer: ${plainText(message.content)}${sources.length ? ` Sources: ${sources.join(', ')}.` : ''}`;
    }
    emit(this, 'folio-answer', { threadId: this.session.threadId, message });
  }

  private onSubmit(event: Event): void {
    event.preventDefault();
    const textarea = this.textarea!;
    const question = textarea.value;
    if (!question.trim() || this.session.isStreaming) return;
    textarea.value = '';
    void this.session.ask(question);
  }

  private onKeydown(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) this.onSubmit(event);
  }

  private newConversation(): void {
    this.session.reset();
    this.announcement = 'New conversation.';
    this.textarea?.focus();
  }

  protected override updated(): void {
    this.scrollToEnd();
  }

  /** Keeps the newest text in view while it streams, unless the reader scrolled up. */
  private scrollToEnd(): void {
    const list = this.renderRoot.querySelector('.messages');
    if (list && list.scrollHeight - list.scrollTop - list.clientHeight < 120) list.scrollTop = list.scrollHeight;
  }

  override render() {
    const { messages, isStreaming } = this.session;
    const lastAnswer = messages.findLastIndex((message) => message.role === 'assistant');
    return html`<dialog part="dialog assistant-dialog" aria-labelledby="title" @close=${() => emit(this, 'folio-close', { widget: 'assistant' })} @folio-retry=${() => this.session.retry()}>
      ${focusGuard('start')}
      <div class="bar">
        <h2 id="title">Ask the assistant</h2>
        <button class="icon-button" part="action" @click=${this.newConversation} ?disabled=${messages.length === 0 && !isStreaming}>${newIcon()} New conversation</button>
        <button class="icon-button" aria-label="Close" @click=${() => this.close()}>${closeIcon()}</button>
      </div>
      <div class="messages" part="messages">
        ${messages.length === 0 ? html`<p class="intro">Ask a question about the documentation. Answers link to the pages they come from.</p>` : nothing}
        ${messages.map(
          (message, index) =>
            html`<folio-chat-message
              exportparts=${MESSAGE_PARTS}
              .message=${message}
              .siteUrl=${this.siteUrl}
              .settings=${this.settings}
              .threadId=${this.session.threadId}
              ?is-streaming=${isStreaming && index === messages.length - 1 && message.role === 'assistant'}
              ?is-last=${index === lastAnswer && index === messages.length - 1}
            ></folio-chat-message>`,
        )}
        ${isStreaming && messages.at(-1)?.role === 'user' ? html`<p class="intro">Searching the documentation…</p>` : nothing}
        ${
          this.session.status === 'error'
            ? html`<div class="error-row">
              <p class="error" part="error">${this.session.error}</p>
              <button class="icon-button" part="action" @click=${() => this.session.retry()}>${retryIcon()} Retry</button>
            </div>`
            : nothing
        }
      </div>
      <form @submit=${this.onSubmit}>
        <textarea part="input" rows="1" maxlength="20000" aria-label="Your question" placeholder="Ask a question…" @keydown=${this.onKeydown}></textarea>
        ${
          isStreaming
            ? html`<button class="send" part="send" type="button" @click=${() => this.session.stop()}>${stopIcon()} Stop</button>`
            : html`<button class="send" part="send" type="submit">${sendIcon()} Send</button>`
        }
      </form>
      <p class="note">Answers are written from the documentation and may be wrong; check the linked pages.</p>
      <div role="status" class="visually-hidden">${this.announcement}</div>
      ${focusGuard('end')}
    </dialog>`;
  }
}
