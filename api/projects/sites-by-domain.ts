import { ChangeInvalidatedCache } from '../db/change-invalidated-cache.ts';
import type { Db } from '../db/database.ts';
import type { Events } from '../events/events.ts';
import { parsePreviewDomain, siteIdOf } from './preview-names.ts';
import { markPreviewUsed } from './preview-usage.ts';

/**
 * Published by triggers on `projects` when a site's domain, name or live deployment changes, or it is
 * deleted, and on `previews` when a preview's deployment changes or it is removed.
 */
export const PROJECTS_CHANGED_TOPIC = 'projects:changed';

export interface SiteOfDomain {
  /** The project's id (a preview is its project's: the same keys, threads and agent). */
  id: string;
  name: string;
  /** The deployment it answers from: the project's live one, or the preview's. */
  liveDeploymentId: string | null;
  /** Whether what readers do on it is recorded (api/analytics/); never on a preview. */
  analyticsEnabled: boolean;
  /** What a process keeps its search index and pages under (the project's id for its live site). */
  siteId: string;
  /** The branch, and the preview's id, for a preview. */
  previewBranch?: string;
  previewId?: string;
}

/**
 * The site each domain names, as the assistant and search look it up on every request: a project by its
 * subdomain, or a branch's preview by `{slug}--{subdomain}` (api/previews/). Remembered until any
 * project or preview changes (a deployment going live changes its project or preview in the same
 * transaction, so the announcement reaches every process before the deployment's success does).
 */
export class SitesByDomain {
  readonly #cache: ChangeInvalidatedCache<SiteOfDomain>;
  /** Switches under way in this process (whileSwitching). */
  #switching = 0;

  constructor(
    private readonly db: Db,
    events: Events,
  ) {
    this.#cache = new ChangeInvalidatedCache(events, { topics: [PROJECTS_CHANGED_TOPIC], maxEntries: 10_000, maxAgeMs: 60_000 });
  }

  /** The site, or undefined when no site has this domain. A preview found is marked as in use. */
  async find(domain: string): Promise<SiteOfDomain | undefined> {
    const site = await this.lookUp(domain);
    if (site?.previewId) markPreviewUsed(this.db, site.previewId);
    return site;
  }

  /**
   * Runs a switch of what a site serves (a deployment going live, in the process that ran it): while it
   * commits, domains are read from the database rather than remembered, and what was remembered is
   * forgotten when it ends, without waiting for the database's announcement.
   */
  async whileSwitching<T>(work: () => Promise<T>): Promise<T> {
    this.#switching++;
    this.#cache.clear();
    try {
      return await work();
    } finally {
      this.#switching--;
      this.#cache.clear();
    }
  }

  private lookUp(domain: string): Promise<SiteOfDomain | undefined> {
    if (this.#switching > 0) return this.read(domain);
    return this.#cache.get(domain, () => this.read(domain));
  }

  private async read(domain: string): Promise<SiteOfDomain | undefined> {
    const site = await this.db.project.findUnique({
      where: { subdomain: domain },
      select: { id: true, name: true, liveDeploymentId: true, analyticsEnabled: true },
    });
    if (site) return { ...site, siteId: site.id };
    const preview = parsePreviewDomain(domain);
    if (!preview) return undefined;
    const found = await this.db.preview.findFirst({
      where: { slug: preview.slug, project: { subdomain: preview.subdomain } },
      select: { id: true, branch: true, deploymentId: true, project: { select: { id: true, name: true } } },
    });
    if (!found) return undefined;
    const { project } = found;
    return {
      id: project.id,
      name: project.name,
      liveDeploymentId: found.deploymentId,
      analyticsEnabled: false,
      siteId: siteIdOf(project.id, preview.slug),
      previewBranch: found.branch,
      previewId: found.id,
    };
  }

  close(): void {
    this.#cache.close();
  }
}
