import { createHash } from 'node:crypto';
import type { Embedder } from './embedders/embedder.ts';
import { INDEX_BUILD } from './index-build.ts';
import { knowsWords, partitionKey } from './partition.ts';
import type { SearchStore } from './search-store.ts';

/** One language and version of a deployment, named by what it is made of. */
export interface PartitionPlan {
  key: string;
  language: string;
  version: string;
  /** Whether the embedder understands the language: its chunks have vectors. */
  withVectors: boolean;
  /** Whether the offline word vectors know the language: other languages' queries are carried into it. */
  knowsWords: boolean;
  /**
   * Its content address: a hash of the index version, the embedder and the pages it holds (pages are
   * stored once per content, so a page's id names its text). Two deployments whose partition holds the
   * same pages at the same routes share its search artifact part.
   */
  id: string;
  chunkCount: number;
}

/** The translation a language the word vectors do not know needs: its queries carried into `english`. */
export interface TranslationPlan {
  key: string;
  english: string;
  /** A hash of the two partitions' ids. */
  id: string;
}

export interface DeploymentPlan {
  defaultLanguage: string;
  defaultVersion: string;
  chunkCount: number;
  partitions: PartitionPlan[];
  translations: TranslationPlan[];
}

/** The ids of a plan's parts: its partitions', then its translations'. */
export function partIdsOf(plan: DeploymentPlan): string[] {
  return [...plan.partitions.map((partition) => partition.id), ...plan.translations.map((translation) => translation.id)];
}

/**
 * What a deployment's search index is made of, read without its text: each partition's pages, and so
 * its id. A partition whose id has a stored part is not built again; see search-artifact.ts.
 */
export async function planDeployment(store: SearchStore, embedder: Embedder, deploymentId: string): Promise<DeploymentPlan> {
  const deployment = await store.db.deployment.findUniqueOrThrow({ where: { id: deploymentId }, select: { defaultLanguage: true, defaultVersion: true } });
  const { rows } = await store.pool.query<{ page_id: string; route: string; language: string; version: string; section: string; chunks: number }>(
    `SELECT dp.page_id, dp.route, dp.language, dp.version, dp.section, count(c.id)::int AS chunks
     FROM deployment_pages dp JOIN chunks c ON c.page_id = dp.page_id
     WHERE dp.deployment_id = $1 AND dp.is_searchable
     GROUP BY dp.page_id, dp.route, dp.language, dp.version, dp.section
     ORDER BY dp.language, dp.version, dp.route`,
    [deploymentId],
  );
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = partitionKey(row.language, row.version);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const partitions = [...groups].map(([key, pages]): PartitionPlan => {
    const { language, version } = pages[0]!;
    const withVectors = understands(embedder, language);
    const id = hash([INDEX_BUILD, embedder.id, withVectors, language, version, pages.map((page) => [page.page_id, page.route, page.section])]);
    return { key, language, version, withVectors, knowsWords: knowsWords(language), id, chunkCount: pages.reduce((sum, page) => sum + page.chunks, 0) };
  });
  const translations = partitions.flatMap((partition): TranslationPlan[] => {
    if (partition.knowsWords) return [];
    const english = partitions.find((other) => other.knowsWords && other.version === partition.version);
    return english ? [{ key: partition.key, english: english.key, id: hash([INDEX_BUILD, 'translation', partition.id, english.id]) }] : [];
  });
  return {
    defaultLanguage: deployment.defaultLanguage ?? 'en',
    defaultVersion: deployment.defaultVersion ?? '',
    chunkCount: partitions.reduce((sum, partition) => sum + partition.chunkCount, 0),
    partitions,
    translations,
  };
}

export function understands(embedder: Embedder, language: string): boolean {
  return !embedder.languages || embedder.languages.includes(language.toLowerCase().split(/[-_]/)[0]!);
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
