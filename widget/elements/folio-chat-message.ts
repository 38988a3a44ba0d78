import type { UIMessage } from '@ai-sdk/ui-utils';
import { html, LitElement, nothing, unsafeCSS } from 'lit';
import { citations, searchSteps, type SearchStep } from '../lib/answer-parts.ts';
import { hasServerId } from '../lib/chat-session.ts';
import { copyText } from '../lib/clipboard.ts';
import { emit } from '../lib/events.ts';
import type { ServerSettings } from '../lib/server.ts';
import { pageUrl, safeHref } from '../lib/site-links.ts';
import { copyIcon, retryIcon, searchIcon } from '../styles/icons.ts';
import styles from '../styles/chat-message.css?inline';
import { base } from '../styles/theme.ts';
import { FEEDBACK_PARTS } from './folio-feedback.ts';

/** The parts of a message (and of its Markdown) a page can style, passed up through the panel. */
export const MESSAGE_PARTS = `question, answer, search-step, citation, sources, link, copy-code, ${FEEDBACK_PARTS}`;

/**
 * One message of a conversation: the reader's question, or an answer with its search step, text,
 * citations and actions, the last of them feedback on it once it has ended (with the thread's id).
 */
export class FolioChatMessage extends LitElement {
  static override styles = [base, unsafeCSS(styles)];
  static override properties = {
    message: { attribute: false },
    siteUrl: { attribute: false },
    settings: { attribute: false },
    threadId: { attribute: false },
    isStreaming: { type: Boolean, attribute: 'is-streaming' },
    isLast: { type: Boolean, attribute: 'is-last' },
    copied: { state: true },
  };

  declare message: UIMessage;
  declare siteUrl: string | undefined;
  declare settings: ServerSettings | undefined;
  declare threadId: string | null | undefined;
  declare isStreaming: boolean;
  declare isLast: boolean;
  declare copied: boolean;

  constructor() {
    super();
    this.isStreaming = false;
    this.isLast = false;
    this.copied = false;
  }

  override render() {
    if (this.message.role === 'user')
      return html`<p class="question" part="question"><span class="visually-hidden">You asked: </span>${this.message.content}</p>`;
    const steps = searchSteps(this.message);
    const sources = citations(this.message);
    return html`<div part="answer">
      ${steps.map((step) => this.renderStep(step))}
      ${
        this.message.content
          ? html`<folio-markdown exportparts="link, copy-code" .markdown=${this.message.content} .siteUrl=${this.siteUrl}></folio-markdown>`
          : this.isStreaming && steps.every((step) => step.results)
            ? html`<p class="typing">Writing an answer…</p>`
            : nothing
      }
      ${
        sources.length && !this.isStreaming
          ? html`<div class="sources" part="sources">
            <h3>Sources</h3>
            <ul>
              ${sources.map((source) => this.renderLink(source.url, source.title))}
            </ul>
          </div>`
          : nothing
      }
      ${this.isStreaming ? nothing : this.renderActions()}
    </div>`;
  }

  private renderStep(step: SearchStep) {
    if (!step.results) return html`<p class="searching" part="search-step">${searchIcon(14)}<span>Searching the docs for “${step.query}”</span></p>`;
    return html`<details part="search-step">
      <summary>${searchIcon(14)} Searched for “${step.query}”: ${step.results.length} ${step.results.length === 1 ? 'result' : 'results'}</summary>
      <ul>
        ${step.results.map((result) => this.renderLink(result.path, result.title))}
      </ul>
    </details>`;
  }

  private renderLink(route: string, title: string) {
    const href = route.startsWith('/') ? pageUrl(route, this.siteUrl) : safeHref(route, this.siteUrl);
    return html`<li>${href ? html`<a part="citation" href=${href}>${title}</a>` : title}</li>`;
  }

  private renderActions() {
    if (!this.message.content) return nothing;
    return html`<div class="actions">
      <button class="icon-button" part="action" @click=${this.copy}>${copyIcon()} ${this.copied ? 'Copied' : 'Copy'}</button>
      ${this.isLast ? html`<button class="icon-button" part="action" @click=${() => emit(this, 'folio-retry', {})}>${retryIcon()} Retry</button>` : nothing}
      ${this.renderFeedback()}
    </div>`;
  }

  private renderFeedback() {
    const { settings, threadId, message } = this;
    if (!settings || !threadId || !hasServerId(message)) return nothing;
    return html`<folio-feedback
      exportparts=${FEEDBACK_PARTS}
      .settings=${settings}
      .subject=${{ source: 'thumbs_only', threadId, messageId: message.id }}
    ></folio-feedback>`;
  }

  private async copy(): Promise<void> {
    this.copied = await copyText(this.message.content);
    setTimeout(() => (this.copied = false), 2000);
  }
}
