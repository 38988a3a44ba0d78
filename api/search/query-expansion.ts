import type { QueryTerm } from './analyzer.ts';
import { dotAt, normalise } from './embedders/embedder.ts';
import { wordVectors, type WordVectorTable } from './embedders/word-vector-table.ts';
import type { ExpansionTerm } from './keyword-index.ts';

export interface ExpansionOptions {
  /** At most this many related words per query word. */
  neighbours: number;
  /** Only words at least this close (cosine of their word vectors). */
  minSimilarity: number;
  /** A related word counts this much of a query word, times its similarity. */
  weight: number;
  /** The same for the words everyday English stands for (everyday-words.ts). */
  everydayWeight: number;
}

export interface CorpusVocabularyState {
  stems: string[];
  vectors: Float32Array;
}

/** Only the more frequent words of the word-vector table: rare words have noisy vectors. */
const MAX_ROW = 60_000;
/** Neighbours of this many query words are remembered per vocabulary (queries share words). */
const CACHED_WORDS = 20_000;
/** Neighbours remembered per word, whatever the options ask. */
const KEPT_NEIGHBOURS = 10;
/** Below this similarity a word is not a neighbour at all (the options may ask for closer ones). */
const SIMILARITY_FLOOR = 0.4;

/**
 * The words of one partition's text that the word vectors know, as unit vectors. A query is widened
 * with the nearest of these to each of its words ("typeface" -> font, "chatbot" -> assistant), so the
 * keyword ranking finds pages that say the same thing in the site's own words. Restricting the
 * neighbours to words the site uses keeps the expansion on the site's vocabulary and cheap to search.
 */
export class CorpusVocabulary {
  private constructor(
    private readonly table: WordVectorTable,
    private readonly stems: string[],
    private readonly vectors: Float32Array,
  ) {}

  /** Query word -> its nearest site words with their similarities, most similar first. */
  readonly #neighbours = new Map<string, { stem: string; similarity: number }[]>();

  /** The vocabulary as plain data, for a search artifact (the word-vector table is every process's own). */
  toState(): CorpusVocabularyState {
    return { stems: this.stems, vectors: this.vectors };
  }

  static fromState(state: CorpusVocabularyState): CorpusVocabulary {
    return new CorpusVocabulary(wordVectors(), state.stems, state.vectors);
  }

  /** `words`: each word of the partition and its stem. Undefined when the vectors know none of them. */
  static build(words: ReadonlyMap<string, string>): CorpusVocabulary | undefined {
    const table = wordVectors();
    const kept: { row: number; stem: string }[] = [];
    for (const [word, stem] of words) {
      const row = table.rows.get(word);
      if (row !== undefined && row < MAX_ROW && word.length >= 3 && /^\p{L}+$/u.test(word)) kept.push({ row, stem });
    }
    if (kept.length === 0) return undefined;
    const { dimensions } = table;
    const vectors = new Float32Array(kept.length * dimensions);
    kept.forEach(({ row }, i) => {
      vectors.set(table.vectors.subarray(row * dimensions, (row + 1) * dimensions), i * dimensions);
      normalise(vectors.subarray(i * dimensions, (i + 1) * dimensions));
    });
    return new CorpusVocabulary(
      table,
      kept.map((k) => k.stem),
      vectors,
    );
  }

  /** Stems of the site's words nearest to the query's words, each weighted by its similarity. */
  expand(queryTerms: QueryTerm[], options: ExpansionOptions): ExpansionTerm[] {
    const asked = new Set(queryTerms.map((q) => q.term));
    const best = new Map<string, ExpansionTerm>();
    for (const { term: source, word } of queryTerms) {
      let seen = 0;
      for (const { stem, similarity } of this.neighbours(word)) {
        if (similarity < options.minSimilarity || seen >= options.neighbours) break;
        if (asked.has(stem)) continue;
        seen++;
        const key = `${source}\u0000${stem}`;
        if (!best.has(key)) best.set(key, { term: stem, weight: similarity * options.weight, source, similarity });
      }
    }
    return [...best.values()];
  }

  /** The site's words nearest to one word (distinct stems, the closest first), computed once. */
  neighbours(word: string): { stem: string; similarity: number }[] {
    const cached = this.#neighbours.get(word);
    if (cached) return cached;
    const { dimensions } = this.table;
    const row = word ? this.table.rows.get(word) : undefined;
    const found: { stem: string; similarity: number }[] = [];
    if (row !== undefined) {
      const query = normalise(this.table.vectors.slice(row * dimensions, (row + 1) * dimensions));
      // A word not seen before costs a scan of the whole vocabulary; its neighbours are kept for the next search.
      for (let i = 0; i < this.stems.length; i++) {
        const dot = dotAt(this.vectors, i * dimensions, query, 0, dimensions);
        if (dot >= SIMILARITY_FLOOR) found.push({ stem: this.stems[i]!, similarity: dot });
      }
      found.sort((a, b) => b.similarity - a.similarity);
    }
    const stems = new Set<string>();
    const distinct = found.filter((f) => !stems.has(f.stem) && stems.add(f.stem)).slice(0, KEPT_NEIGHBOURS);
    if (this.#neighbours.size >= CACHED_WORDS) this.#neighbours.clear();
    this.#neighbours.set(word, distinct);
    return distinct;
  }
}
