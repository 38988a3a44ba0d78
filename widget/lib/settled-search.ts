/** How long a reader stops typing before what the search box holds counts as what they settled on. */
export const SETTLE_MS = 2000;

/**
 * What a reader settled on in a search dialog, told apart from the keystrokes on the way there: the query
 * they paused on (SETTLE_MS without a keystroke), opened a result of, or left the dialog with, reported
 * once (docs/analytics.md, What counts as a search).
 */
export class SettledSearch {
  #pending = '';
  #reported = '';
  #timer?: ReturnType<typeof setTimeout>;

  constructor(private readonly report: (query: string) => void) {}

  /** The dialog opened: a search from here on is a new one, even of the query reported last time. */
  opened(): void {
    this.#reported = '';
  }

  /** The search box now holds `query` (trimmed); it settles if nothing is typed for a while. */
  typed(query: string): void {
    clearTimeout(this.#timer);
    this.#pending = query;
    if (query) this.#timer = setTimeout(() => this.settle(), SETTLE_MS);
  }

  /** The reader settled on what the box holds (they opened a result, or left): reported, unless it just was. */
  settle(): void {
    clearTimeout(this.#timer);
    const query = this.#pending;
    this.#pending = '';
    if (!query || query === this.#reported) return;
    this.#reported = query;
    this.report(query);
  }

  /** The query went to the assistant, which records it as a question: no search to report. */
  drop(): void {
    clearTimeout(this.#timer);
    this.#pending = '';
  }
}
