import { html, LitElement, nothing, unsafeCSS } from 'lit';
import { copyText } from '../lib/clipboard.ts';
import { emit } from '../lib/events.ts';
import { copyIcon } from '../styles/icons.ts';
import styles from '../styles/page-menu.css?inline';
import { base, hostTheme } from '../styles/theme.ts';

type Copied = 'page' | 'mcp-url';

/** What the copy button says: at rest, after a copy, after a failure (for about two seconds). */
const LABELS = ['Copy page', 'Copied', 'Could not copy'];

/**
 * `<folio-page-menu markdown-url [mcp-url] [theme]><a href="…">View as Markdown</a></folio-page-menu>`,
 * in a page's header: "Copy page" copies the page's Markdown (to paste into an AI tool), and a menu
 * beside it copies it too, opens it, or copies the site's MCP server URL. The link inside is for
 * readers without script: the shadow root has no slot, so it shows only until the element runs.
 *
 * The menu follows ARIA's menu button pattern: Enter, Space or Down Arrow open it with the first item
 * focused, the arrows (round), Home and End move, Escape closes it and focuses the button again, and so
 * does choosing an item; Tab or a click outside closes it. The copy button holds the width of its
 * longest label, so a status never moves the header.
 */
export class FolioPageMenu extends LitElement {
  static override styles = [hostTheme, base, unsafeCSS(styles)];
  static override properties = {
    markdownUrl: { attribute: 'markdown-url' },
    mcpUrl: { attribute: 'mcp-url' },
    status: { state: true },
    isOpen: { state: true },
  };

  declare markdownUrl: string;
  declare mcpUrl: string | null;
  /** Which of LABELS the copy button shows. */
  declare status: number;
  declare isOpen: boolean;
  private timer?: ReturnType<typeof setTimeout>;

  constructor() {
    super();
    this.status = 0;
    this.isOpen = false;
    // Keys from the buttons and the menu both reach the host.
    this.addEventListener('keydown', (event) => this.onKey(event));
  }

  private get items(): HTMLElement[] {
    return [...this.renderRoot.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  }

  private async open(): Promise<void> {
    this.isOpen = true;
    await this.updateComplete;
    this.items[0]!.focus();
  }

  private close(): void {
    this.isOpen = false;
    this.renderRoot.querySelector<HTMLElement>('#more')!.focus();
  }

  private onKey(event: KeyboardEvent): void {
    // Tab and Shift+Tab go on from the menu's button (from an item, Chromium would go back to the copy button).
    if (event.key === 'Tab' && this.isOpen) {
      this.close();
      return;
    }
    const items = this.items;
    const at = items.indexOf(this.shadowRoot!.activeElement as HTMLElement);
    const next = ({ ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 } as Record<string, number>)[event.key];
    if (event.key === 'Escape' && this.isOpen) this.close();
    else if (event.key === 'ArrowDown' && this.shadowRoot!.activeElement?.id === 'more') void this.open();
    else if (next !== undefined && at >= 0) items.at(next % items.length)!.focus();
    else return;
    event.preventDefault();
  }

  /** An open menu holds the focus, so focus leaving it (a click outside) closes it. */
  private onFocusOut(event: FocusEvent): void {
    if (!(event.currentTarget as Element).contains(event.relatedTarget as Node | null)) this.isOpen = false;
  }

  /** A click on the menu's button keeps the focus in the open menu, which would close on losing it before the click toggles it. */
  private keepFocus(event: Event): void {
    event.preventDefault();
  }

  private async copy(what: Copied): Promise<void> {
    try {
      // The MCP URL as a response too, so both copies take one path.
      const response = what === 'page' ? await fetch(this.markdownUrl, { headers: { accept: 'text/markdown' } }) : new Response(this.mcpUrl);
      this.status = response.ok && (await copyText(await response.text())) ? 1 : 2;
    } catch {
      this.status = 2;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => (this.status = 0), 2000);
    if (this.status === 1) emit(this, 'folio-copy', { what });
  }

  override render() {
    const item = (id: string, label: string, description: string) => html`${label}<span id=${id} aria-hidden="true">${description}</span>`;
    return html`<button class="icon-button" part="button copy" @click=${() => this.copy('page')}>${copyIcon()}<span class="labels">${LABELS.map((label, index) => html`<span class=${index === this.status ? '' : 'off'}>${label}</span>`)}</span></button
><button id="more" class="icon-button" part="button more" aria-label="More page actions" aria-haspopup="menu" aria-expanded=${this.isOpen} @mousedown=${this.keepFocus} @click=${() => (this.isOpen ? this.close() : this.open())}></button>
${
  this.isOpen
    ? html`<div role="menu" part="menu" aria-label="Page actions" @focusout=${this.onFocusOut} @click=${() => this.close()}>
<button role="menuitem" part="item" tabindex="-1" aria-describedby="d-page" @click=${() => this.copy('page')}>${item('d-page', 'Copy page', 'Copy page as Markdown for LLMs')}</button>
<a role="menuitem" part="item" tabindex="-1" aria-describedby="d-view" href=${this.markdownUrl} target="_blank" rel="noopener">${item('d-view', 'View as Markdown', 'View this page as plain text')}</a>
${this.mcpUrl == null ? nothing : html`<button role="menuitem" part="item" tabindex="-1" aria-describedby="d-mcp" @click=${() => this.copy('mcp-url')}>${item('d-mcp', 'Copy MCP server URL', 'Connect AI tools to these docs')}</button>`}
</div>`
    : nothing
}<span role="status" class="visually-hidden">${this.status ? LABELS[this.status] : ''}</span>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'folio-page-menu': FolioPageMenu;
  }
  interface HTMLElementEventMap {
    'folio-copy': CustomEvent<{ what: Copied }>;
  }
}
