import { html, nothing } from 'lit';
import { FirstConnected } from '../lib/first-connected.ts';
import { settingsOf } from '../lib/server.ts';
import { sparkIcon } from '../styles/icons.ts';
import { SiteElement } from './site-element.ts';
import { MESSAGE_PARTS } from './folio-chat-message.ts';
import type { FolioChatPanel } from './folio-chat-panel.ts';

/** The first connected <folio-assistant> takes the questions <folio-search> hands over. */
const connected = new FirstConnected<FolioAssistant>('folio-ask', (event, first) => onAsk(event, first));

/**
 * `<folio-assistant domain api-key [base-url] [site-url] [version] [language] [theme] [launcher="none"]>`:
 * a button that opens the assistant's chat panel. It also answers `folio-ask` events (from
 * `<folio-search>`'s "ask the assistant", or a page's own code: `{detail: {query}}`).
 */
export class FolioAssistant extends SiteElement {
  static override properties = { ...SiteElement.properties, launcher: { type: String } };

  declare launcher: string;

  protected override get connected() {
    return connected;
  }

  private panel(): FolioChatPanel {
    const panel = this.renderRoot.querySelector('folio-chat-panel') ?? document.createElement('folio-chat-panel');
    panel.settings = settingsOf(this);
    panel.siteUrl = this.siteUrl;
    if (!panel.isConnected) {
      panel.setAttribute('exportparts', `dialog, assistant-dialog, messages, input, send, action, error, ${MESSAGE_PARTS}`);
      this.renderRoot.appendChild(panel);
    }
    return panel;
  }

  /** Opens the chat panel (created on first use). */
  async open(): Promise<void> {
    await this.panel().show();
  }

  /** Opens the chat panel and asks a question. */
  async ask(question: string): Promise<void> {
    await this.panel().ask(question);
  }

  override render() {
    if (this.launcher === 'none') return nothing;
    return html`<button class="launcher" part="button" aria-haspopup="dialog" @click=${() => this.open()}>${sparkIcon()}<span>Ask AI</span></button>`;
  }
}

function onAsk(event: Event, assistant: FolioAssistant): void {
  const query = (event as CustomEvent<{ query?: unknown }>).detail?.query;
  if (typeof query !== 'string') return;
  event.preventDefault();
  void assistant.ask(query);
}

declare global {
  interface HTMLElementTagNameMap {
    'folio-chat-panel': FolioChatPanel;
  }
  interface WindowEventMap {
    'folio-ask': CustomEvent<{ query: string }>;
  }
}
