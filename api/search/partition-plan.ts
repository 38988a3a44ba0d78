import { createHash } from 'node:crypto';
import type { Embedder } from './embedders/embedder.ts';
import { INDEX_BUILD } from './index-build.ts';
import { knowsWords } from './partition.ts';
import type { SearchStore } from './search-store.ts';
import { servedState, twinsOf, type ServedRoute, type ServedState } from './served-pages.ts';

/** One language of a deployment: its distinct pages, named by what they are, and where each is served. */
export interface PartitionPlan {
  /** The language: a site index holds one partition a language. */
  key: string;
  language: string;
  /** Whether the embedder understands the language: its chunks have vectors. */
  withVectors: boolean;
  /** Whether the offline word vectors know the language: other languages' queries are carried into it. */
  knowsWords: boolean;
  /**
   * Its content address: a hash of the index version, the embedder and the distinct pages it holds, in
   * order (pages are stored once per content, so a page's id names its text). Two deployments whose
   * language has the same pages share its search artifact part, whatever their routes and versions.
   */
  id: string;
  chunkCount: number;
  /** Its pages in the partition's order: by each page's first route (in route order, then version). */
  pageIds: string[];
  /** Where each page is served (versions, routes, sections): kept in the manifest, not in the part. */
  served: ServedState;
}

/** The translation a language the word vectors do not know needs: its queries carried into `english`. */
export interface TranslationPlan {
  key: string;
  english: string;
  /** A hash of the two partitions' ids and of which page is which page's twin. */
  id: string;
}

export interface DeploymentPlan {
  defaultLanguage: string;
  defaultVersion: string;
  /** Each language's default version (a deployment made before they were stored has none: `defaultVersion` then). */
  defaultVersions: Record<string, string>;
  chunkCount: number;
  partitions: PartitionPlan[];
  translations: TranslationPlan[];
}

/** The ids of a plan's parts: its partitions', then its translations'. */
export function partIdsOf(plan: DeploymentPlan): string[] {
  return [...plan.partitions.map((partition) => partition.id), ...plan.translations.map((translation) => translation.id)];
}

/**
 * What a deployment's search index is made of, read without its text: each language's distinct pages,
 * and so its id, and the routes they are served at. A partition whose id has a stored part is not built
 * again; see search-artifact.ts.
 */
export async function planDeployment(store: SearchStore, embedder: Embedder, deploymentId: string): Promise<DeploymentPlan> {
  const deployment = await store.db.deployment.findUniqueOrThrow({
    where: { id: deploymentId },
    select: { defaultLanguage: true, defaultVersion: true, defaultVersions: true },
  });
  const { rows } = await store.pool.query<{ page_id: string; route: string; language: string; version: string; section: string; chunks: number }>(
    // Each distinct page's chunks are counted once, not once per route that serves it (a version's copy).
    `SELECT dp.page_id, dp.route, dp.language, dp.version, dp.section, counted.chunks
     FROM deployment_pages dp JOIN (
       SELECT page_id, count(*)::int AS chunks FROM chunks
       WHERE page_id IN (SELECT page_id FROM deployment_pages WHERE deployment_id = $1 AND is_searchable)
       GROUP BY page_id) counted ON counted.page_id = dp.page_id
     WHERE dp.deployment_id = $1 AND dp.is_searchable
     ORDER BY dp.language, dp.route, dp.version`,
    [deploymentId],
  );
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const group = groups.get(row.language);
    if (group) group.push(row);
    else groups.set(row.language, [row]);
  }
  const partitions = [...groups].map(([language, routes]): PartitionPlan => {
    const numbers = new Map<string, number>();
    let chunkCount = 0;
    const served = routes.map((row): ServedRoute => {
      let page = numbers.get(row.page_id);
      if (page === undefined) {
        numbers.set(row.page_id, (page = numbers.size));
        chunkCount += row.chunks;
      }
      return { page, route: row.route, version: row.version, section: row.section };
    });
    const pageIds = [...numbers.keys()];
    const withVectors = understands(embedder, language);
    const id = hash([INDEX_BUILD, embedder.id, withVectors, language, pageIds]);
    return { key: language, language, withVectors, knowsWords: knowsWords(language), id, chunkCount, pageIds, served: servedState(served) };
  });
  const translations = partitions.flatMap((partition): TranslationPlan[] => {
    if (partition.knowsWords) return [];
    const english = partitions.find((other) => other.knowsWords);
    if (!english) return [];
    const twins = twinsOfPlans(partition, english);
    return [{ key: partition.key, english: english.key, id: hash([INDEX_BUILD, 'translation', partition.id, english.id, [...twins]]) }];
  });
  return {
    defaultLanguage: deployment.defaultLanguage ?? 'en',
    defaultVersion: deployment.defaultVersion ?? '',
    defaultVersions: (deployment.defaultVersions ?? {}) as Record<string, string>,
    chunkCount: partitions.reduce((sum, partition) => sum + partition.chunkCount, 0),
    partitions,
    translations,
  };
}

/** Twins as twinsOfPlans made them, by plan: a build pairs a translation's pages to name it, then again to learn it. */
const pairedTwins = new WeakMap<PartitionPlan, WeakMap<PartitionPlan, Int32Array>>();

/** Each page of `partition` -> its English twin's page number in `english` (-1 for none). */
export function twinsOfPlans(partition: PartitionPlan, english: PartitionPlan): Int32Array {
  let byEnglish = pairedTwins.get(partition);
  if (!byEnglish) pairedTwins.set(partition, (byEnglish = new WeakMap()));
  let twins = byEnglish.get(english);
  if (!twins) byEnglish.set(english, (twins = twinsOf(partition.served, partition.pageIds.length, partition.language, english.served, english.language)));
  return twins;
}

export function understands(embedder: Embedder, language: string): boolean {
  return !embedder.languages || embedder.languages.includes(language.toLowerCase().split(/[-_]/)[0]!);
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
