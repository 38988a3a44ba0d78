import type { Db } from '../db/database.ts';
import type { SearchStore } from './search-store.ts';
import { loadAnalyzer, type QueryTerm } from './analyzer.ts';
import { americanText } from './british-spellings.ts';
import { bestSectionsOfPage } from './best-sections.ts';
import { collectCandidates } from './candidates.ts';
import { chunkEmbeddingText, storeVectors } from './embed-chunks.ts';
import type { Embedder } from './embedders/embedder.ts';
import { buildPartition, Partition, type ChunkRow, type IndexedChunk, type PartitionState } from './partition.ts';
import { TranslatedQueries, type AlignedPage, type TranslatedQueriesState } from './translated-queries.ts';
import { ArtifactError, decodeArtifact, encodeArtifact } from './artifact-codec.ts';
import { INDEX_BUILD } from './index-build.ts';
import { analyzedChunks } from './page-analyses.ts';
import { DERIVED_BYTES, memoryOf } from './search-memory.ts';
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

/** A site index as plain data: what its search artifact holds. */
interface SiteIndexState {
  build: string;
  deploymentId: string;
  defaultLanguage: string;
  defaultVersion: string;
  embedderId: string;
  chunkCount: number;
  partitions: { key: string; partition: PartitionState; translation?: TranslatedQueriesState & { english: string } }[];
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
  private constructor(
    readonly deploymentId: string,
    readonly defaultLanguage: string,
    readonly defaultVersion: string,
    readonly embedderId: string,
    private readonly partitions: Map<string, Partition>,
    readonly chunkCount: number,
  ) {}

  /** The index as the bytes of a search artifact (search-artifact.ts stores them with the deployment). */
  toArtifact(): Uint8Array<ArrayBuffer> {
    const keyOf = new Map([...this.partitions].map(([key, partition]) => [partition, key]));
    const englishKeyOf = (partition: Partition) => keyOf.get(englishPartitionOf(partition, this.partitions.values())!)!;
    return encodeArtifact({
      build: INDEX_BUILD,
      deploymentId: this.deploymentId,
      defaultLanguage: this.defaultLanguage,
      defaultVersion: this.defaultVersion,
      embedderId: this.embedderId,
      chunkCount: this.chunkCount,
      partitions: [...this.partitions].map(([key, partition]) => ({
        key,
        partition: partition.toState(),
        ...(partition.translation ? { translation: { english: englishKeyOf(partition), ...partition.translation.toState() } } : {}),
      })),
    } satisfies SiteIndexState);
  }

  /** What this index takes in memory, typed arrays and text included (search-memory.ts). */
  memoryBytes(): number {
    let bytes = 0;
    for (const partition of this.partitions.values()) {
      const state = partition.toState();
      bytes += memoryOf(state);
      bytes += (state.keyword.size + state.pages.keyword.size) * DERIVED_BYTES.perKeywordDocument;
      bytes += state.paths.length * DERIVED_BYTES.perChunk;
      bytes += (state.keyword.words.length + state.pages.keyword.words.length) * DERIVED_BYTES.perWord;
      if (partition.translation) bytes += memoryOf(partition.translation.toState()) * 2; // the lexicon and its reverse
    }
    return bytes;
  }

  /**
   * The index in a search artifact's bytes. Throws ArtifactError for bytes that are damaged, of another
   * container version, or built by another version of the index (INDEX_BUILD): never served, rebuilt.
   */
  static async fromArtifact(bytes: Uint8Array): Promise<SiteIndex> {
    const state = (await decodeArtifact(bytes)) as SiteIndexState;
    if (state.build !== INDEX_BUILD) throw new ArtifactError(`built by index version ${state.build}, not ${INDEX_BUILD}`);
    const partitions = new Map<string, Partition>();
    for (const { key, partition } of state.partitions) {
      partitions.set(key, await Partition.fromState(partition));
      // A large site is made partition by partition, letting requests in between.
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const { key, translation } of state.partitions) {
      if (!translation) continue;
      const english = partitions.get(translation.english)!;
      partitions.get(key)!.translation = TranslatedQueries.fromState(translation, english.pages, english.vocabulary);
    }
    return new SiteIndex(state.deploymentId, state.defaultLanguage, state.defaultVersion, state.embedderId, partitions, state.chunkCount);
  }

  static async build(store: SearchStore, embedder: Embedder, deploymentId: string): Promise<SiteIndex> {
    const { db, pool } = store;
    const deployment = await db.deployment.findUniqueOrThrow({
      where: { id: deploymentId },
      select: { defaultLanguage: true, defaultVersion: true },
    });
    const { rows } = await pool.query<ChunkRow>(
      `SELECT c.id, c.content, c.heading, c.anchor, p.id AS page_id, p.title, p.description,
              array_to_string(p.keywords, ' ') AS keywords, dp.route, dp.language, dp.version, dp.section, e.vector
       FROM deployment_pages dp
       JOIN pages p ON p.id = dp.page_id
       JOIN chunks c ON c.page_id = p.id
       LEFT JOIN chunk_embeddings e ON e.chunk_id = c.id AND e.embedder = $1
       WHERE dp.deployment_id = $2 AND dp.is_searchable
       ORDER BY dp.language, dp.version, dp.route, c.position`,
      [embedder.id, deploymentId],
    );
    await embedMissing(
      db,
      embedder,
      rows.filter((row) => understands(embedder, row.language)),
    );

    const groups = new Map<string, ChunkRow[]>();
    for (const row of rows) {
      const key = partitionKey(row.language, row.version);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = []));
      group.push(row);
    }
    const partitions = new Map<string, Partition>();
    const aligned = new Map<Partition, AlignedPage[]>();
    for (const [key, group] of groups) {
      const analyzed = await analyzedChunks(store, group, await loadAnalyzer(group[0]!.language));
      const built = await buildPartition(group, analyzed, understands(embedder, group[0]!.language));
      partitions.set(key, built.partition);
      aligned.set(built.partition, built.aligned);
    }
    linkTranslations([...partitions.values()], aligned);
    return new SiteIndex(deploymentId, deployment.defaultLanguage ?? 'en', deployment.defaultVersion ?? '', embedder.id, partitions, rows.length);
  }

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

  /** Whether this index needs query vectors at all (no partition has vectors when nothing is embedded). */
  get hasVectors(): boolean {
    for (const partition of this.partitions.values()) if (partition.vectors) return true;
    return false;
  }
}

const partitionKey = (language: string, version: string) => `${language}\u0000${version}`;

/** Chunks stored before this embedder was configured get their vectors now (and keep them). */
async function embedMissing(db: Db, embedder: Embedder, rows: ChunkRow[]): Promise<void> {
  const missing = rows.filter((row) => !row.vector);
  const seen = new Set<string>();
  const unique = missing.filter((row) => !seen.has(row.id) && seen.add(row.id));
  if (unique.length === 0) return;
  const vectors = await embedder.embed(unique.map(chunkEmbeddingText));
  await storeVectors(
    db,
    embedder.id,
    unique.map((row) => row.id),
    vectors,
  );
  const byId = new Map(unique.map((row, i) => [row.id, vectors[i]!]));
  for (const row of missing) {
    const vector = byId.get(row.id)!;
    row.vector = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
  }
}

/** Partitions of languages the word vectors do not know learn to carry their queries into the English partition of their version. */
function linkTranslations(partitions: Partition[], aligned: Map<Partition, AlignedPage[]>): void {
  for (const partition of partitions) {
    const english = englishPartitionOf(partition, partitions);
    if (!english) continue;
    partition.translation = TranslatedQueries.build(
      aligned.get(partition)!,
      partition.analyzer,
      aligned.get(english)!,
      english.analyzer,
      english.pages,
      english.vocabulary,
    );
  }
}

/** The partition a language the word vectors do not know carries its queries into: the English one (with vectors) of its version. */
function englishPartitionOf(partition: Partition, partitions: Iterable<Partition>): Partition | undefined {
  if (partition.pages.hasVectors) return undefined;
  const version = partition.chunks[0]!.version;
  return [...partitions].find((other) => other.pages.hasVectors && other.chunks[0]!.version === version);
}

function understands(embedder: Embedder, language: string): boolean {
  return !embedder.languages || embedder.languages.includes(language.toLowerCase().split(/[-_]/)[0]!);
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
  return top.map(({ page, slot, score }) => ({ chunk: partition.chunks[sections.get(page)![slot]!]!, score }));
}
