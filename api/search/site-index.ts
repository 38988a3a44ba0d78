import type { QueryTerm } from './analyzer.ts';
import { americanText } from './british-spellings.ts';
import { bestSectionsOfPage } from './best-sections.ts';
import { collectCandidates } from './candidates.ts';
import type { IndexedChunk, Partition } from './partition.ts';
import { routeOfResultPath } from './search-docs.ts';
import { versionsOf, type ServedPages, type VersionPages } from './served-pages.ts';
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

/** A language of a site: its partition, and where its pages are served. */
export interface SiteLanguage {
  partition: Partition;
  served: ServedPages;
}

/** A language's partition as one version serves it: what a search, and a look-up of a page, reads. */
interface Scope {
  partition: Partition;
  pages: VersionPages;
}

/**
 * The in-memory search index of one deployment of one site, one partition a language, each holding the
 * language's distinct pages once; a search only ever looks at the language asked for (or the site's
 * default one) and returns only the pages served in the version asked for (or the default one), at their
 * routes in that version. Pages of no version ('') are served in every version.
 */
export class SiteIndex {
  /** Every version the site serves a page in. */
  readonly #versions: Set<string>;

  constructor(
    readonly deploymentId: string,
    readonly defaultLanguage: string,
    readonly defaultVersion: string,
    /** Each language's default version; empty for a deployment made before they were stored (`defaultVersion` then). */
    readonly defaultVersions: Readonly<Record<string, string>>,
    readonly embedderId: string,
    /** By language; a language the word vectors do not know with its translation. */
    private readonly languages: Map<string, SiteLanguage>,
    readonly chunkCount: number,
    /**
     * The parts it was made of, by id (partitions without translations, and translations): a deployment
     * that shares parts with this one is made of them rather than load them again.
     */
    readonly parts: ReadonlyMap<string, Partition | TranslatedQueries | undefined> = new Map(),
  ) {
    this.#versions = versionsOf([...languages.values()].map((language) => language.served.state));
  }

  /**
   * Best chunks for the query, in relevance order, each with its score (0 to 1, see relevance.ts);
   * `queryVector` is the query's embedding (hybrid and vector modes). `ranking` is for tuning.
   */
  search(request: SiteSearch, queryVector: Float32Array | undefined, ranking: RankingOptions = DEFAULT_RANKING): ScoredChunk[] {
    const found = this.candidates(request, queryVector, ranking);
    if (!found) return [];
    const { partition, pages, candidates, comparable, mode, terms } = found;
    const scored =
      mode === 'vector'
        ? candidates
            .map(({ doc }) => ({ doc, score: Math.max(0, partition.vectors!.index.similarity(doc, comparable!)) }))
            .sort((a, b) => b.score - a.score || a.doc - b.doc)
        : scoreCandidates(candidates, comparable ? ranking.hybrid : ranking.keyword);
    return topPerPage({ partition, pages }, scored, request, ranking, terms);
  }

  /**
   * The chunks a search scores and their features (what `search` ranks; eval/tune.ts fits weights on
   * them), and each chunk's path in the version searched.
   */
  candidates(request: SiteSearch, queryVector: Float32Array | undefined, ranking: RankingOptions = DEFAULT_RANKING) {
    const scope = this.scopeFor(request);
    if (!scope) return undefined;
    const { partition, pages } = scope;
    const mode = request.mode ?? 'hybrid';
    // A query with no word the embedder knows has no meaning to compare (its vector is zero).
    const comparable =
      mode === 'keyword' || !partition.vectors || !queryVector || queryVector.every((value) => value === 0)
        ? undefined
        : partition.vectors.shared.apply(queryVector);
    // An English query is read in the index's spelling, its related words included ("colours" -> colors).
    const query = partition.analyzer.language === 'en' ? americanText(request.query) : request.query;
    const terms = partition.analyzer.queryTerms(query);
    const candidates = collectCandidates(partition, query, terms, comparable, mode !== 'vector', ranking, pages.served);
    return { partition, pages, candidates, comparable, mode, terms, pathOf: (doc: number) => partition.pathAt(doc, pages) };
  }

  /**
   * Up to `limit` sections of the page at `route` that say the most of `terms`, from the language and
   * version asked for (or the site's defaults): what a reader looks for on opening a page a search found.
   */
  chunksOfPage(route: string, terms: readonly string[], limit: number, request: { language?: string; version?: string } = {}): IndexedChunk[] {
    const scope = this.scopeFor(request);
    const page = scope?.pages.pageAt(route);
    if (!scope || page === undefined) return [];
    return scope.partition.sectionsOfPage(page, terms, limit).map((doc) => scope.partition.chunkAt(doc, scope.pages));
  }

  /** The text after a chunk in its section (a long section is cut into chunks), in the language and version asked for. */
  textAfter(path: string, content: string, request: { language?: string; version?: string } = {}): string | undefined {
    const scope = this.scopeFor(request);
    const route = routeOfResultPath(path);
    const page = scope?.pages.pageAt(route);
    if (!scope || page === undefined) return undefined;
    return scope.partition.textAfter(page, path.slice(route.length + 1), content);
  }

  /** Whether the site has pages in this language (and version, or its default one). */
  hasLanguage(language: string, version?: string): boolean {
    return this.scopeFor({ language, version }) !== undefined;
  }

  /** A version the site does not serve has no pages, as a language it does not have. */
  private scopeFor(request: { language?: string; version?: string }): Scope | undefined {
    const code = request.language ?? this.defaultLanguage;
    const language = this.languages.get(code);
    const version = request.version ?? this.defaultVersionOf(code);
    if (!language || !this.#versions.has(version)) return undefined;
    const pages = language.served.inVersion(version);
    return pages && { partition: language.partition, pages };
  }

  /** The version a search in `language` that names none looks in: the language's default (a language without versions: ''). */
  private defaultVersionOf(language: string): string {
    if (Object.keys(this.defaultVersions).length === 0) return this.defaultVersion;
    return this.defaultVersions[language] ?? '';
  }

  /**
   * Searches as long as visitors write them, made of the site's own text: the opening words of `count`
   * chunks spread over its default language and version (fewer when it has fewer), each with that
   * chunk's stored vector as its query vector (so no embedding is asked for).
   */
  sampleSearches(count: number, words = 20): { query: string; vector: Float32Array | undefined }[] {
    const scope = this.scopeFor({});
    if (!scope) return [];
    const { partition, pages } = scope;
    const { vectors, pageOf } = partition;
    const served = pages.served && Array.from(pageOf.keys()).filter((doc) => pages.served![pageOf[doc]!] === 1);
    const total = served?.length ?? partition.chunkCount;
    const step = Math.max(1, Math.floor(total / count));
    const searches: { query: string; vector: Float32Array | undefined }[] = [];
    for (let at = 0; at < total && searches.length < count; at += step) {
      const doc = served ? served[at]! : at;
      const query = partition.contentAt(doc)!.split(/\s+/).filter(Boolean).slice(0, words).join(' ');
      if (query) searches.push({ query, vector: vectors?.index.vectorAt(doc) });
    }
    return searches;
  }

  /** Whether this index needs query vectors at all (no partition has vectors when nothing is embedded). */
  get hasVectors(): boolean {
    for (const { partition } of this.languages.values()) if (partition.vectors) return true;
    return false;
  }
}

/**
 * The best results in order, at most `perPage` chunks of one page, none scoring under the threshold. A
 * page's later chunks compete at a discount, so the list reaches more pages before it repeats one. Each
 * page's sections are then the ones that answer the query best (best-sections.ts).
 */
function topPerPage(
  { partition, pages }: Scope,
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
  return top.map(({ page, slot, score }) => ({ chunk: partition.chunkAt(sections.get(page)![slot]!, pages), score }));
}
