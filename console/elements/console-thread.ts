import type { ResultOf } from 'gql.tada';
import { css, html } from 'lit';
import { THREAD } from '../lib/documents.ts';
import { formatDateTime } from '../lib/format.ts';
import { ProjectView } from '../lib/view.ts';

type Thread = ResultOf<typeof THREAD>['analyticsAssistantThread'];

/**
 * One assistant conversation, read in a modal dialog (native <dialog>: the page behind is inert, Escape
 * closes it and focus returns to the button that opened it). Dispatches `console-close`.
 */
export class ConsoleThread extends ProjectView {
  static override styles = [
    ...ProjectView.styles,
    css`
      dialog {
        width: min(760px, calc(100vw - 24px));
        max-height: calc(100vh - 48px);
        border: 1px solid var(--border);
        border-radius: 10px;
        background: var(--background);
        color: var(--text);
        padding: 0;
      }
      dialog::backdrop {
        background: rgb(1 4 9 / 0.55);
      }
      .head {
        display: flex;
        justify-content: space-between;
        align-items: center;
        gap: 12px;
        padding: 12px 16px;
        border-bottom: 1px solid var(--border);
        position: sticky;
        top: 0;
        background: var(--background);
      }
      .head h2 {
        margin: 0;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 12px 16px;
      }
      li {
        margin-bottom: 14px;
      }
      .role {
        font-weight: 600;
      }
      .content {
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
    `,
  ];
  static override properties = { ...ProjectView.properties, threadId: {}, thread: { state: true } };

  declare threadId: string;
  declare thread: Thread | undefined;

  override async firstUpdated(): Promise<void> {
    this.renderRoot.querySelector('dialog')!.showModal();
    await this.attempt(async () => {
      this.thread = (await this.query(THREAD, { threadId: this.threadId })).analyticsAssistantThread;
    });
  }

  override render() {
    return html`<dialog aria-labelledby="thread-title" @close=${() => this.dispatchEvent(new CustomEvent('console-close', { bubbles: true, composed: true }))}>
      <div class="head">
        <h2 id="thread-title">Conversation${this.thread ? html` <span class="hint">· ${formatDateTime(this.thread.createdAt)}</span>` : null}</h2>
        <button @click=${() => this.renderRoot.querySelector('dialog')!.close()}>Close</button>
      </div>
      ${this.renderNotices()}
      ${
        this.thread
          ? html`<ol>
            ${this.thread.messages.map(
              (message) => html`<li>
                <div class="role">${message.role === 'user' ? 'Reader' : 'Assistant'} <span class="hint">${formatDateTime(message.createdAt)}</span></div>
                <div class="content">${message.content}</div>
              </li>`,
            )}
          </ol>`
          : this.error
            ? null
            : html`<p class="hint" style="padding: 0 16px">Loading the conversation…</p>`
      }
    </dialog>`;
  }
}
