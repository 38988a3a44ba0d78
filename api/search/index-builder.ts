import { BoundedMap } from '../bounded-map.ts';
import { loadAnalyzer, type Analyzer } from './analyzer.ts';
import { chunkEmbeddingText, storeVectors } from './embed-chunks.ts';
import type { Embedder } from './embedders/embedder.ts';
import { analyzedChunks } from './page-analyses.ts';
import { fetchPart, readPartition } from './index-parts.ts';
import { buildPartition, summaryOf, summaryText, type ChunkRow, type Partition } from './partition.ts';
import { planDeployment, twinsOfPlans, type DeploymentPlan } from './partition-plan.ts';
import type { SearchStore } from './search-store.ts';
import { ServedPages } from './served-pages.ts';
import { SiteIndex, type SiteLanguage } from './site-index.ts';
import { summaryTerms, TranslatedQueries, type PageTerms } from './translated-queries.ts';

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
  plan: DeploymentPlan,
  wanted: { partitions: ReadonlySet<string>; translations: ReadonlySet<string> },
): Promise<BuiltParts> {
  const built = await buildPartitions(store, embedder, plan, wanted.partitions);
  await buildTranslations(store, plan, wanted.translations, built);
  return built;
}

/** Builds the partitions of these keys (languages) from the stored chunks of their distinct pages. */
export async function buildPartitions(store: SearchStore, embedder: Embedder, plan: DeploymentPlan, keys: ReadonlySet<string>): Promise<BuiltParts> {
  const built: BuiltParts = { partitions: new Map(), translations: new Map() };
  for (const partition of plan.partitions) {
    if (!keys.has(partition.key)) continue;
    const rows = await chunkRows(store, embedder, partition.pageIds);
    if (rows.length === 0) continue;
    if (partition.withVectors) await embedMissing(store, embedder, rows);
    const analyzed = await analyzedChunks(store, rows, await loadAnalyzer(partition.language));
    built.partitions.set(partition.key, await buildPartition(partition.language, rows, analyzed, partition.withVectors));
  }
  return built;
}

/** The chunks of these pages, page by page in their order, each page's in its order. */
async function chunkRows(store: SearchStore, embedder: Embedder, pageIds: readonly string[]): Promise<ChunkRow[]> {
  const { rows } = await store.pool.query<ChunkRow>(
    `SELECT c.id, c.content, c.heading, c.anchor, p.id AS page_id, p.title, p.description,
            array_to_string(p.keywords, ' ') AS keywords, e.vector
     FROM unnest($2::text[]) WITH ORDINALITY AS wanted(page_id, number)
     JOIN pages p ON p.id = wanted.page_id
     JOIN chunks c ON c.page_id = p.id
     LEFT JOIN chunk_embeddings e ON e.chunk_id = c.id AND e.embedder = $1
     ORDER BY wanted.number, c.position`,
    [embedder.id, pageIds],
  );
  return rows;
}

/**
 * Learns the translations of these keys, into `built`. A translation is learned from its two partitions'
 * page summaries (read without the pages' text) and the twins their routes pair (partition-plan.ts), and
 * needs the English partition: `built`'s if it has it, else read from its stored part.
 */
export async function buildTranslations(store: SearchStore, plan: DeploymentPlan, keys: ReadonlySet<string>, built: BuiltParts): Promise<void> {
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
    if (!termsByKey.has(key)) termsByKey.set(key, await pageTerms(store, plans.get(key)!.pageIds, analyzer));
    return termsByKey.get(key)!;
  };
  for (const { key, english: englishKey } of translations) {
    const into = english.get(englishKey)!;
    const pages = await termsOf(key, await loadAnalyzer(plans.get(key)!.language));
    const twins = twinsOfPlans(plans.get(key)!, plans.get(englishKey)!);
    built.translations.set(key, TranslatedQueries.build(pages, await termsOf(englishKey, into.analyzer), twins, into.pages, into.vocabulary));
  }
}

/**
 * The terms of what each page says it is about, by analyzer language and page id: a page's id names its
 * content, so a redeployment reads and analyses only the pages this process has not seen.
 */
const termsOfPages = new BoundedMap<string, PageTerms>(50_000);

/** The terms of what each of these pages says it is about (summaryText), in their order. */
async function pageTerms(store: SearchStore, pageIds: readonly string[], analyzer: Analyzer): Promise<PageTerms[]> {
  const keyOf = (pageId: string) => `${analyzer.language}\u0000${pageId}`;
  const found = new Map(pageIds.flatMap((pageId) => (termsOfPages.has(keyOf(pageId)) ? [[pageId, termsOfPages.get(keyOf(pageId))!] as const] : [])));
  const { rows } = await store.pool.query<{ id: string; title: string; description: string; keywords: string; headings: string[] }>(
    `SELECT p.id, p.title, p.description, array_to_string(p.keywords, ' ') AS keywords, array_agg(c.heading ORDER BY c.position) AS headings
     FROM unnest($1::text[]) WITH ORDINALITY AS wanted(page_id, number)
     JOIN pages p ON p.id = wanted.page_id JOIN chunks c ON c.page_id = p.id
     GROUP BY wanted.number, p.id
     ORDER BY wanted.number`,
    [pageIds.filter((pageId) => !found.has(pageId))],
  );
  const terms = summaryTerms(
    rows.map((page) => summaryText(summaryOf(page))),
    analyzer,
  );
  for (const [at, page] of rows.entries()) found.set(page.id, termsOfPages.set(keyOf(page.id), terms[at]!));
  return pageIds.flatMap((pageId) => found.get(pageId) ?? []);
}

/**
 * Takes into this process's memory what a redeployment of this deployment reuses when it builds its
 * changed parts: each page's analysis (read back from page_analyses) and the page terms its
 * translations learn from. A process that just started has neither, so its first redeployment would
 * read and make them all. Stops between partitions once `shouldStop` says so.
 */
export async function holdReusedAnalyses(store: SearchStore, embedder: Embedder, deploymentId: string, shouldStop: () => boolean): Promise<void> {
  const plan = await planDeployment(store, embedder, deploymentId);
  const translated = new Set(plan.translations.flatMap((translation) => [translation.key, translation.english]));
  for (const partition of plan.partitions) {
    if (shouldStop()) return;
    const analyzer = await loadAnalyzer(partition.language);
    await analyzedChunks(store, await chunkRows(store, embedder, partition.pageIds), analyzer);
    if (translated.has(partition.key)) await pageTerms(store, partition.pageIds, analyzer);
  }
}

/**
 * A deployment's whole search index built in memory from its stored chunks, stored nowhere: for tuning
 * and benchmarks, and what a first search waited for before search artifacts.
 */
export async function buildSiteIndex(store: SearchStore, embedder: Embedder, deploymentId: string): Promise<SiteIndex> {
  const plan = await planDeployment(store, embedder, deploymentId);
  const built = await buildParts(store, embedder, plan, {
    partitions: new Set(plan.partitions.map((partition) => partition.key)),
    translations: new Set(plan.translations.map((translation) => translation.key)),
  });
  return composeIndex(deploymentId, embedder, plan, built);
}

/** An index made of its parts: each translated partition with its translation, each with where its pages are served. */
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
  const languages = new Map<string, SiteLanguage>();
  for (const { key, served } of plan.partitions) {
    const partition = partitions.get(key);
    if (partition) languages.set(key, { partition, served: new ServedPages(served, partition.pageCount) });
  }
  return new SiteIndex(deploymentId, plan.defaultLanguage, plan.defaultVersion, plan.defaultVersions, embedder.id, languages, plan.chunkCount, byId);
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
