import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { NavigationPage } from '../mintlify/navigation.ts';
import { routeOf } from '../mintlify/page-route.ts';

/** What a route's row is planned from: its navigation entry and the file (or operation) that serves it. */
export interface RoutePlan {
  nav: NavigationPage;
  sourcePath: string;
  blobId: string;
  isOffNavigation?: boolean;
  /** Made from an OpenAPI operation: what it is made of is not a file the commit's diff names. */
  generated?: unknown;
}

/**
 * Names everything a deployment's route rows are made from but the files' contents: each planned route
 * in order (navigation entry, source path, whether it is outside the navigation), whether hidden pages
 * are searched, and what every page's content hash depends on beside its files (`contentSettings`:
 * parser, renderer, docs.json's render options). Two deployments with the same key differ only in the
 * files that changed between their commits.
 */
export function routesKeyOf(plans: readonly RoutePlan[], indexesHiddenPages: boolean, contentSettings: string): string {
  const hash = createHash('sha256').update(`${contentSettings}\n${indexesHiddenPages}\n`);
  for (const { nav, sourcePath, isOffNavigation, generated, blobId } of plans) {
    hash.update(
      `${nav.page}\u0000${nav.language}\u0000${nav.version}\u0000${nav.section}\u0000${nav.isHidden}\u0000${nav.isSearchable}\u0000${sourcePath}\u0000${isOffNavigation === true}\u0000${generated ? blobId : ''}\n`,
    );
  }
  return hash.digest('hex');
}

/**
 * The paths whose route rows a deployment planned like the previous one (same routes key) takes from
 * the previous deployment as they are, by elimination: every route but those served from a file that
 * changed, from a page that includes a file that changed, or from an OpenAPI operation. Undefined when
 * the rows cannot be copied: no previous deployment, another key, or a previous route without a row (a
 * page that failed to parse, tried again).
 */
export async function pathsToRebuild(
  db: Db,
  input: { projectId: string; previousDeploymentId: string | undefined; routesKey: string; plans: readonly RoutePlan[]; changedFiles: readonly string[] },
): Promise<Set<string> | undefined> {
  if (!input.previousDeploymentId) return undefined;
  const [previous] = await db.$queryRaw<{ routes_key: string | null; routes: bigint }[]>`
    SELECT routes_key,
      (SELECT count(*) FROM deployment_pages WHERE deployment_id = ${input.previousDeploymentId})
      + (SELECT count(*) FROM hidden_pages WHERE deployment_id = ${input.previousDeploymentId}) AS routes
    FROM deployments WHERE id = ${input.previousDeploymentId}`;
  if (previous?.routes_key !== input.routesKey || Number(previous.routes) !== rowsOf(input.plans)) return undefined;
  const paths = new Set(input.changedFiles);
  for (const plan of input.plans) if (plan.generated) paths.add(plan.sourcePath);
  if (input.changedFiles.length > 0) {
    const including = await db.$queryRaw<{ source_path: string }[]>`
      WITH including AS (SELECT id FROM pages WHERE project_id = ${input.projectId} AND snippets && ${input.changedFiles}::text[])
      SELECT source_path FROM deployment_pages WHERE deployment_id = ${input.previousDeploymentId} AND page_id IN (SELECT id FROM including)
      UNION SELECT source_path FROM hidden_pages WHERE deployment_id = ${input.previousDeploymentId} AND page_id IN (SELECT id FROM including)`;
    for (const { source_path } of including) paths.add(source_path);
  }
  return paths;
}

/** The rows these plans make when every one is stored: a route listed twice in a version is one row. */
function rowsOf(plans: readonly RoutePlan[]): number {
  const rows = new Set<string>();
  for (const { nav, isOffNavigation } of plans) {
    const route = routeOf(nav.page);
    rows.add(isOffNavigation ? `hidden\u0000${route}` : `${route}\u0000${nav.language}\u0000${nav.version}`);
  }
  return rows.size;
}

/** Copies the previous deployment's route rows (served and hidden) but those of these paths, in the database. */
export async function copyRouteRows(db: Db, deploymentId: string, previousDeploymentId: string, except: ReadonlySet<string>): Promise<void> {
  const rebuilt = [...except];
  await db.$executeRaw`
    INSERT INTO deployment_pages (deployment_id, page_id, route, source_path, language, version, section, is_searchable)
    SELECT ${deploymentId}, page_id, route, source_path, language, version, section, is_searchable
    FROM deployment_pages WHERE deployment_id = ${previousDeploymentId} AND source_path <> ALL(${rebuilt}::text[])
    ON CONFLICT DO NOTHING`;
  await db.$executeRaw`
    INSERT INTO hidden_pages (deployment_id, page_id, route, source_path, language)
    SELECT ${deploymentId}, page_id, route, source_path, language
    FROM hidden_pages WHERE deployment_id = ${previousDeploymentId} AND source_path <> ALL(${rebuilt}::text[])
    ON CONFLICT DO NOTHING`;
}
