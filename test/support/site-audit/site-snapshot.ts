import fs from 'node:fs';
import path from 'node:path';
import { createProject } from '../../../api/projects/create-project.ts';
import { deployAndWait } from '../deployments.ts';
import { CORPUS, makeRepo } from '../git-repo.ts';
import type { CallResult, TestApp } from '../test-app.ts';
import { pageText, type PageText } from './page-text.ts';

/** A repository in Mintlify's format, by the name the audit reports it under. */
export interface AuditedSite {
  name: string;
  folder: string;
}

/** A page the deployment serves, navigation or hidden, with what a reader gets from it. */
export interface ServedPage {
  route: string;
  language: string;
  /** The repository file the page was made from (an OpenAPI-generated page names no .md/.mdx file). */
  sourcePath: string;
  isHidden: boolean;
  status: number;
  text: PageText;
}

/** One deployment of a site, read once and shared by every check. */
export interface SiteSnapshot {
  name: string;
  folder: string;
  subdomain: string;
  deploymentId: string;
  logs: string[];
  pages: ServedPage[];
  t: TestApp;
  /** GET a path of the site (`/llms.txt`, `/quickstart.md`), through the app. */
  get(sitePath: string): Promise<CallResult>;
}

const REAL = new URL('../../fixtures/real', import.meta.url).pathname;
/** Fetches in flight at once: enough to overlap the database's round trips, few enough for two shared cores. */
const CONCURRENCY = 4;

/** The real teams' repositories (test/fixtures/real/*) and the corpus, limited to `only` (FOLIO_AUDIT_SITES's comma-separated names) when given. */
export function auditedSites(only?: string): AuditedSite[] {
  const real = fs
    .readdirSync(REAL, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ name: entry.name, folder: path.join(REAL, entry.name) }));
  const all = [...real, { name: path.basename(CORPUS), folder: CORPUS }];
  const wanted = only
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!wanted?.length) return all;
  const unknown = wanted.filter((name) => !all.some((site) => site.name === name));
  if (unknown.length > 0)
    throw new Error(`FOLIO_AUDIT_SITES names no site "${unknown.join('", "')}"; the sites are ${all.map((site) => site.name).join(', ')}`);
  return all.filter((site) => wanted.includes(site.name));
}

/** Deploys the site's folder from a Git repository of its own and reads every page the deployment serves. */
export async function deploySite(t: TestApp, site: AuditedSite): Promise<SiteSnapshot> {
  const subdomain = site.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);
  const repo = makeRepo({ copyFrom: site.folder });
  try {
    const project = await createProject(t.db, { name: site.name, subdomain, repo: repo.dir });
    const deployment = await deployAndWait(t, project.projectId, 600_000);
    if (deployment.status !== 'success') throw new Error(`${site.name}: the deployment ended ${deployment.status}: ${deployment.summary}`);
    const get = (sitePath: string) => t.call('GET', `/sites/${subdomain}${sitePath}`);
    const listed = await servedPages(t, deployment.id);
    const pages = await mapLimit(listed, CONCURRENCY, async (page) => {
      const answer = await get(page.route === '/' ? '/' : page.route);
      return { ...page, status: answer.status, text: pageText(typeof answer.body === 'string' ? answer.body : '') };
    });
    return { name: site.name, folder: site.folder, subdomain, deploymentId: deployment.id, logs: deployment.logs, pages, t, get };
  } finally {
    fs.rmSync(repo.dir, { recursive: true, force: true });
  }
}

/** The navigation's pages and the hidden ones, each route once. */
async function servedPages(t: TestApp, deploymentId: string) {
  const select = { route: true, language: true, sourcePath: true } as const;
  const [navigation, hidden] = await Promise.all([
    t.db.deploymentPage.findMany({ where: { deploymentId }, select }),
    t.db.hiddenPage.findMany({ where: { deploymentId }, select }),
  ]);
  const byRoute = new Map<string, { route: string; language: string; sourcePath: string; isHidden: boolean }>();
  for (const [rows, isHidden] of [
    [navigation, false],
    [hidden, true],
  ] as const) {
    for (const row of rows)
      if (!byRoute.has(row.route)) byRoute.set(row.route, { route: row.route, language: row.language, sourcePath: row.sourcePath, isHidden });
  }
  return [...byRoute.values()].sort((a, b) => a.route.localeCompare(b.route));
}

/** `work` on every item, at most `limit` at a time, results in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
