import { html, LitElement, nothing, unsafeCSS, type PropertyValues } from 'lit';
import { errorMessage } from '../lib/api-error.ts';
import { emit, navigate } from '../lib/events.ts';
import { focusGuard } from '../lib/focus-trap.ts';
import { groupByPage, headingOf } from '../lib/group-results.ts';
import { highlight, queryPattern, snippet } from '../lib/highlight.ts';
import { forgetSearches, recentSearches, rememberSearch } from '../lib/recent-searches.ts';
import { DEBOUNCE_MS, reportOpened, reportSettled, searchDocs, type SearchResult } from '../lib/search-client.ts';
import { SettledSearch } from '../lib/settled-search.ts';
import type { ServerSettings } from '../lib/server.ts';
import { pageUrl } from '../lib/site-links.ts';
import { closeIcon, historyIcon, pageIcon, searchIcon, sparkIcon } from '../styles/icons.ts';
import styles from '../styles/search-dialog.css?inline';
import { base, dialog } from '../styles/theme.ts';

type Option = { kind: 'ask' } | { kind: 'recent'; query: string } | { kind: 'result'; result: SearchResult };

/**
 * The search dialog of `<folio-search>`: a combobox (the input) controlling a listbox of results
 * grouped by page, with the "ask the assistant" option first. ARIA's combobox pattern: focus stays in
 * the input, arrows move `aria-activedescendant`, Enter activates.
 *
 * The listbox itself is what scrolls, not a box around it: as the combobox's popup it is scrolled by
 * the arrow keys from the input (the active option scrolls into view), as the pattern has it and
 * axe-core's scrollable-region-focusable accepts. A tab stop of its own would take focus out of the
 * input, where typing refines the query and `aria-activedescendant` is read from.
 */
export class FolioSearchDialog extends LitElement {
  static override styles = [base, dialog, unsafeCSS(styles)];
  static override properties = {
    settings: { attribute: false },
    siteUrl: { attribute: false },
    query: { state: true },
    results: { state: true },
    phase: { state: true },
    error: { state: true },
    active: { state: true },
    recent: { state: true },
  };

  declare settings: ServerSettings;
  declare siteUrl: string;
  declare query: string;
  declare results: SearchResult[];
  declare phase: 'idle' | 'loading' | 'done' | 'error';
  declare error: string;
  declare active: number;
  declare recent: string[];
  /** Called when no <folio-assistant> on the page took a question. */
  onUnhandledAsk?: (query: string) => void;
  /** What the live region says: result counts and failures. */
  private announcement = '';
  private timer?: ReturnType<typeof setTimeout>;
  private request?: AbortController;
  /** The query the shown results answer. */
  private answered = '';
  /** What the reader settles on, which alone analytics count (the searches as they type are marked so). */
  private settled = new SettledSearch((query) => reportSettled(this.settings, query));
  private readonly onPageHide = () => this.settled.settle();

  constructor() {
    super();
    this.query = '';
    this.results = [];
    this.phase = 'idle';
    this.error = '';
    this.active = 0;
    this.recent = [];
  }

  get isOpen(): boolean {
    return this.dialogElement?.open ?? false;
  }

  private get dialogElement() {
    return this.renderRoot.querySelector('dialog');
  }

  async show(): Promise<void> {
    await this.updateComplete;
    if (this.isOpen) return;
    this.recent = recentSearches(this.settings.baseUrl, this.settings.domain);
    this.dialogElement!.showModal();
    this.settled.opened();
    const input = this.renderRoot.querySelector('input')!;
    input.focus();
    input.select();
    emit(this, 'folio-open', { widget: 'search' });
  }

  close(): void {
    this.dialogElement?.close();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Leaving the page with a query in the box is leaving the dialog.
    window.addEventListener('pagehide', this.onPageHide);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('pagehide', this.onPageHide);
    clearTimeout(this.timer);
    this.request?.abort();
    this.settled.settle();
  }

  private get options(): Option[] {
    if (!this.query.trim()) return this.recent.map((query) => ({ kind: 'recent', query }));
    // In the order shown: grouped by page.
    const results = groupByPage(this.results).flatMap((group) => group.results);
    return [{ kind: 'ask' }, ...results.map((result): Option => ({ kind: 'result', result }))];
  }

  private onInput(event: Event): void {
    this.query = (event.target as HTMLInputElement).value;
    this.settled.typed(this.query.trim());
    clearTimeout(this.timer);
    if (!this.query.trim()) {
      this.request?.abort();
      this.results = [];
      this.phase = 'idle';
      this.active = 0;
      return;
    }
    this.timer = setTimeout(() => void this.search(this.query.trim()), DEBOUNCE_MS);
  }

  private async search(query: string): Promise<void> {
    this.request?.abort();
    const request = new AbortController();
    this.request = request;
    this.phase = 'loading';
    try {
      const results = await searchDocs(this.settings, query, request.signal);
      if (request.signal.aborted) return;
      this.results = results;
      this.answered = query;
      this.active = results.length > 0 ? 1 : 0;
      this.phase = 'done';
      const pages = groupByPage(results).length;
      this.announcement = results.length ? `${results.length} results on ${pages} ${pages === 1 ? 'page' : 'pages'}.` : `No results for ${query}.`;
    } catch (error) {
      if (request.signal.aborted) return;
      this.phase = 'error';
      this.error = errorMessage(error);
      this.announcement = this.error;
    }
  }

  private onClose(): void {
    this.settled.settle();
    emit(this, 'folio-close', { widget: 'search' });
  }

  private onKeydown(event: KeyboardEvent): void {
    const count = this.options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      this.active = (this.active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
    } else if (event.key === 'Enter' && !event.isComposing) {
      event.preventDefault();
      const option = this.options[this.active];
      if (option) this.choose(option, event.ctrlKey || event.metaKey);
    }
  }

  private choose(option: Option, isNewTab: boolean): void {
    const { baseUrl, domain } = this.settings;
    if (option.kind === 'recent') {
      this.query = option.query;
      this.settled.typed(option.query);
      void this.search(option.query);
      return;
    }
    const query = this.query.trim();
    rememberSearch(baseUrl, domain, query);
    if (option.kind === 'ask') {
      this.settled.drop();
      this.close();
      const isHandled = !emit(this, 'folio-ask', { query }, true);
      if (!isHandled) this.onUnhandledAsk?.(query);
      return;
    }
    const url = pageUrl(option.result.path, this.siteUrl);
    if (!url) return;
    this.settled.settle();
    if (query) reportOpened(this.settings, query, option.result.path);
    if (!isNewTab) this.close();
    navigate(this, url, isNewTab);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('active')) this.renderRoot.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }

  override render() {
    const options = this.options;
    const activeId = options.length > 0 ? `option-${this.active}` : undefined;
    return html`<dialog part="dialog search-dialog" aria-label="Search the documentation" @close=${this.onClose}>
      ${focusGuard('start')}
      <div class="bar">
        ${searchIcon(20)}
        <input
          part="input"
          role="combobox"
          aria-label="Search the documentation"
          aria-autocomplete="list"
          aria-controls="listbox"
          aria-expanded=${options.length > 0 ? 'true' : 'false'}
          aria-activedescendant=${activeId ?? nothing}
          autocomplete="off"
          autocapitalize="off"
          spellcheck="false"
          enterkeyhint="search"
          placeholder="Search the docs"
          maxlength="1000"
          .value=${this.query}
          @input=${this.onInput}
          @keydown=${this.onKeydown}
        />
        <button class="icon-button" aria-label="Close" @click=${() => this.close()}>${closeIcon()}</button>
      </div>
      <div class="results" part="results" aria-busy=${this.phase === 'loading' ? 'true' : 'false'}>
        <div id="listbox" role="listbox" aria-label="Search results" data-query=${this.answered}>${this.renderListbox(options)}</div>
        ${this.renderState()}
      </div>
      <div class="hints">
        <span class="keys"><kbd>↑</kbd> <kbd>↓</kbd> to move</span><span class="keys"><kbd>↵</kbd> to open</span><span class="keys"><kbd>esc</kbd> to close</span>
        <span>Search by Folio</span>
      </div>
      <div role="status" class="visually-hidden">${this.announcement}</div>
      ${focusGuard('end')}
    </dialog>`;
  }

  private renderState() {
    if (this.phase === 'error') return html`<p class="status error" part="error">${this.error}</p>`;
    if (!this.query.trim()) {
      return this.recent.length
        ? html`<p class="status"><button class="icon-button" @click=${this.clearRecent}>Clear recent searches</button></p>`
        : html`<p class="status">Type to search the documentation.</p>`;
    }
    if (this.phase === 'loading' && this.answered !== this.query.trim()) return html`<p class="status">Searching…</p>`;
    if (this.phase === 'done' && this.results.length === 0) return html`<p class="status">No results for “${this.answered}”.</p>`;
    return nothing;
  }

  private clearRecent(): void {
    forgetSearches(this.settings.baseUrl, this.settings.domain);
    this.recent = [];
    this.renderRoot.querySelector('input')?.focus();
  }

  private renderListbox(options: Option[]) {
    const pattern = queryPattern(this.answered);
    const option = (index: number, icon: unknown, content: unknown) =>
      html`<div
        id="option-${index}"
        role="option"
        part="option"
        aria-selected=${index === this.active ? 'true' : 'false'}
        @mousemove=${() => index !== this.active && ((this.active = index))}
        @click=${(event: MouseEvent) => this.choose(options[index]!, event.ctrlKey || event.metaKey)}
      >
        ${icon}<span class="option-text">${content}</span>
      </div>`;
    const marked = (text: string) => highlight(text, pattern).map((piece) => (piece.isMatch ? html`<mark>${piece.text}</mark>` : piece.text));

    if (options[0]?.kind === 'recent') {
      return html`<div role="group" aria-labelledby="recent-title">
        <div id="recent-title" role="presentation" class="group-title">Recent searches</div>
        ${options.map((entry, index) => option(index, historyIcon(), (entry as { query: string }).query))}
      </div>`;
    }
    if (options.length === 0) return nothing;
    let index = 1;
    return html`${option(0, sparkIcon(), html`<span class="heading">Ask the assistant</span><span class="snippet">${this.query.trim()}</span>`)}
    ${groupByPage(this.results).map(
      (group, groupIndex) => html`<div role="group" aria-labelledby="group-${groupIndex}">
        <div id="group-${groupIndex}" role="presentation" class="group-title">${group.section ? `${group.section} › ` : ''}${group.title}</div>
        ${group.results.map((result) =>
          option(
            index++,
            pageIcon(),
            html`<span class="heading">${marked(headingOf(result))}</span><span class="snippet">${marked(snippet(result.content, pattern))}</span>`,
          ),
        )}
      </div>`,
    )}`;
  }
}
