import { copyBytes } from '../db/copy-bytes.ts';
import { ArtifactError, decodeArtifact, encodeArtifact } from './artifact-codec.ts';
import { INDEX_BUILD } from './index-build.ts';
import { Partition, type PartitionState } from './partition.ts';
import { columnLength } from './string-column.ts';
import { DERIVED_BYTES, memoryOf } from './search-memory.ts';
import type { SearchStore } from './search-store.ts';
import { TranslatedQueries, type TranslatedQueriesState } from './translated-queries.ts';

/** A part of a search artifact as stored: its bytes, and what it takes in memory once loaded. */
export interface StoredPart {
  id: string;
  bytes: Uint8Array<ArrayBuffer>;
  memoryBytes: number;
}

/** A partition's part: its data, with the index version it was built by. */
export async function partitionPart(id: string, partition: Partition): Promise<StoredPart> {
  const state = partition.toState();
  let memoryBytes = memoryOf(state);
  memoryBytes += (state.keyword.size + state.pages.keyword.size) * DERIVED_BYTES.perKeywordDocument;
  memoryBytes += state.pageOf.length * DERIVED_BYTES.perChunk;
  memoryBytes += (columnLength(state.keyword.words) + columnLength(state.pages.keyword.words)) * DERIVED_BYTES.perWord;
  return { id, bytes: await encodeArtifact({ build: INDEX_BUILD, partition: state }), memoryBytes };
}

/** A translation's part; `undefined` when the two partitions share no page to learn from (kept, so it is not tried again). */
export async function translationPart(id: string, translation: TranslatedQueries | undefined): Promise<StoredPart> {
  const state = translation?.toState() ?? null;
  const memoryBytes = state ? memoryOf(state) + state.weights.length * DERIVED_BYTES.perTranslation : 0;
  return { id, bytes: await encodeArtifact({ build: INDEX_BUILD, translation: state }), memoryBytes };
}

export async function readPartition(bytes: Uint8Array): Promise<Partition> {
  return Partition.fromState((await decodePart(bytes)).partition as PartitionState);
}

export async function readTranslation(bytes: Uint8Array, english: Partition): Promise<TranslatedQueries | undefined> {
  const state = (await decodePart(bytes)).translation as TranslatedQueriesState | null;
  return state ? TranslatedQueries.fromState(state, english.pages, english.vocabulary) : undefined;
}

async function decodePart(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const value = (await decodeArtifact(bytes)) as { build?: string };
  if (value.build !== INDEX_BUILD) throw new ArtifactError(`a part built by index version ${value.build}, not ${INDEX_BUILD}`);
  return value;
}

/** Which of these parts are stored. */
export async function storedPartIds(store: SearchStore, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await store.pool.query<{ id: string }>('SELECT id FROM search_parts WHERE id = ANY($1)', [ids]);
  return new Set(rows.map((row) => row.id));
}

export async function storeParts(store: SearchStore, parts: readonly StoredPart[]): Promise<void> {
  for (const part of parts) {
    await store.pool.query('INSERT INTO search_parts (id, bytes, memory_bytes) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
      part.id,
      part.bytes,
      part.memoryBytes,
    ]);
  }
}

/** A stored part's bytes, in a query of its own (a site's parts are fetched at once, and each is decoded as it arrives). */
export async function fetchPart(store: SearchStore, id: string): Promise<Buffer> {
  const bytes = await copyBytes(store.pool, (literal) => `SELECT bytes FROM search_parts WHERE id = ${literal(id)}`);
  if (!bytes) throw new ArtifactError(`its part ${id} is missing`);
  return bytes;
}
