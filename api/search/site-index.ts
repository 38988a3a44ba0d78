import type { Db } from '../db/database.ts';
import { loadAnalyzer, type Analyzer } from './analyzer.ts';
import { chunkEmbeddingText, storeVectors } from './embed-chunks.ts';
import { normalise, type Embedder } from './embedders/embedder.ts';
import { KeywordIndex } from './keyword-index.ts';
import type { Hit } from './top-k.ts';
import { VectorIndex } from './vector-index.ts';

export interface IndexedChunk {
  pageId: string;
  /** Page route and heading anchor: `/deploy/custom-domain#configure-dns`. */
  path: string;
  content: string;
  title: string;
  description: string;
  section: string;
  version: string;
  language: string;
}

export type SearchMode = 'hybrid' | 'keyword' | 'vector';

export interface SiteSearch {
  query: string;
  pageSize: number;
  language?: string;
  version?: string;
  mode?: SearchMode;
}

export interface ScoredChunk {
  chunk: IndexedChunk;
  score: number;
}

/** How many candidates each ranking contributes to the fusion. */
const CANDIDATES = 60;
/** Reciprocal rank fusion constant. */
const RRF_K = 60;
/** At most this many results from one page, so one long page cannot crowd out the others. */
const PER_PAGE = 2;

/** One language and version of a site: its chunks, keyword index and (centred) vectors. */
class Partition {
  constructor(
    readonly chunks: IndexedChunk[],
    readonly analyzer: Analyzer,
    readonly keyword: KeywordIndex,
    readonly vector: VectorIndex | undefined,
    /** What is removed from every vector (documents and queries alike) before comparing. */
    readonly shared: { mean: Float32Array; common: Float32Array } | undefined,
  ) {}
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

  static async build(db: Db, embedder: Embedder, deploymentId: string): Promise<SiteIndex> {
    const deployment = await db.deployment.findUniqueOrThrow({
      where: { id: deploymentId },
      select: { defaultLanguage: true, defaultVersion: true },
    });
    const rows = await db.$queryRaw<ChunkRow[]>`
      SELECT c.id, c.content, c.heading, c.anchor, p.id AS page_id, p.title, p.description,
             array_to_string(p.keywords, ' ') AS keywords, dp.route, dp.language, dp.version, dp.section, e.vector
      FROM deployment_pages dp
      JOIN pages p ON p.id = dp.page_id
      JOIN chunks c ON c.page_id = p.id
      LEFT JOIN chunk_embeddings e ON e.chunk_id = c.id AND e.embedder = ${embedder.id}
      WHERE dp.deployment_id = ${deploymentId} AND dp.is_searchable
      ORDER BY dp.language, dp.version, dp.route, c.position`;
    await embedMissing(db, embedder, rows.filter((row) => understands(embedder, row.language)));

    const groups = new Map<string, ChunkRow[]>();
    for (const row of rows) {
      const key = partitionKey(row.language, row.version);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = []));
      group.push(row);
    }
    const partitions = new Map<string, Partition>();
    for (const [key, group] of groups) partitions.set(key, await buildPartition(group, understands(embedder, group[0]!.language)));
    return new SiteIndex(
      deploymentId,
      deployment.defaultLanguage ?? 'en',
      deployment.defaultVersion ?? '',
      embedder.id,
      partitions,
      rows.length,
    );
  }

  /** Best chunks for the query, in relevance order; `queryVector` is the query's embedding (hybrid and vector modes). */
  search(request: SiteSearch, queryVector: Float32Array | undefined): ScoredChunk[] {
    const partition = this.partitions.get(partitionKey(request.language ?? this.defaultLanguage, request.version ?? this.defaultVersion));
    if (!partition) return [];
    const mode = request.mode ?? 'hybrid';
    const keywordHits = mode === 'vector' ? [] : partition.keyword.search(partition.analyzer.queryTerms(request.query), CANDIDATES, partition.analyzer.seenWords);
    // A query with no word the embedder knows has no meaning to compare (its vector is zero).
    const vectorHits =
      mode === 'keyword' || !partition.vector || !queryVector || queryVector.every((value) => value === 0)
        ? []
        : partition.vector.search(comparable(queryVector, partition.shared), CANDIDATES);
    const fused = fuse(keywordHits, vectorHits, isIdentifierQuery(request.query) ? 0.2 : 1);
    const perPage = new Map<string, number>();
    const results: ScoredChunk[] = [];
    for (const hit of fused) {
      const chunk = partition.chunks[hit.doc]!;
      const count = perPage.get(chunk.pageId) ?? 0;
      if (count >= PER_PAGE) continue;
      perPage.set(chunk.pageId, count + 1);
      results.push({ chunk, score: hit.score });
      if (results.length === request.pageSize) break;
    }
    return results;
  }

  /** Whether this index needs query vectors at all (no partition has vectors when nothing is embedded). */
  get hasVectors(): boolean {
    for (const partition of this.partitions.values()) if (partition.vector) return true;
    return false;
  }
}

interface ChunkRow {
  id: string;
  content: string;
  heading: string;
  anchor: string;
  page_id: string;
  title: string;
  description: string;
  keywords: string;
  route: string;
  language: string;
  version: string;
  section: string;
  vector: Uint8Array | null;
}

const partitionKey = (language: string, version: string) => `${language}\u0000${version}`;

/** Chunks stored before this embedder was configured get their vectors now (and keep them). */
async function embedMissing(db: Db, embedder: Embedder, rows: ChunkRow[]): Promise<void> {
  const missing = rows.filter((row) => !row.vector);
  const seen = new Set<string>();
  const unique = missing.filter((row) => !seen.has(row.id) && seen.add(row.id));
  if (unique.length === 0) return;
  const vectors = await embedder.embed(unique.map(chunkEmbeddingText));
  await storeVectors(db, embedder.id, unique.map((row) => row.id), vectors);
  const byId = new Map(unique.map((row, i) => [row.id, vectors[i]!]));
  for (const row of missing) {
    const vector = byId.get(row.id)!;
    row.vector = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
  }
}

function understands(embedder: Embedder, language: string): boolean {
  return !embedder.languages || embedder.languages.includes(language.toLowerCase().split(/[-_]/)[0]!);
}

/** `withVectors` false: a language the embedder does not understand is searched by keyword only. */
async function buildPartition(rows: ChunkRow[], withVectors: boolean): Promise<Partition> {
  const analyzer = await loadAnalyzer(rows[0]!.language);
  const chunks = rows.map((row) => ({
    pageId: row.page_id,
    path: row.anchor ? `${row.route}#${row.anchor}` : row.route,
    content: row.content,
    title: row.title,
    description: row.description,
    section: row.section,
    version: row.version,
    language: row.language,
  }));
  const keyword = KeywordIndex.build(
    rows.map((row) => ({
      title: row.title,
      heading: row.heading === row.title ? '' : row.heading,
      content: row.content,
      keywords: row.keywords,
      description: row.description,
    })),
    analyzer,
  );
  const first = withVectors ? rows.find((row) => row.vector)?.vector : undefined;
  if (!first) return new Partition(chunks, analyzer, keyword, undefined, undefined);
  const dimensions = first.byteLength / 4;
  const packed = new Float32Array(rows.length * dimensions);
  rows.forEach((row, i) => {
    if (row.vector && row.vector.byteLength === dimensions * 4) {
      packed.set(new Float32Array(row.vector.buffer.slice(row.vector.byteOffset, row.vector.byteOffset + row.vector.byteLength)), i * dimensions);
    }
  });
  // Documentation shares strong common directions ("docs", "configure", ...) that make every chunk look
  // alike: removing the mean and the first principal component (as SIF does) lets what differs decide.
  const mean = new Float32Array(dimensions);
  for (let i = 0; i < packed.length; i++) mean[i % dimensions]! += packed[i]! / rows.length;
  for (let row = 0; row < rows.length; row++) centredInPlace(packed.subarray(row * dimensions, (row + 1) * dimensions), mean);
  const common = principalComponent(packed, dimensions);
  for (let row = 0; row < rows.length; row++) normalise(withoutComponent(packed.subarray(row * dimensions, (row + 1) * dimensions), common));
  return new Partition(chunks, analyzer, keyword, new VectorIndex(dimensions, packed), { mean, common });
}

/** The direction of greatest variance (power iteration): after the mean, what all chunks share most. */
function principalComponent(vectors: Float32Array, dimensions: number): Float32Array {
  let direction = normalise(Float32Array.from({ length: dimensions }, (_, d) => 1 / (d + 1)));
  for (let iteration = 0; iteration < 15; iteration++) {
    const next = new Float32Array(dimensions);
    for (let offset = 0; offset < vectors.length; offset += dimensions) {
      let dot = 0;
      for (let d = 0; d < dimensions; d++) dot += vectors[offset + d]! * direction[d]!;
      for (let d = 0; d < dimensions; d++) next[d]! += dot * vectors[offset + d]!;
    }
    direction = normalise(next);
  }
  return direction;
}

function withoutComponent(vector: Float32Array, component: Float32Array): Float32Array {
  let dot = 0;
  for (let d = 0; d < vector.length; d++) dot += vector[d]! * component[d]!;
  for (let d = 0; d < vector.length; d++) vector[d]! -= dot * component[d]!;
  return vector;
}

function centredInPlace(vector: Float32Array, mean: Float32Array): Float32Array {
  for (let d = 0; d < vector.length; d++) vector[d]! -= mean[d]!;
  return vector;
}

/** A query vector with the partition's shared components removed, like its documents'. */
function comparable(query: Float32Array, shared: Partition['shared']): Float32Array {
  if (!shared || query.length !== shared.mean.length) return query;
  return normalise(withoutComponent(centredInPlace(Float32Array.from(query), shared.mean), shared.common));
}

/** Weighted reciprocal rank fusion of the keyword and vector rankings. */
function fuse(keyword: Hit[], vector: Hit[], vectorWeight: number): Hit[] {
  const scores = new Map<number, number>();
  keyword.forEach((hit, rank) => scores.set(hit.doc, (scores.get(hit.doc) ?? 0) + 1 / (RRF_K + rank + 1)));
  vector.forEach((hit, rank) => scores.set(hit.doc, (scores.get(hit.doc) ?? 0) + vectorWeight / (RRF_K + rank + 1)));
  return [...scores].map(([doc, score]) => ({ doc, score })).sort((a, b) => b.score - a.score || a.doc - b.doc);
}

/** `docs.json`, `primaryColor`, `--no-open`, `api_key`: exact-identifier lookups, where keywords should lead. */
function isIdentifierQuery(query: string): boolean {
  return /\w[._/]\w|\w-\w.*\w|[a-z][A-Z]|(^|\s)--?\w|\w_\w/.test(query) && query.trim().split(/\s+/).length <= 3;
}
