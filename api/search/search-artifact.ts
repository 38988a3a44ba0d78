import type { SearchStore } from './search-store.ts';
import type { Logger } from '../logger.ts';
import { ArtifactError } from './artifact-codec.ts';
import type { Embedder } from './embedders/embedder.ts';
import { INDEX_BUILD } from './index-build.ts';
import { SiteIndex } from './site-index.ts';

/** A site index and where it came from. */
export interface ArtifactLoad {
  index: SiteIndex;
  /** What the index takes in memory (search-memory.ts). */
  memoryBytes: number;
  /** `loaded`: from its stored artifact; `built`: from the stored chunks, its artifact then stored for the others. */
  source: 'loaded' | 'built';
}

/**
 * Builds a deployment's search index and stores it as its artifact (the worker does, before the
 * deployment goes live). Replaces an artifact of the same deployment and embedder, whatever its version.
 */
export async function buildArtifact(store: SearchStore, embedder: Embedder, deploymentId: string): Promise<ArtifactLoad> {
  const started = performance.now();
  const index = await SiteIndex.build(store, embedder, deploymentId);
  const bytes = index.toArtifact();
  const memoryBytes = index.memoryBytes();
  await store.pool.query(
    `INSERT INTO search_artifacts (deployment_id, embedder, build, bytes, memory_bytes, chunk_count, build_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (deployment_id, embedder) DO UPDATE SET build = $3, bytes = $4, memory_bytes = $5, chunk_count = $6, build_ms = $7, created_at = now()`,
    [deploymentId, embedder.id, INDEX_BUILD, bytes, memoryBytes, index.chunkCount, Math.round(performance.now() - started)],
  );
  return { index, memoryBytes, source: 'built' };
}

/**
 * The search index of a deployment: loaded from its artifact, or, when there is none that this version
 * of Folio can read (none yet, another index version, damaged bytes), built and stored in its place.
 * A damaged or outdated artifact is never served.
 */
export async function loadArtifact(store: SearchStore, embedder: Embedder, deploymentId: string, log: Logger): Promise<ArtifactLoad> {
  const { rows } = await store.pool.query<{ build: string; bytes: Buffer; memory_bytes: string }>(
    'SELECT build, bytes, memory_bytes FROM search_artifacts WHERE deployment_id = $1 AND embedder = $2',
    [deploymentId, embedder.id],
  );
  const stored = rows[0];
  if (stored?.build === INDEX_BUILD) {
    try {
      return { index: await SiteIndex.fromArtifact(stored.bytes), memoryBytes: Number(stored.memory_bytes), source: 'loaded' };
    } catch (error) {
      if (!(error instanceof ArtifactError)) throw error;
      log.warn(`the search artifact of deployment ${deploymentId} cannot be read (${error.message}); rebuilding it`);
    }
  } else if (stored) {
    log.info(`the search artifact of deployment ${deploymentId} is of index version ${stored.build}, not ${INDEX_BUILD}; rebuilding it`);
  }
  return buildArtifact(store, embedder, deploymentId);
}

/** What a deployment's stored artifact takes in memory, or undefined when it has none this version can read. */
export async function storedArtifactMemory(store: SearchStore, embedder: Embedder, deploymentId: string): Promise<number | undefined> {
  const { rows } = await store.pool.query<{ memory_bytes: string }>(
    'SELECT memory_bytes FROM search_artifacts WHERE deployment_id = $1 AND embedder = $2 AND build = $3',
    [deploymentId, embedder.id, INDEX_BUILD],
  );
  return rows[0] ? Number(rows[0].memory_bytes) : undefined;
}
