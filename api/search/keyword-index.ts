import type { Analyzer, QueryTerm } from './analyzer.ts';
import { typoBudget, typoDistance } from './edit-distance.ts';
import { columnLength, isAt, lowerBoundOf, startsWithAt, stringAt, stringColumn, type StringColumn } from './string-column.ts';
import { TopK, type Hit } from './top-k.ts';

export interface KeywordDocument {
  title: string;
  heading: string;
  content: string;
  /** The page's frontmatter keywords, weighted like the title. */
  keywords: string;
  /** The page's frontmatter description: a summary of what the page is for. */
  description: string;
}

/** How much a term counts in each field (BM25F): titles and headings weigh more than body text. */
const FIELD_WEIGHTS = { title: 3, keywords: 3, heading: 2, description: 1, content: 1 } as const;

/** The fields of a document that hold a term, as bits (`fieldsOf`). */
export const FIELD = { title: 1, keywords: 2, heading: 4, description: 8, content: 16 } as const;

export interface KeywordHit extends Hit {
  /** Share of the query's weight (idf) that the document matches: 1 when it has every query word. */
  coverage: number;
  /** The same, where a query word the document lacks counts by its closest related word it has (similarity 0 to 1). */
  softCoverage: number;
}

/** A word added to the query (see query-expansion.ts), counted at `weight` of a query word. */
export interface ExpansionTerm {
  term: string;
  weight: number;
  /** The query term it is related to, and how closely (0 to 1). */
  source: string;
  similarity: number;
}
const K1 = 1.2;
const B = 0.75;
/** A typo or prefix expansion scores at this fraction of an exact match. */
const FUZZY_DISCOUNT = 0.6;
const PREFIX_DISCOUNT = 0.7;
const MAX_EXPANSIONS = 8;
/** Related words (query expansion) found in more than this share of the documents are not added. */
const EXPANSION_MAX_SHARE = 0.1;

/** A document as analysis leaves it: all the index needs of it, its text no more. */
export interface AnalyzedDocument {
  /** Its terms in the order they first appear, each with its weight (BM25F: the sum of its fields' weights) and fields (FIELD bits). */
  terms: string[];
  weights: number[];
  fields: number[];
  /** Words in its content. */
  length: number;
  /** Its plain words in the order they first appear, each followed by its term: [word, term, word, term, ...]. */
  words: string[];
}

/** Reads a document's fields with the analyzer: what KeywordIndex.fromAnalyzed indexes. */
export function analyzeDocument(document: KeywordDocument, analyzer: Analyzer): AnalyzedDocument {
  const weights = new Map<string, number>();
  const fields = new Map<string, number>();
  const words = new Map<string, string>();
  let length = 0;
  for (const field of ['title', 'keywords', 'heading', 'description', 'content'] as const) {
    const fieldWeight = FIELD_WEIGHTS[field];
    analyzer.scan(document[field], (term, word) => {
      if (field === 'content') length++;
      weights.set(term, (weights.get(term) ?? 0) + fieldWeight);
      fields.set(term, (fields.get(term) ?? 0) | FIELD[field]);
      if (word !== '' && !words.has(word)) words.set(word, term);
    });
  }
  const terms = [...weights.keys()];
  return { terms, weights: terms.map((term) => weights.get(term)!), fields: terms.map((term) => fields.get(term)!), length, words: [...words].flat() };
}

/** A term's postings: the documents that hold it, how much each holds it, and in which fields. */
interface Postings {
  docs: Int32Array;
  weights: Float32Array;
  /** Which fields of each document hold the term (FIELD bits). */
  fields: Uint8Array;
}

/** A keyword index as plain data: what a search artifact stores (see search-artifact.ts). */
export interface KeywordIndexState {
  size: number;
  /** Every indexed term, sorted; term i's postings are entries starts[i] to starts[i + 1] of the packed arrays. */
  terms: StringColumn;
  starts: Uint32Array;
  docs: Int32Array;
  weights: Float32Array;
  fields: Uint8Array;
  /** Each document's length in words (its content's). */
  lengths: Float32Array;
  /** Every plain word of the indexed text, and the number of its stem among `terms`. */
  words: StringColumn;
  wordTerms: Uint32Array;
}

/**
 * BM25F over compact postings (typed arrays, packed for all terms): built in one pass, searched by
 * touching only the postings of the query's terms and keeping the best k in a heap. Terms are found by
 * binary search in their sorted list. Unknown terms are matched with one typo (two from 8 letters)
 * against the words of the indexed text; the last query term also matches as a prefix (search as you
 * type), found by the same binary search, not a scan.
 */
export class KeywordIndex {
  readonly size: number;
  readonly #state: KeywordIndexState;
  #words: ReadonlyMap<string, string> | undefined;
  readonly #lengthNorm: Float32Array;
  readonly #scores: Float32Array;
  readonly #matched: Float32Array;
  readonly #soft: Float32Array;
  /** For soft coverage: the query term that last matched each document, and how closely. */
  readonly #softTerm: Int32Array;
  readonly #softBest: Float32Array;
  readonly #touched: Int32Array;

  private constructor(state: KeywordIndexState) {
    const { size, lengths } = state;
    this.size = size;
    this.#state = state;
    const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, size);
    this.#lengthNorm = lengths.map((length) => K1 * (1 - B + (B * length) / Math.max(1, average)));
    this.#scores = new Float32Array(size);
    this.#matched = new Float32Array(size);
    this.#soft = new Float32Array(size);
    this.#softTerm = new Int32Array(size).fill(-1);
    this.#softBest = new Float32Array(size);
    this.#touched = new Int32Array(size);
  }

  /** Every plain word of the indexed text and its stem (identifiers and CJK bigrams aside); made on first use. */
  get words(): ReadonlyMap<string, string> {
    const { words, wordTerms, terms } = this.#state;
    this.#words ??= new Map(Array.from(wordTerms, (term, i) => [stringAt(words, i)!, stringAt(terms, term)!]));
    return this.#words;
  }

  static fromState(state: KeywordIndexState): KeywordIndex {
    return new KeywordIndex(state);
  }

  /** The index as plain data, for a search artifact. */
  toState(): KeywordIndexState {
    return this.#state;
  }

  static build(documents: KeywordDocument[], analyzer: Analyzer): KeywordIndex {
    return KeywordIndex.fromAnalyzed(documents.map((document) => analyzeDocument(document, analyzer)));
  }

  /** The index of documents already analysed (a page's analysis is kept from one deployment to the next). */
  static fromAnalyzed(documents: readonly AnalyzedDocument[]): KeywordIndex {
    // Two passes over the documents with terms numbered as met: count each term's postings, then place
    // each posting at its term's next slot, in sorted term order. No per-term lists of boxed numbers.
    const numbers = new Map<string, number>();
    let counts: Uint32Array = new Uint32Array(1024);
    const lengths = new Float32Array(documents.length);
    const words = new Map<string, string>();
    documents.forEach((document, doc) => {
      lengths[doc] = document.length;
      for (let i = 0; i < document.words.length; i += 2) {
        if (!words.has(document.words[i]!)) words.set(document.words[i]!, document.words[i + 1]!);
      }
      for (const term of document.terms) {
        let number = numbers.get(term);
        if (number === undefined) {
          number = numbers.size;
          numbers.set(term, number);
          if (number === counts.length) counts = grown(counts);
        }
        counts[number]!++;
      }
    });
    const terms = [...numbers.keys()].sort();
    const starts = new Uint32Array(terms.length + 1);
    const next = new Uint32Array(numbers.size);
    terms.forEach((term, rank) => {
      const number = numbers.get(term)!;
      starts[rank + 1] = starts[rank]! + counts[number]!;
      next[number] = starts[rank]!;
    });
    const total = starts[terms.length]!;
    const packed = { docs: new Int32Array(total), weights: new Float32Array(total), fields: new Uint8Array(total) };
    documents.forEach((document, doc) => {
      document.terms.forEach((term, i) => {
        const at = next[numbers.get(term)!]!++;
        packed.docs[at] = doc;
        packed.weights[at] = document.weights[i]!;
        packed.fields[at] = document.fields[i]!;
      });
    });
    const rankOf = new Map(terms.map((term, rank) => [term, rank]));
    return new KeywordIndex({
      size: documents.length,
      terms: stringColumn(terms),
      starts,
      ...packed,
      lengths,
      words: stringColumn([...words.keys()]),
      wordTerms: Uint32Array.from(words.values(), (term) => rankOf.get(term)!),
    });
  }

  /** A term's postings (views into the packed arrays), or undefined for a term the index lacks. */
  #postings(term: string): Postings | undefined {
    const { terms, starts, docs, weights, fields } = this.#state;
    const at = lowerBoundOf(terms, term);
    if (!isAt(terms, at, term)) return undefined;
    const [from, to] = [starts[at]!, starts[at + 1]!];
    return { docs: docs.subarray(from, to), weights: weights.subarray(from, to), fields: fields.subarray(from, to) };
  }

  /** How many documents hold a term (0 for an unknown one). */
  #documentCount(term: string): number {
    const { terms, starts } = this.#state;
    const at = lowerBoundOf(terms, term);
    return isAt(terms, at, term) ? starts[at + 1]! - starts[at]! : 0;
  }

  /**
   * The best `limit` documents for the query, best first, each with the share of the query it covers.
   * `seenWords` (word -> stem; the partition's words, not the process's) is what typos are matched against; `expansions` are related words added
   * at a fraction of a query word's weight; `accepts`, when given, leaves out the documents it refuses
   * (they are scored all the same, as part of the index's statistics). Not re-entrant (scores live in one buffer).
   */
  search(
    queryTerms: QueryTerm[],
    limit: number,
    seenWords: ReadonlyMap<string, string>,
    expansions: ExpansionTerm[] = [],
    accepts?: (doc: number) => boolean,
  ): KeywordHit[] {
    const unique = [...new Map(queryTerms.map((q) => [q.term, q])).values()];
    let touchedCount = 0;
    const scores = this.#scores;
    const matched = this.#matched;
    const soft = this.#soft;
    const softTerm = this.#softTerm;
    const softBest = this.#softBest;
    const touched = this.#touched;
    const lengthNorm = this.#lengthNorm;
    /** Adds a term's postings: `factor` of its BM25F score, `share` to coverage, `closeness` towards query term `index`. */
    const accumulate = (postings: Postings, factor: number, share: number, index: number, softShare: number, closeness: number) => {
      const idf = bm25Idf(this.size, postings.docs.length) * factor;
      const { docs, weights } = postings;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        const tf = weights[i]!;
        if (softTerm[doc] === -1 && scores[doc] === 0) touched[touchedCount++] = doc;
        scores[doc]! += (idf * tf * (K1 + 1)) / (tf + lengthNorm[doc]!);
        matched[doc]! += share;
        if (softTerm[doc] !== index) {
          softTerm[doc] = index;
          softBest[doc] = closeness;
          soft[doc]! += softShare * closeness;
        } else if (closeness > softBest[doc]!) {
          soft[doc]! += softShare * (closeness - softBest[doc]!);
          softBest[doc] = closeness;
        }
      }
    };
    // A word the index has never seen weighs like the rarest word: a query about it is not covered.
    const termIdf = unique.map(({ term }) => this.idf(term));
    const totalIdf = termIdf.reduce((sum, idf) => sum + idf, 0) || 1;
    const asked = new Set(unique.map((q) => q.term));
    unique.forEach(({ term, word }, index) => {
      const share = termIdf[index]! / totalIdf;
      const exact = this.#postings(term);
      if (exact) accumulate(exact, 1, share, index, share, 1);
      else
        for (const variant of this.typoVariants(word, seenWords))
          accumulate(this.#postings(variant)!, FUZZY_DISCOUNT, share * FUZZY_DISCOUNT, index, share, FUZZY_DISCOUNT);
      if (index === unique.length - 1 && word.length >= 3) {
        for (const completion of this.completions(word)) accumulate(this.#postings(completion)!, PREFIX_DISCOUNT, 0, index, 0, 0);
      }
      for (const expansion of expansions) {
        const postings = expansion.source === term && !asked.has(expansion.term) ? this.#postings(expansion.term) : undefined;
        // A related word that most documents have says little and costs the most: left out.
        if (postings && postings.docs.length <= this.size * EXPANSION_MAX_SHARE) accumulate(postings, expansion.weight, 0, index, share, expansion.similarity);
      }
    });
    const top = new TopK(limit);
    const coverage = new Map<number, { coverage: number; softCoverage: number }>();
    for (let i = 0; i < touchedCount; i++) {
      const doc = touched[i]!;
      if ((!accepts || accepts(doc)) && top.offer(doc, scores[doc]!))
        coverage.set(doc, { coverage: Math.min(1, matched[doc]!), softCoverage: Math.min(1, soft[doc]!) });
      scores[doc] = 0;
      matched[doc] = 0;
      soft[doc] = 0;
      softTerm[doc] = -1;
    }
    return top.sorted().map((hit) => ({ ...hit, ...(coverage.get(hit.doc) ?? { coverage: 0, softCoverage: 0 }) }));
  }

  /**
   * The fields that hold `term` (FIELD bits; 0 where none does) of documents `from` to `to - 1`, in
   * order: a page's sections, for one look-up of the term.
   */
  fieldsOfRange(term: string, from: number, to: number): Uint8Array {
    const held = new Uint8Array(Math.max(0, to - from));
    const postings = this.#postings(term);
    if (!postings) return held;
    const { docs, fields } = postings;
    for (let at = lowerBound(docs, from); at < docs.length && docs[at]! < to; at++) held[docs[at]! - from] = fields[at]!;
    return held;
  }

  /** Inverse document frequency of a term (a stem, an identifier or a CJK bigram); the rarest value for an unknown one. */
  idf(term: string): number {
    return bm25Idf(this.size, this.#documentCount(term));
  }

  /** Stems of indexed words one typo away from `word` (two from 8 letters), most frequent first. */
  private typoVariants(word: string, seenWords: ReadonlyMap<string, string>): string[] {
    const budget = typoBudget(word);
    if (budget === 0) return [];
    const found = new Set<string>();
    // Only words of the same first letter can be a typo away (typoDistance), so only those are tried.
    const sameInitial = wordsByInitial(seenWords).get(word[0]!) ?? [];
    for (let i = 0; i < sameInitial.length; i += 2) {
      const stem = sameInitial[i + 1]!;
      if (typoDistance(word, sameInitial[i]!, budget) <= budget && this.#documentCount(stem) > 0) found.add(stem);
    }
    return this.mostFrequent([...found]);
  }

  /** Indexed terms that start with `prefix` (other than itself), most frequent first. */
  private completions(prefix: string): string[] {
    const vocabulary = this.#state.terms;
    const found: string[] = [];
    for (let i = lowerBoundOf(vocabulary, prefix); i < columnLength(vocabulary) && startsWithAt(vocabulary, i, prefix) && found.length < 200; i++) {
      if (!isAt(vocabulary, i, prefix)) found.push(stringAt(vocabulary, i)!);
    }
    return this.mostFrequent(found);
  }

  private mostFrequent(terms: string[]): string[] {
    return terms.sort((a, b) => this.#documentCount(b) - this.#documentCount(a)).slice(0, MAX_EXPANSIONS);
  }
}

/** Each set of words (word -> stem) grouped by first letter, as flat [word, stem, word, stem, …] lists in the set's order; made on first use. */
const byInitial = new WeakMap<ReadonlyMap<string, string>, Map<string, string[]>>();

function wordsByInitial(words: ReadonlyMap<string, string>): Map<string, string[]> {
  let groups = byInitial.get(words);
  if (!groups) {
    groups = new Map();
    for (const [word, stem] of words) {
      const group = groups.get(word[0]!);
      if (group) group.push(word, stem);
      else groups.set(word[0]!, [word, stem]);
    }
    byInitial.set(words, groups);
  }
  return groups;
}

/** The first index of sorted `items` whose item is not below `value` (its length when there is none). */
function lowerBound(items: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (items[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** BM25's inverse document frequency of a term found in `documents` of `size` documents. */
function bm25Idf(size: number, documents: number): number {
  return Math.log(1 + (size - documents + 0.5) / (documents + 0.5));
}

/** A copy twice the size, for counts that outgrow their array. */
function grown(counts: Uint32Array): Uint32Array {
  const larger = new Uint32Array(counts.length * 2);
  larger.set(counts);
  return larger;
}
