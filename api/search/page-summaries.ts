import type { Analyzer, QueryTerm } from './analyzer.ts';
import { dotAt, normalise } from './embedders/embedder.ts';
import { wordVectors } from './embedders/word-vector-table.ts';
import { KeywordIndex, type KeywordIndexState } from './keyword-index.ts';

export interface PageSummariesState {
  keyword: KeywordIndexState;
  vectors?: Float32Array;
  mean?: Float32Array;
}

/** What a page says it is about: its title, description, keywords and headings. */
export interface PageSummary {
  title: string;
  description: string;
  keywords: string;
  headings: string;
}

/**
 * Pages as wholes, by what they say they are about. A question often names what a page is for (its
 * title, summary and headings) in words spread over several of its sections, which a search of
 * sections one by one does not see together. Two views: a keyword index over the summaries, and (in
 * languages the offline word vectors know) each summary's words averaged into one vector, every word
 * weighted by how rare it is among the site's pages, so the site's everyday words ("page", "docs")
 * count little. That vector is the site's own: it works whichever embedder is configured.
 */
export class PageSummaries {
  private constructor(
    readonly keyword: KeywordIndex,
    /** Page number -> unit vector (centred on the pages' mean), or undefined without word vectors. */
    private readonly vectors: Float32Array | undefined,
    private readonly mean: Float32Array | undefined,
  ) {}

  /** The summaries as plain data, for a search artifact. */
  toState(): PageSummariesState {
    return { keyword: this.keyword.toState(), ...(this.vectors && this.mean ? { vectors: this.vectors, mean: this.mean } : {}) };
  }

  static fromState(state: PageSummariesState): PageSummaries {
    return new PageSummaries(KeywordIndex.fromState(state.keyword), state.vectors, state.mean);
  }

  static build(summaries: PageSummary[], analyzer: Analyzer, withWordVectors: boolean): PageSummaries {
    const keyword = KeywordIndex.build(
      summaries.map((s) => ({ title: s.title, keywords: s.keywords, heading: s.headings, description: s.description, content: '' })),
      analyzer,
    );
    if (!withWordVectors) return new PageSummaries(keyword, undefined, undefined);
    const { dimensions } = wordVectors();
    const vectors = new Float32Array(summaries.length * dimensions);
    const summaryText = (s: PageSummary) => `${s.title} ${s.description} ${s.keywords} ${s.headings}`;
    for (const [page, summary] of summaries.entries()) {
      averageInto(vectors.subarray(page * dimensions, (page + 1) * dimensions), analyzer.queryTerms(summaryText(summary)), keyword);
    }
    const mean = new Float32Array(dimensions);
    for (let i = 0; i < vectors.length; i++) mean[i % dimensions]! += vectors[i]! / summaries.length;
    for (let page = 0; page < summaries.length; page++) {
      const vector = vectors.subarray(page * dimensions, (page + 1) * dimensions);
      for (let d = 0; d < dimensions; d++) vector[d]! -= mean[d]!;
      normalise(vector);
    }
    return new PageSummaries(keyword, vectors, mean);
  }

  /** Whether the summaries have vectors (languages the word vectors know). */
  get hasVectors(): boolean {
    return this.vectors !== undefined;
  }

  /** The query as a summary vector, or undefined when there are no vectors or it has no known word. */
  queryVector(terms: WeightedTerm[]): Float32Array | undefined {
    if (!this.vectors || !this.mean) return undefined;
    const vector = new Float32Array(this.mean.length);
    if (!averageInto(vector, terms, this.keyword)) return undefined;
    for (let d = 0; d < vector.length; d++) vector[d]! -= this.mean[d]!;
    return normalise(vector);
  }

  similarity(page: number, query: Float32Array): number {
    return dotAt(this.vectors!, page * query.length, query, 0, query.length);
  }
}

/** A query term, possibly counted at a fraction of a word (a translated word, see translated-queries.ts). */
export type WeightedTerm = QueryTerm & { weight?: number };

/** Adds each known word's unit vector times its idf among the pages; returns whether any word was known. */
function averageInto(target: Float32Array, terms: WeightedTerm[], keyword: KeywordIndex): boolean {
  const table = wordVectors();
  const { dimensions } = table;
  let known = false;
  for (const { term, word, weight: share = 1 } of terms) {
    const row = word ? table.rows.get(word) : undefined;
    if (row === undefined) continue;
    const weight = keyword.idf(term) * share;
    let length = 0;
    for (let d = 0; d < dimensions; d++) length += table.vectors[row * dimensions + d]! ** 2;
    const scale = weight / Math.sqrt(length || 1);
    for (let d = 0; d < dimensions; d++) target[d]! += scale * table.vectors[row * dimensions + d]!;
    known = true;
  }
  return known;
}
