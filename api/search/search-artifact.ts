import type { Db } from '../db/database.ts';
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
export async function buildArtifact(db: Db, embedder: Embedder, deploymentId: string): Promise<ArtifactLoad> {
  const started = performance.now();
  const index = await SiteIndex.build(db, embedder, deploymentId);
  const bytes = index.toArtifact();
  const memoryBytes = index.memoryBytes();
  const row = {
    build: INDEX_BUILD,
    bytes,
    memoryBytes: BigInt(memoryBytes),
    chunkCount: index.chunkCount,
    buildMs: Math.round(performance.now() - started),
  };
  await db.searchArtifact.upsert({
    where: { deploymentId_embedder: { deploymentId, embedder: embedder.id } },
    create: { deploymentId, embedder: embedder.id, ...row },
    update: { ...row, createdAt: new Date() },
  });
  return { index, memoryBytes, source: 'built' };
}

/**
 * The search index of a deployment: loaded from its artifact, or, when there is none that this version
 * of Folio can read (none yet, another index version, damaged bytes), built and stored in its place.
 * A damaged or outdated artifact is never served.
 */
export async function loadArtifact(db: Db, embedder: Embedder, deploymentId: string, log: Logger): Promise<ArtifactLoad> {
  const stored = await db.searchArtifact.findUnique({
    where: { deploymentId_embedder: { deploymentId, embedder: embedder.id } },
    select: { build: true, bytes: true, memoryBytes: true },
  });
  if (stored?.build === INDEX_BUILD) {
    try {
      return { index: await SiteIndex.fromArtifact(stored.bytes), memoryBytes: Number(stored.memoryBytes), source: 'loaded' };
    } catch (error) {
      if (!(error instanceof ArtifactError)) throw error;
      log.warn(`the search artifact of deployment ${deploymentId} cannot be read (${error.message}); rebuilding it`);
    }
  } else if (stored) {
    log.info(`the search artifact of deployment ${deploymentId} is of index version ${stored.build}, not ${INDEX_BUILD}; rebuilding it`);
  }
  return buildArtifact(db, embedder, deploymentId);
}
