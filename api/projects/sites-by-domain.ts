import { ChangeInvalidatedCache } from '../db/change-invalidated-cache.ts';
import type { Db } from '../db/database.ts';
import type { Events } from '../events/events.ts';

/** Published by a trigger on `projects` when a site's domain, name or live deployment changes, or it is deleted. */
export const PROJECTS_CHANGED_TOPIC = 'projects:changed';

export interface SiteOfDomain {
  id: string;
  name: string;
  liveDeploymentId: string | null;
  /** Whether what readers do on it is recorded (api/analytics/). */
  analyticsEnabled: boolean;
}

/**
 * The site each domain names, as the assistant and search look it up on every request: remembered until
 * any project changes (a deployment going live changes its project in the same transaction, so the
 * announcement reaches every process before the deployment's success does).
 */
export class SitesByDomain {
  readonly #cache: ChangeInvalidatedCache<SiteOfDomain>;

  constructor(
    private readonly db: Db,
    events: Events,
  ) {
    this.#cache = new ChangeInvalidatedCache(events, { topics: [PROJECTS_CHANGED_TOPIC], maxEntries: 10_000, maxAgeMs: 60_000 });
  }

  /** The site, or undefined when no site has this domain. */
  find(domain: string): Promise<SiteOfDomain | undefined> {
    return this.#cache.get(domain, async () => {
      const site = await this.db.project.findUnique({
        where: { subdomain: domain },
        select: { id: true, name: true, liveDeploymentId: true, analyticsEnabled: true },
      });
      return site ?? undefined;
    });
  }

  close(): void {
    this.#cache.close();
  }
}
