import type { Analyzer, QueryTerm } from './analyzer.ts';
import type { ExpansionTerm } from './keyword-index.ts';
import type { PageSummaries, WeightedTerm } from './page-summaries.ts';
import type { CorpusVocabulary, ExpansionOptions } from './query-expansion.ts';
import { columnLength, stringAt, stringColumn, type StringColumn } from './string-column.ts';

/** The terms (stems) of a page's summary, each with the first word it came from. */
export type PageTerms = Map<string, string>;

/** The terms of each page's summary (summaryText), for TranslatedQueries.build (a partition's are made once for all its translations). */
export function summaryTerms(summaries: readonly string[], analyzer: Analyzer): PageTerms[] {
  return summaries.map((summary) => {
    const terms: PageTerms = new Map();
    for (const { term, word } of analyzer.queryTerms(summary)) if (word !== '' && !terms.has(term)) terms.set(term, word);
    return terms;
  });
}

/**
 * A lexicon as plain data, by column: its words, how many translations each has, then every translation
 * in the words' order (its English stem, an English word of that stem, and its weight).
 */
export interface TranslatedQueriesState {
  words: StringColumn;
  counts: Uint8Array;
  terms: StringColumn;
  englishWords: StringColumn;
  weights: Float64Array;
  /** Page number here -> page number of the English twin, -1 for a page without one. */
  twins: Int32Array;
}

type Lexicon = Map<string, WeightedTerm[]>;

/** At most this many English words per word of the other language. */
const TRANSLATIONS_PER_WORD = 3;
/** Association (shared pages squared over the product of each word's pages) below which a pair is not a translation. */
const MIN_ASSOCIATION = 0.2;
/** A word in more than this share of the pages says nothing of any page: not translated. */
const MAX_PAGE_SHARE = 0.2;
/** Related words whose link (translation, English neighbour, translation back) is weaker than this are not added. */
const MIN_RELATEDNESS = 0.1;

/**
 * The offline word vectors are English. A site translated into other languages serves the same page at
 * `/fr/x` and `/x`, so its translations teach a small lexicon: words that keep appearing in the
 * summaries of the same pages (`police` with `font`, `survol` with `hover`). A French query is carried
 * into English through it and compared with the English pages' summary vectors; each French page is
 * scored by its English twin's similarity. Learned from the site itself, whatever its languages; a page
 * served in several versions is one page here, and counts once.
 */
export class TranslatedQueries {
  #lexicon: Lexicon | undefined;
  /** English stem -> the words of this language it translates, with their association. */
  #reverse: Map<string, { term: string; association: number }[]> | undefined;

  private constructor(
    private readonly state: TranslatedQueriesState,
    private readonly english: PageSummaries,
    private readonly englishVocabulary: CorpusVocabulary | undefined,
  ) {}

  /** What was learned, as plain data for a search artifact: the lexicon and each page's English twin. */
  toState(): TranslatedQueriesState {
    return this.state;
  }

  /** Back from toState(), linked to the English partition's summaries and vocabulary; its maps are made when a query first needs them. */
  static fromState(state: TranslatedQueriesState, english: PageSummaries, englishVocabulary: CorpusVocabulary | undefined): TranslatedQueries {
    return new TranslatedQueries(state, english, englishVocabulary);
  }

  /** Word of this language -> its translations. */
  private get lexicon(): Lexicon {
    this.#lexicon ??= lexiconOf(this.state);
    return this.#lexicon;
  }

  private get reverse(): Map<string, { term: string; association: number }[]> {
    this.#reverse ??= reverseOf(this.lexicon);
    return this.#reverse;
  }

  /**
   * Learns the lexicon from pages of this language and their English twins (`twins`: page number here ->
   * English page number, -1 for none; served-pages.ts twinsOf), their terms as summaryTerms gives them.
   */
  static build(
    pages: PageTerms[],
    englishPages: PageTerms[],
    twins: Int32Array,
    english: PageSummaries,
    englishVocabulary?: CorpusVocabulary,
  ): TranslatedQueries | undefined {
    const pairs = pages.flatMap((terms, number) => (twins[number]! >= 0 ? [[terms, englishPages[twins[number]!]!] as const] : []));
    if (pairs.length === 0) return undefined;
    const englishWords = new Map<string, string>(); // stem -> a word of it, for its vector
    // Pages each word is in, and each English term.
    const count = new Map<string, number>();
    const englishCount = new Map<string, number>();
    for (const [words, englishTerms] of pairs) {
      for (const [term, word] of englishTerms) {
        if (!englishWords.has(term)) englishWords.set(term, word);
        englishCount.set(term, (englishCount.get(term) ?? 0) + 1);
      }
      for (const word of words.keys()) count.set(word, (count.get(word) ?? 0) + 1);
    }
    // Words in too many pages are neither translated nor translations: their pairs are not counted.
    const tooCommon = Math.max(2, pairs.length * MAX_PAGE_SHARE);
    const together = new Map<string, Map<string, number>>();
    for (const [words, englishTerms] of pairs) {
      const telling = [...englishTerms.keys()].filter((term) => englishCount.get(term)! <= tooCommon);
      for (const word of words.keys()) {
        if (count.get(word)! > tooCommon) continue;
        let row = together.get(word);
        if (!row) together.set(word, (row = new Map()));
        for (const term of telling) row.set(term, (row.get(term) ?? 0) + 1);
      }
    }
    const lexicon: Lexicon = new Map();
    for (const [word, row] of together) {
      const pagesWithWord = count.get(word)!;
      const translations = [...row]
        .map(([term, shared]) => ({ term, association: (shared * shared) / (pagesWithWord * englishCount.get(term)!) }))
        .filter(({ association }) => association >= MIN_ASSOCIATION)
        .sort((a, b) => b.association - a.association)
        .slice(0, TRANSLATIONS_PER_WORD);
      if (translations.length > 0) {
        lexicon.set(
          word,
          translations.map(({ term, association }) => ({ term, word: englishWords.get(term)!, weight: association / translations.length })),
        );
      }
    }
    return new TranslatedQueries(stateOf(lexicon, twins), english, englishVocabulary);
  }

  /**
   * Words of this language related to the query's, found through English: each query word's translations
   * and their nearest English words, translated back (`survol` -> hover, mouse -> `souris`). The
   * language's own counterpart of query expansion (query-expansion.ts).
   */
  expand(terms: QueryTerm[], options: ExpansionOptions): ExpansionTerm[] {
    const asked = new Set(terms.map((t) => t.term));
    const expansions: ExpansionTerm[] = [];
    for (const { term: source } of terms) {
      const related = new Map<string, number>();
      for (const { term, word, weight = 0 } of this.lexicon.get(source) ?? []) {
        const association = weight * this.lexicon.get(source)!.length;
        const near = [{ stem: term, similarity: 1 }, ...(this.englishVocabulary?.neighbours(word) ?? []).filter((n) => n.similarity >= options.minSimilarity)];
        for (const { stem, similarity } of near) {
          for (const back of this.reverse.get(stem) ?? []) {
            const strength = association * similarity * back.association;
            if (!asked.has(back.term) && strength >= MIN_RELATEDNESS) related.set(back.term, Math.max(related.get(back.term) ?? 0, strength));
          }
        }
      }
      const best = [...related].sort((a, b) => b[1] - a[1]).slice(0, options.neighbours);
      for (const [term, strength] of best) expansions.push({ term, weight: strength * options.weight, source, similarity: strength });
    }
    return expansions;
  }

  /** The English words the query's words translate to, each weighted by its association. */
  translate(terms: QueryTerm[]): WeightedTerm[] {
    return terms.flatMap(({ term }) => this.lexicon.get(term) ?? []);
  }

  /** The query carried into English as a summary vector, or undefined when none of its words translates. */
  queryVector(terms: QueryTerm[]): Float32Array | undefined {
    const translated = this.translate(terms);
    return translated.length > 0 ? this.english.queryVector(translated) : undefined;
  }

  /** Similarity of a page (by its English twin) with a translated query vector; 0 for a page without a twin. */
  similarity(page: number, query: Float32Array): number {
    const twin = this.state.twins[page]!;
    return twin >= 0 ? this.english.similarity(twin, query) : 0;
  }
}

function stateOf(lexicon: Lexicon, twins: Int32Array): TranslatedQueriesState {
  const translations = [...lexicon.values()].flat();
  return {
    words: stringColumn([...lexicon.keys()]),
    counts: Uint8Array.from(lexicon.values(), (terms) => terms.length),
    terms: stringColumn(translations.map(({ term }) => term)),
    englishWords: stringColumn(translations.map(({ word }) => word)),
    weights: Float64Array.from(translations, ({ weight = 0 }) => weight),
    twins,
  };
}

function lexiconOf(state: TranslatedQueriesState): Lexicon {
  const lexicon: Lexicon = new Map();
  let at = 0;
  for (let i = 0; i < columnLength(state.words); i++) {
    const translations: WeightedTerm[] = [];
    for (const end = at + state.counts[i]!; at < end; at++) {
      translations.push({ term: stringAt(state.terms, at)!, word: stringAt(state.englishWords, at)!, weight: state.weights[at]! });
    }
    lexicon.set(stringAt(state.words, i)!, translations);
  }
  return lexicon;
}

/** English stem -> the words of the other language it translates, with their association. */
function reverseOf(lexicon: Lexicon): Map<string, { term: string; association: number }[]> {
  const reverse = new Map<string, { term: string; association: number }[]>();
  for (const [word, translations] of lexicon) {
    for (const { term, weight = 0 } of translations) {
      const back = reverse.get(term) ?? [];
      back.push({ term: word, association: weight * translations.length });
      reverse.set(term, back);
    }
  }
  return reverse;
}
