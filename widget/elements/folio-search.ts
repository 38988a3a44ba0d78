import { html } from 'lit';
import { FirstConnected } from '../lib/first-connected.ts';
import { settingsOf } from '../lib/server.ts';
import { searchIcon } from '../styles/icons.ts';
import type { FolioAssistant } from './folio-assistant.ts';
import { SiteElement } from './site-element.ts';
import type { FolioSearchDialog } from './folio-search-dialog.ts';

/** The first connected <folio-search> answers the keyboard shortcuts. */
const connected = new FirstConnected<FolioSearch>('keydown', (event, first) => onShortcut(event as KeyboardEvent, first));

const isApple = /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * `<folio-search domain api-key [base-url] [site-url] [version] [language] [theme]>`: a search button
 * that opens the search dialog, also on Ctrl+K / Cmd+K and `/` (outside text fields).
 */
export class FolioSearch extends SiteElement {
  protected override get connected() {
    return connected;
  }

  /** Opens the search dialog (created on first use, so the button is ready sooner). */
  async open(): Promise<void> {
    const panel = this.renderRoot.querySelector('folio-search-dialog') ?? document.createElement('folio-search-dialog');
    panel.settings = settingsOf(this);
    panel.siteUrl = this.siteUrl;
    panel.onUnhandledAsk = (query) => this.askOwnAssistant(query);
    if (!panel.isConnected) {
      panel.setAttribute('exportparts', 'dialog, search-dialog, input, results, option, error');
      this.renderRoot.appendChild(panel);
    }
    await panel.show();
  }

  /** Without a <folio-assistant> on the page, "ask the assistant" adds one for this site, without its button. */
  private askOwnAssistant(query: string): void {
    const assistant = document.createElement('folio-assistant');
    for (const name of ['domain', 'api-key', 'base-url', 'site-url', 'version', 'language', 'theme']) {
      const value = this.getAttribute(name);
      if (value !== null) assistant.setAttribute(name, value);
    }
    assistant.setAttribute('launcher', 'none');
    this.after(assistant);
    void assistant.ask(query);
  }

  override render() {
    return html`<button class="launcher" part="button" aria-haspopup="dialog" aria-keyshortcuts="${isApple ? 'Meta+K' : 'Control+K'} /" @click=${() => this.open()}>
      ${searchIcon()}<span>Search</span><kbd aria-hidden="true">${isApple ? '⌘K' : 'Ctrl K'}</kbd>
    </button>`;
  }
}

function onShortcut(event: KeyboardEvent, search: FolioSearch): void {
  const isCommandK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
  const isSlash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event);
  if (!isCommandK && !isSlash) return;
  event.preventDefault();
  void search.open();
}

/** Whether a key goes into a text field (there, `/` is a character). */
function isTyping(event: KeyboardEvent): boolean {
  const origin = event.composedPath()[0];
  if (!(origin instanceof HTMLElement)) return false;
  return (
    origin.isContentEditable ||
    origin instanceof HTMLTextAreaElement ||
    origin instanceof HTMLSelectElement ||
    (origin instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(origin.type))
  );
}

declare global {
  interface HTMLElementTagNameMap {
    'folio-search': FolioSearch;
    'folio-search-dialog': FolioSearchDialog;
    'folio-assistant': FolioAssistant;
  }
}
