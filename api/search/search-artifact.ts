import type { Logger } from '../logger.ts';
import { ArtifactError, decodeArtifact, encodeArtifact } from './artifact-codec.ts';
import type { Embedder } from './embedders/embedder.ts';
import { INDEX_BUILD } from './index-build.ts';
import { buildPartitions, buildTranslations, composeIndex, type BuiltParts } from './index-builder.ts';
import { fetchPart, partitionPart, readPartition, readTranslation, storedPartIds, storeParts, translationPart, type StoredPart } from './index-parts.ts';
import type { Partition } from './partition.ts';
import { memoryOf } from './search-memory.ts';
import { partIdsOf, planDeployment, type DeploymentPlan } from './partition-plan.ts';
import type { SearchStore } from './search-store.ts';
import type { SiteIndex } from './site-index.ts';
import type { TranslatedQueries } from './translated-queries.ts';

/**
 * A deployment's search artifact is a manifest (search_artifacts) naming its parts (search_parts): one a
 * partition (a language's distinct pages), one a translation between two. A part is named by what it is
 * made of (partition-plan.ts), so a deployment that changes one page rebuilds, stores and loads only the
 * parts that page is in; the others are shared with the previous deployment. Where each page is served
 * (its versions and routes) is in the manifest's plan: routes that change alone rebuild no part.
 */
interface Manifest {
  build: string;
  plan: DeploymentPlan;
}

/** What building a deployment's artifact did. */
export interface ArtifactBuild {
  chunkCount: number;
  /** What the whole index takes in memory once loaded (search-memory.ts). */
  memoryBytes: number;
  builtParts: number;
  reusedParts: number;
}

/** A site index and where it came from. */
export interface ArtifactLoad {
  index: SiteIndex;
  memoryBytes: number;
  /** `loaded`: from its stored artifact; `built`: its artifact was built first (it had none that could be read). */
  source: 'loaded' | 'built';
}

/**
 * Builds a deployment's search artifact (the worker does, before the deployment goes live): the parts
 * no earlier deployment stored, then its manifest. Replaces a manifest of the same deployment and embedder.
 */
export async function buildArtifact(store: SearchStore, embedder: Embedder, deploymentId: string): Promise<ArtifactBuild> {
  const started = performance.now();
  const plan = await planDeployment(store, embedder, deploymentId);
  const ids = partIdsOf(plan);
  const stored = await storedPartIds(store, ids);
  const wanted = {
    partitions: new Set(plan.partitions.filter((partition) => !stored.has(partition.id)).map((partition) => partition.key)),
    translations: new Set(plan.translations.filter((translation) => !stored.has(translation.id)).map((translation) => translation.key)),
  };
  const built = await buildPartitions(store, embedder, plan, wanted.partitions);
  // Partitions are deflated on the thread pool while their translations are learned.
  const partitionParts = Promise.all(
    plan.partitions
      .filter((partition) => wanted.partitions.has(partition.key))
      .map((partition) => partitionPart(partition.id, built.partitions.get(partition.key)!)),
  );
  partitionParts.catch(() => undefined);
  await buildTranslations(store, plan, wanted.translations, built);
  const parts: StoredPart[] = [
    ...(await partitionParts),
    ...(await Promise.all(
      plan.translations
        .filter((translation) => wanted.translations.has(translation.key))
        .map((translation) => translationPart(translation.id, built.translations.get(translation.key))),
    )),
  ];
  await storeParts(store, parts);
  const { rows } = await store.pool.query<{ memory: string | null }>('SELECT sum(memory_bytes) AS memory FROM search_parts WHERE id = ANY($1)', [ids]);
  const memoryBytes = Number(rows[0]?.memory ?? 0) + memoryOf(plan.partitions.map((partition) => partition.served));
  await store.pool.query(
    `INSERT INTO search_artifacts (deployment_id, embedder, build, bytes, memory_bytes, chunk_count, build_ms, parts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (deployment_id, embedder) DO UPDATE
     SET build = $3, bytes = $4, memory_bytes = $5, chunk_count = $6, build_ms = $7, parts = $8, created_at = now()`,
    [
      deploymentId,
      embedder.id,
      INDEX_BUILD,
      await encodeArtifact({ build: INDEX_BUILD, plan } satisfies Manifest),
      memoryBytes,
      plan.chunkCount,
      Math.round(performance.now() - started),
      ids,
    ],
  );
  return { chunkCount: plan.chunkCount, memoryBytes, builtParts: parts.length, reusedParts: ids.length - parts.length };
}

/**
 * The search index of a deployment, from its artifact: the parts `reuse` (an index held already, the
 * site's previous deployment) has are taken from it, the others read. When the deployment has no
 * artifact this version of Folio can read (none yet, another index version, damaged bytes), one is
 * built first, in place of the other: a damaged or outdated artifact is never served.
 */
export async function loadArtifact(store: SearchStore, embedder: Embedder, deploymentId: string, log: Logger, reuse?: SiteIndex): Promise<ArtifactLoad> {
  let row = await readManifestRow(store, embedder, deploymentId);
  let source: ArtifactLoad['source'] = 'loaded';
  if (row?.build !== INDEX_BUILD) {
    if (row) log.info(`the search artifact of deployment ${deploymentId} is of index version ${row.build}, not ${INDEX_BUILD}; rebuilding it`);
    await buildArtifact(store, embedder, deploymentId);
    row = (await readManifestRow(store, embedder, deploymentId))!;
    source = 'built';
  }
  try {
    return { index: await readIndex(store, embedder, deploymentId, row.bytes, reuse), memoryBytes: Number(row.memory_bytes), source };
  } catch (error) {
    if (!(error instanceof ArtifactError)) throw error;
    log.warn(`the search artifact of deployment ${deploymentId} cannot be read (${error.message}); rebuilding it`);
    // Its parts go too: a damaged part may be shared, and must not be found again.
    await store.pool.query('DELETE FROM search_parts WHERE id = ANY($1)', [row.parts]);
    await buildArtifact(store, embedder, deploymentId);
    row = (await readManifestRow(store, embedder, deploymentId))!;
    return { index: await readIndex(store, embedder, deploymentId, row.bytes), memoryBytes: Number(row.memory_bytes), source: 'built' };
  }
}

/** What a deployment's stored artifact takes in memory, or undefined when it has none this version can read. */
export async function storedArtifactMemory(store: SearchStore, embedder: Embedder, deploymentId: string): Promise<number | undefined> {
  const { rows } = await store.pool.query<{ memory_bytes: string }>(
    'SELECT memory_bytes FROM search_artifacts WHERE deployment_id = $1 AND embedder = $2 AND build = $3',
    [deploymentId, embedder.id, INDEX_BUILD],
  );
  return rows[0] ? Number(rows[0].memory_bytes) : undefined;
}

/**
 * Deletes the artifacts of a project's deployments but, for its live site and for each preview, the
 * newest and the one before it (which a web process may still be loading, or still hold), then the
 * parts no artifact names any more.
 */
export async function forgetOldArtifacts(store: SearchStore, projectId: string): Promise<void> {
  const { rows } = await store.pool.query<{ parts: string[] }>(
    `DELETE FROM search_artifacts a USING deployments d
     WHERE a.deployment_id = d.id AND d.project_id = $1
       AND d.id NOT IN (
         SELECT id FROM (
           SELECT id, row_number() OVER (PARTITION BY CASE WHEN is_preview THEN branch END ORDER BY ended_at DESC NULLS LAST) AS newness
           FROM deployments WHERE project_id = $1 AND status = 'success'
         ) newest WHERE newness <= 2)
     RETURNING a.parts`,
    [projectId],
  );
  await releaseParts(store, rows);
}

/** Deletes the parts of these deleted artifacts that no artifact names any more. */
export async function releaseParts(store: SearchStore, artifacts: { parts: string[] }[]): Promise<void> {
  const released = [...new Set(artifacts.flatMap((row) => row.parts))];
  if (released.length === 0) return;
  await store.pool.query('DELETE FROM search_parts p WHERE p.id = ANY($1) AND NOT EXISTS (SELECT 1 FROM search_artifacts a WHERE p.id = ANY(a.parts))', [
    released,
  ]);
}

async function readManifestRow(store: SearchStore, embedder: Embedder, deploymentId: string) {
  const { rows } = await store.pool.query<{ build: string; bytes: Buffer; memory_bytes: string; parts: string[] }>(
    'SELECT build, bytes, memory_bytes, parts FROM search_artifacts WHERE deployment_id = $1 AND embedder = $2',
    [deploymentId, embedder.id],
  );
  return rows[0];
}

async function readIndex(store: SearchStore, embedder: Embedder, deploymentId: string, manifestBytes: Uint8Array, reuse?: SiteIndex): Promise<SiteIndex> {
  const { build, plan } = (await decodeArtifact(manifestBytes)) as Manifest;
  if (build !== INDEX_BUILD) throw new ArtifactError(`a manifest of index version ${build}, not ${INDEX_BUILD}`);
  // Every part is fetched at once, and each partition decoded as it arrives: its inflating on the thread
  // pool, then its making, a task of its own (a large site is made with requests let in between).
  const fetched = new Map(partIdsOf(plan).flatMap((id) => (reuse?.parts.has(id) ? [] : [[id, fetchPart(store, id)] as const])));
  for (const bytes of fetched.values()) bytes.catch(() => undefined);
  const partitions = await Promise.all(
    plan.partitions.map(({ id }) => (reuse?.parts.has(id) ? (reuse.parts.get(id) as Partition) : fetched.get(id)!.then(readPartition))),
  );
  const parts: BuiltParts = { partitions: new Map(plan.partitions.map(({ key }, at) => [key, partitions[at]!])), translations: new Map() };
  for (const { key, english, id } of plan.translations) {
    const translation = reuse?.parts.has(id)
      ? (reuse.parts.get(id) as TranslatedQueries | undefined)
      : await readTranslation(await fetched.get(id)!, parts.partitions.get(english)!);
    parts.translations.set(key, translation);
  }
  return composeIndex(deploymentId, embedder, plan, parts);
}
