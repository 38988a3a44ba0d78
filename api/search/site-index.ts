import type { QueryTerm } from './analyzer.ts';
import { americanText } from './british-spellings.ts';
import { bestSectionsOfPage } from './best-sections.ts';
import { collectCandidates } from './candidates.ts';
import { partitionKey, type IndexedChunk, type Partition } from './partition.ts';
import type { TranslatedQueries } from './translated-queries.ts';
import { DEFAULT_RANKING, roundScore, scoreCandidates, type RankingOptions } from './relevance.ts';

export type { IndexedChunk } from './partition.ts';

export type SearchMode = 'hybrid' | 'keyword' | 'vector';

export interface SiteSearch {
  query: string;
  pageSize: number;
  language?: string;
  version?: string;
  mode?: SearchMode;
  /** Only results scoring at least this (0 to 1). */
  scoreThreshold?: number;
}

export interface ScoredChunk {
  chunk: IndexedChunk;
  score: number;
}

/**
 * The in-memory search index of one deployment of one site, split by language and version so that a
 * search only ever looks at the language and version it asked for (or the site's defaults).
 */
export class SiteIndex {
  constructor(
    readonly deploymentId: string,
    readonly defaultLanguage: string,
    readonly defaultVersion: string,
    readonly embedderId: string,
    /** By partitionKey(language, version); a language the word vectors do not know with its translation. */
    private readonly partitions: Map<string, Partition>,
    readonly chunkCount: number,
    /**
     * The parts it was made of, by id (partitions without translations, and translations): a deployment
     * that shares parts with this one is made of them rather than load them again.
     */
    readonly parts: ReadonlyMap<string, Partition | TranslatedQueries | undefined> = new Map(),
  ) {}

  /**
   * Best chunks for the query, in relevance order, each with its score (0 to 1, see relevance.ts);
   * `queryVector` is the query's embedding (hybrid and vector modes). `ranking` is for tuning.
   */
  search(request: SiteSearch, queryVector: Float32Array | undefined, ranking: RankingOptions = DEFAULT_RANKING): ScoredChunk[] {
    const found = this.candidates(request, queryVector, ranking);
    if (!found) return [];
    const { partition, candidates, comparable, mode, terms } = found;
    const scored =
      mode === 'vector'
        ? candidates
            .map(({ doc }) => ({ doc, score: Math.max(0, partition.vectors!.index.similarity(doc, comparable!)) }))
            .sort((a, b) => b.score - a.score || a.doc - b.doc)
        : scoreCandidates(candidates, comparable ? ranking.hybrid : ranking.keyword);
    return topPerPage(partition, scored, request, ranking, terms);
  }

  /** The chunks a search scores and their features (what `search` ranks; eval/tune.ts fits weights on them). */
  candidates(request: SiteSearch, queryVector: Float32Array | undefined, ranking: RankingOptions = DEFAULT_RANKING) {
    const partition = this.partitionFor(request);
    if (!partition) return undefined;
    const mode = request.mode ?? 'hybrid';
    // A query with no word the embedder knows has no meaning to compare (its vector is zero).
    const comparable =
      mode === 'keyword' || !partition.vectors || !queryVector || queryVector.every((value) => value === 0)
        ? undefined
        : partition.vectors.shared.apply(queryVector);
    // An English query is read in the index's spelling, its related words included ("colours" -> colors).
    const query = partition.analyzer.language === 'en' ? americanText(request.query) : request.query;
    const terms = partition.analyzer.queryTerms(query);
    const candidates = collectCandidates(partition, query, terms, comparable, mode !== 'vector', ranking);
    return { partition, candidates, comparable, mode, terms };
  }

  /**
   * Up to `limit` sections of the page at `route` that say the most of `terms`, from the language and
   * version asked for (or the site's defaults): what a reader looks for on opening a page a search found.
   */
  chunksOfPage(route: string, terms: readonly string[], limit: number, request: { language?: string; version?: string } = {}): IndexedChunk[] {
    return this.partitionFor(request)?.chunksOfPage(route, terms, limit) ?? [];
  }

  /** The text after a chunk in its section (a long section is cut into chunks), in the language and version asked for. */
  textAfter(path: string, content: string, request: { language?: string; version?: string } = {}): string | undefined {
    return this.partitionFor(request)?.textAfter(path, content);
  }

  /** Whether the site has pages in this language (and version, or its default one). */
  hasLanguage(language: string, version?: string): boolean {
    return this.partitionFor({ language, version }) !== undefined;
  }

  private partitionFor(request: { language?: string; version?: string }): Partition | undefined {
    return this.partitions.get(partitionKey(request.language ?? this.defaultLanguage, request.version ?? this.defaultVersion));
  }

  /**
   * Searches as long as visitors write them, made of the site's own text: the opening words of `count`
   * chunks spread over its default language and version (fewer when it has fewer), each with that
   * chunk's stored vector as its query vector (so no embedding is asked for).
   */
  sampleSearches(count: number, words = 20): { query: string; vector: Float32Array | undefined }[] {
    const partition = this.partitionFor({});
    if (!partition) return [];
    const { chunks, vectors } = partition;
    const step = Math.max(1, Math.floor(chunks.length / count));
    const searches: { query: string; vector: Float32Array | undefined }[] = [];
    for (let doc = 0; doc < chunks.length && searches.length < count; doc += step) {
      const query = chunks.contentAt(doc)!.split(/\s+/).filter(Boolean).slice(0, words).join(' ');
      if (query) searches.push({ query, vector: vectors?.index.vectorAt(doc) });
    }
    return searches;
  }

  /** Whether this index needs query vectors at all (no partition has vectors when nothing is embedded). */
  get hasVectors(): boolean {
    for (const partition of this.partitions.values()) if (partition.vectors) return true;
    return false;
  }
}

/**
 * The best results in order, at most `perPage` chunks of one page, none scoring under the threshold. A
 * page's later chunks compete at a discount, so the list reaches more pages before it repeats one. Each
 * page's sections are then the ones that answer the query best (best-sections.ts).
 */
function topPerPage(
  partition: Partition,
  scored: { doc: number; score: number }[],
  request: SiteSearch,
  ranking: RankingOptions,
  queryTerms: QueryTerm[],
): ScoredChunk[] {
  const threshold = request.scoreThreshold ?? 0;
  const ranked = new Map<number, number[]>();
  const slots: { page: number; slot: number; score: number }[] = [];
  for (const { doc, score } of scored) {
    const page = partition.pageOf[doc]!;
    const docs = ranked.get(page) ?? [];
    ranked.set(page, docs);
    docs.push(doc);
    const slot = docs.length - 1;
    if (slot >= ranking.perPage) continue;
    const discounted = roundScore(slot === 0 ? score : score * ranking.repeatDiscount);
    if (discounted >= threshold && discounted > 0) slots.push({ page, slot, score: discounted });
  }
  const top = slots.sort((a, b) => b.score - a.score).slice(0, request.pageSize);
  const sections = new Map<number, number[]>();
  for (const { page } of top) {
    if (sections.has(page)) continue;
    const count = top.filter((entry) => entry.page === page).length;
    sections.set(page, bestSectionsOfPage(partition, page, ranked.get(page)!, count, queryTerms));
  }
  return top.map(({ page, slot, score }) => ({ chunk: partition.chunks.at(sections.get(page)![slot]!)!, score }));
}
