import { loadAnalyzer, type Analyzer } from './analyzer.ts';
import { chunkEmbeddingText, storeVectors } from './embed-chunks.ts';
import type { Embedder } from './embedders/embedder.ts';
import { analyzedChunks } from './page-analyses.ts';
import { fetchPart, readPartition } from './index-parts.ts';
import { alignedPage, buildPartition, summaryOf, type ChunkRow, type Partition } from './partition.ts';
import { planDeployment, type DeploymentPlan, type PartitionPlan } from './partition-plan.ts';
import type { SearchStore } from './search-store.ts';
import { SiteIndex } from './site-index.ts';
import { summaryTerms, TranslatedQueries, type AlignedPage, type PageTerms } from './translated-queries.ts';

/** What a build made: partitions (without translations) and translations, by partition key. */
export interface BuiltParts {
  partitions: Map<string, Partition>;
  translations: Map<string, TranslatedQueries | undefined>;
}

/**
 * Builds, from a deployment's stored chunks, the partitions and translations of its plan that are
 * wanted (by key): buildPartitions, then buildTranslations.
 */
export async function buildParts(
  store: SearchStore,
  embedder: Embedder,
  deploymentId: string,
  plan: DeploymentPlan,
  wanted: { partitions: ReadonlySet<string>; translations: ReadonlySet<string> },
): Promise<BuiltParts> {
  const built = await buildPartitions(store, embedder, deploymentId, plan, wanted.partitions);
  await buildTranslations(store, deploymentId, plan, wanted.translations, built);
  return built;
}

/** Builds the partitions of these keys from the deployment's stored chunks. */
export async function buildPartitions(
  store: SearchStore,
  embedder: Embedder,
  deploymentId: string,
  plan: DeploymentPlan,
  keys: ReadonlySet<string>,
): Promise<BuiltParts> {
  const built: BuiltParts = { partitions: new Map(), translations: new Map() };
  if (keys.size === 0) return built;
  const plans = new Map(plan.partitions.map((partition) => [partition.key, partition]));
  const { rows } = await store.pool.query<ChunkRow>(
    `SELECT c.id, c.content, c.heading, c.anchor, p.id AS page_id, p.title, p.description,
            array_to_string(p.keywords, ' ') AS keywords, dp.route, dp.language, dp.version, dp.section, e.vector
     FROM deployment_pages dp
     JOIN pages p ON p.id = dp.page_id
     JOIN chunks c ON c.page_id = p.id
     LEFT JOIN chunk_embeddings e ON e.chunk_id = c.id AND e.embedder = $1
     WHERE dp.deployment_id = $2 AND dp.is_searchable AND (dp.language, dp.version) IN (SELECT * FROM unnest($3::text[], $4::text[]))
     ORDER BY dp.language, dp.version, dp.route, c.position`,
    [embedder.id, deploymentId, [...keys].map((key) => plans.get(key)!.language), [...keys].map((key) => plans.get(key)!.version)],
  );
  await embedMissing(
    store,
    embedder,
    rows.filter((row) => plans.get(`${row.language}\u0000${row.version}`)?.withVectors),
  );
  for (const key of keys) {
    const group = rows.filter((row) => `${row.language}\u0000${row.version}` === key);
    if (group.length === 0) continue;
    const analyzed = await analyzedChunks(store, group, await loadAnalyzer(group[0]!.language));
    built.partitions.set(key, await buildPartition(group, analyzed, plans.get(key)!.withVectors));
  }
  return built;
}

/**
 * Learns the translations of these keys, into `built`. A translation is learned from its two partitions'
 * page summaries (read without the pages' text) and needs the English partition: `built`'s if it has
 * it, else read from its stored part.
 */
export async function buildTranslations(
  store: SearchStore,
  deploymentId: string,
  plan: DeploymentPlan,
  keys: ReadonlySet<string>,
  built: BuiltParts,
): Promise<void> {
  const translations = plan.translations.filter((translation) => keys.has(translation.key));
  const plans = new Map(plan.partitions.map((partition) => [partition.key, partition]));
  const english = new Map<string, Partition>();
  for (const translation of translations) {
    const key = translation.english;
    if (english.has(key)) continue;
    english.set(key, built.partitions.get(key) ?? (await readPartition(await fetchPart(store, plans.get(key)!.id))));
  }
  // The English partition's page terms are made once for all the languages translated into it.
  const termsByKey = new Map<string, PageTerms[]>();
  const termsOf = async (key: string, analyzer: Analyzer) => {
    if (!termsByKey.has(key)) termsByKey.set(key, summaryTerms(await alignedPages(store, deploymentId, plans.get(key)!), analyzer));
    return termsByKey.get(key)!;
  };
  for (const { key, english: englishKey } of translations) {
    const into = english.get(englishKey)!;
    const pages = await termsOf(key, await loadAnalyzer(plans.get(key)!.language));
    built.translations.set(key, TranslatedQueries.build(pages, await termsOf(englishKey, into.analyzer), into.pages, into.vocabulary));
  }
}

/** A partition's pages as a translation learns from them: routes without the language folder, and what each page says it is about. */
async function alignedPages(store: SearchStore, deploymentId: string, plan: PartitionPlan): Promise<AlignedPage[]> {
  const { rows } = await store.pool.query<{ route: string; title: string; description: string; keywords: string; headings: string[] }>(
    `SELECT dp.route, p.title, p.description, array_to_string(p.keywords, ' ') AS keywords, array_agg(c.heading ORDER BY c.position) AS headings
     FROM deployment_pages dp JOIN pages p ON p.id = dp.page_id JOIN chunks c ON c.page_id = p.id
     WHERE dp.deployment_id = $1 AND dp.is_searchable AND dp.language = $2 AND dp.version = $3
     GROUP BY dp.route, p.id
     ORDER BY dp.route`,
    [deploymentId, plan.language, plan.version],
  );
  return rows.map((page) => alignedPage(page.route, plan.language, summaryOf(page)));
}

/**
 * A deployment's whole search index built in memory from its stored chunks, stored nowhere: for tuning
 * and benchmarks, and what a first search waited for before search artifacts.
 */
export async function buildSiteIndex(store: SearchStore, embedder: Embedder, deploymentId: string): Promise<SiteIndex> {
  const plan = await planDeployment(store, embedder, deploymentId);
  const built = await buildParts(store, embedder, deploymentId, plan, {
    partitions: new Set(plan.partitions.map((partition) => partition.key)),
    translations: new Set(plan.translations.map((translation) => translation.key)),
  });
  return composeIndex(deploymentId, embedder, plan, built);
}

/** An index made of its parts: each translated partition with its translation. */
export function composeIndex(deploymentId: string, embedder: Embedder, plan: DeploymentPlan, parts: BuiltParts): SiteIndex {
  const byId = new Map<string, Partition | TranslatedQueries | undefined>();
  const partitions = new Map<string, Partition>();
  for (const { key, id } of plan.partitions) {
    const partition = parts.partitions.get(key);
    if (!partition) continue;
    byId.set(id, partition);
    partitions.set(key, partition);
  }
  for (const { key, id } of plan.translations) {
    const translation = parts.translations.get(key);
    byId.set(id, translation);
    const partition = partitions.get(key);
    if (partition && translation) partitions.set(key, partition.withTranslation(translation));
  }
  return new SiteIndex(deploymentId, plan.defaultLanguage, plan.defaultVersion, embedder.id, partitions, plan.chunkCount, byId);
}

/** Chunks stored before this embedder was configured get their vectors now (and keep them). */
async function embedMissing(store: SearchStore, embedder: Embedder, rows: ChunkRow[]): Promise<void> {
  const missing = rows.filter((row) => !row.vector);
  const seen = new Set<string>();
  const unique = missing.filter((row) => !seen.has(row.id) && seen.add(row.id));
  if (unique.length === 0) return;
  const vectors = await embedder.embed(unique.map(chunkEmbeddingText));
  await storeVectors(
    store.db,
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
