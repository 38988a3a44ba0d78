import type { Analyzer, QueryTerm } from './analyzer.ts';
import type { PageSummaries, WeightedTerm } from './page-summaries.ts';

/** One side of a pair of translated pages: the route without its language folder, and the summary's text. */
export interface AlignedPage {
  route: string;
  summary: string;
}

/** At most this many English words per word of the other language. */
const TRANSLATIONS_PER_WORD = 3;
/** Association (shared pages squared over the product of each word's pages) below which a pair is not a translation. */
const MIN_ASSOCIATION = 0.2;
/** A word in more than this share of the pages says nothing of any page: not translated. */
const MAX_PAGE_SHARE = 0.2;

/**
 * The offline word vectors are English. A site translated into other languages serves the same page at
 * `/fr/x` and `/x`, so its translations teach a small lexicon: words that keep appearing in the
 * summaries of the same pages (`police` with `font`, `survol` with `hover`). A French query is carried
 * into English through it and compared with the English pages' summary vectors; each French page is
 * scored by its English twin's similarity. Learned from the site itself, whatever its languages.
 */
export class TranslatedQueries {
  private constructor(
    private readonly lexicon: Map<string, WeightedTerm[]>,
    /** Page number here -> page number of the English twin, -1 for a page without one. */
    private readonly twins: Int32Array,
    private readonly english: PageSummaries,
  ) {}

  static build(
    pages: AlignedPage[],
    analyzer: Analyzer,
    englishPages: AlignedPage[],
    englishAnalyzer: Analyzer,
    english: PageSummaries,
  ): TranslatedQueries | undefined {
    const englishByRoute = new Map(englishPages.map((page, number) => [page.route, number]));
    const twins = Int32Array.from(pages, (page) => englishByRoute.get(page.route) ?? -1);
    const pairs = pages.flatMap((page, number) => (twins[number]! >= 0 ? [[page, englishPages[twins[number]!]!] as const] : []));
    if (pairs.length === 0) return undefined;
    const termsOf = (text: string, of: Analyzer) => new Set(of.queryTerms(text).filter((t) => t.word !== '').map((t) => t.term));
    const englishWords = new Map<string, string>(); // stem -> a word of it, for its vector
    const together = new Map<string, Map<string, number>>();
    const count = new Map<string, number>();
    for (const [page, twin] of pairs) {
      const words = termsOf(page.summary, analyzer);
      const englishTerms = new Set<string>();
      for (const { term, word } of englishAnalyzer.queryTerms(twin.summary)) {
        if (word === '') continue;
        englishTerms.add(term);
        if (!englishWords.has(term)) englishWords.set(term, word);
      }
      for (const term of englishTerms) count.set(`en:${term}`, (count.get(`en:${term}`) ?? 0) + 1);
      for (const word of words) {
        count.set(word, (count.get(word) ?? 0) + 1);
        let row = together.get(word);
        if (!row) together.set(word, (row = new Map()));
        for (const term of englishTerms) row.set(term, (row.get(term) ?? 0) + 1);
      }
    }
    const lexicon = new Map<string, WeightedTerm[]>();
    for (const [word, row] of together) {
      const pagesWithWord = count.get(word)!;
      if (pagesWithWord > pairs.length * MAX_PAGE_SHARE) continue;
      const translations = [...row]
        .map(([term, shared]) => ({ term, association: (shared * shared) / (pagesWithWord * count.get(`en:${term}`)!) }))
        .filter(({ term, association }) => association >= MIN_ASSOCIATION && count.get(`en:${term}`)! <= pairs.length * MAX_PAGE_SHARE)
        .sort((a, b) => b.association - a.association)
        .slice(0, TRANSLATIONS_PER_WORD);
      if (translations.length > 0) {
        lexicon.set(word, translations.map(({ term, association }) => ({ term, word: englishWords.get(term)!, weight: association / translations.length })));
      }
    }
    return new TranslatedQueries(lexicon, twins, english);
  }

  /** The query carried into English as a summary vector, or undefined when none of its words translates. */
  queryVector(terms: QueryTerm[]): Float32Array | undefined {
    const translated = terms.flatMap(({ term }) => this.lexicon.get(term) ?? []);
    return translated.length > 0 ? this.english.queryVector(translated) : undefined;
  }

  /** Similarity of a page (by its English twin) with a translated query vector; 0 for a page without a twin. */
  similarity(page: number, query: Float32Array): number {
    const twin = this.twins[page]!;
    return twin >= 0 ? this.english.similarity(twin, query) : 0;
  }
}
