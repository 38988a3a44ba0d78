import type { Analyzer } from './analyzer.ts';

/** A chunk's heading and text as index terms. */
export interface SectionTerms {
  heading: Set<string>;
  text: Set<string>;
}

/** Chunks whose terms are kept: the sections of the pages searches found lately (about 7 MB at most). */
const CAPACITY = 2048;

/**
 * The terms of chunks' headings and texts, remembered for the chunks read most recently. Choosing a
 * result page's best sections reads every section of it, and breaking a page into words again on every
 * search was most of a search's time; popular pages are found again and again.
 */
export class SectionTermCache {
  readonly #entries = new Map<number, SectionTerms>();

  constructor(
    private readonly analyzer: Analyzer,
    private readonly headingOf: (doc: number) => string,
    private readonly textOf: (doc: number) => string,
  ) {}

  of(doc: number): SectionTerms {
    let terms = this.#entries.get(doc);
    if (terms) {
      // Most recently used last: the first entry is the one to forget.
      this.#entries.delete(doc);
    } else {
      terms = { heading: new Set(this.analyzer.terms(this.headingOf(doc))), text: new Set(this.analyzer.terms(this.textOf(doc))) };
      if (this.#entries.size >= CAPACITY) this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(doc, terms);
    return terms;
  }
}
