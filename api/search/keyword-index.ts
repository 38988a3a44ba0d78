import type { Analyzer, QueryTerm } from './analyzer.ts';
import { boundedEditDistance } from './edit-distance.ts';
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
const K1 = 1.2;
const B = 0.75;
/** A typo or prefix expansion scores at this fraction of an exact match. */
const FUZZY_DISCOUNT = 0.6;
const PREFIX_DISCOUNT = 0.7;
const MAX_EXPANSIONS = 8;

interface Postings {
  docs: Int32Array;
  weights: Float32Array;
}

/**
 * BM25F over compact postings (typed arrays per term): built in one pass, searched by touching only
 * the postings of the query's terms and keeping the best k in a heap. Unknown terms are matched with
 * one typo (two from 8 letters); the last query term also matches as a prefix (search as you type),
 * through a sorted vocabulary, so the expansion costs a binary search, not a scan of the tree.
 */
export class KeywordIndex {
  readonly size: number;
  readonly #postings: Map<string, Postings>;
  readonly #lengthNorm: Float32Array;
  readonly #vocabulary: string[];
  readonly #scores: Float32Array;
  readonly #touched: Int32Array;

  private constructor(size: number, postings: Map<string, Postings>, lengths: Float32Array) {
    this.size = size;
    this.#postings = postings;
    this.#vocabulary = [...postings.keys()].sort();
    const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, size);
    this.#lengthNorm = lengths.map((length) => K1 * (1 - B + (B * length) / Math.max(1, average)));
    this.#scores = new Float32Array(size);
    this.#touched = new Int32Array(size);
  }

  static build(documents: KeywordDocument[], analyzer: Analyzer): KeywordIndex {
    const lists = new Map<string, { docs: number[]; weights: number[] }>();
    const lengths = new Float32Array(documents.length);
    const weights = new Map<string, number>();
    documents.forEach((document, doc) => {
      weights.clear();
      let length = 0;
      for (const field of ['title', 'keywords', 'heading', 'description', 'content'] as const) {
        const fieldWeight = FIELD_WEIGHTS[field];
        const terms = analyzer.terms(document[field]);
        length += field === 'content' ? terms.length : 0;
        for (const term of terms) weights.set(term, (weights.get(term) ?? 0) + fieldWeight);
      }
      lengths[doc] = length;
      for (const [term, weight] of weights) {
        let list = lists.get(term);
        if (!list) {
          list = { docs: [], weights: [] };
          lists.set(term, list);
        }
        list.docs.push(doc);
        list.weights.push(weight);
      }
    });
    const postings = new Map<string, Postings>();
    for (const [term, list] of lists) {
      postings.set(term, { docs: Int32Array.from(list.docs), weights: Float32Array.from(list.weights) });
    }
    return new KeywordIndex(documents.length, postings, lengths);
  }

  /**
   * The best `limit` documents for the query, best first. `seenWords` (word -> stem) is what typos are
   * matched against. Not re-entrant (scores live in one buffer).
   */
  search(queryTerms: QueryTerm[], limit: number, seenWords: ReadonlyMap<string, string>): Hit[] {
    const unique = [...new Map(queryTerms.map((q) => [q.term, q])).values()];
    let touchedCount = 0;
    const scores = this.#scores;
    const touched = this.#touched;
    const accumulate = (postings: Postings, factor: number) => {
      const idf = Math.log(1 + (this.size - postings.docs.length + 0.5) / (postings.docs.length + 0.5)) * factor;
      const { docs, weights } = postings;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        const tf = weights[i]!;
        if (scores[doc] === 0) touched[touchedCount++] = doc;
        scores[doc]! += (idf * tf * (K1 + 1)) / (tf + this.#lengthNorm[doc]!);
      }
    };
    unique.forEach(({ term, word }, index) => {
      const exact = this.#postings.get(term);
      if (exact) accumulate(exact, 1);
      else for (const variant of this.typoVariants(word, seenWords)) accumulate(this.#postings.get(variant)!, FUZZY_DISCOUNT);
      if (index === unique.length - 1 && word.length >= 3) {
        for (const completion of this.completions(word)) accumulate(this.#postings.get(completion)!, PREFIX_DISCOUNT);
      }
    });
    const top = new TopK(limit);
    for (let i = 0; i < touchedCount; i++) {
      const doc = touched[i]!;
      top.offer(doc, scores[doc]!);
      scores[doc] = 0;
    }
    return top.sorted();
  }

  /** Stems of indexed words one typo away from `word` (two from 8 letters), most frequent first. */
  private typoVariants(word: string, seenWords: ReadonlyMap<string, string>): string[] {
    if (word.length < 4 || /[^\p{L}]/u.test(word)) return [];
    const budget = word.length >= 8 ? 2 : 1;
    const found = new Set<string>();
    for (const [candidate, stem] of seenWords) {
      if (Math.abs(candidate.length - word.length) > budget || candidate[0] !== word[0] || !this.#postings.has(stem)) continue;
      if (boundedEditDistance(word, candidate, budget) <= budget) found.add(stem);
    }
    return this.mostFrequent([...found]);
  }

  /** Indexed terms that start with `prefix` (other than itself), most frequent first. */
  private completions(prefix: string): string[] {
    const vocabulary = this.#vocabulary;
    let low = 0;
    let high = vocabulary.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (vocabulary[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < vocabulary.length && vocabulary[i]!.startsWith(prefix) && found.length < 200; i++) {
      if (vocabulary[i] !== prefix) found.push(vocabulary[i]!);
    }
    return this.mostFrequent(found);
  }

  private mostFrequent(terms: string[]): string[] {
    return terms
      .sort((a, b) => this.#postings.get(b)!.docs.length - this.#postings.get(a)!.docs.length)
      .slice(0, MAX_EXPANSIONS);
  }

}
