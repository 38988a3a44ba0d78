import type { Services } from '../services.ts';
import { siteCacheOf } from '../sites/site-cache.ts';

/**
 * What the process that runs a deployment does so that `success` means live in it: before the record
 * says so, it loads the deployment's search index and site (the first request that finds it live
 * answers from it, without waiting); while the switch commits, it reads which deployment a domain
 * serves from the database, and then forgets what it remembered, rather than wait for the database's
 * announcement. Other processes follow that announcement (docs/scaling.md#going-live).
 */
export interface ServedHere {
  /** Loads the deployment's search index and site, before anyone is told it is live. */
  prepare(siteId: string, deploymentId: string): Promise<void>;
  /** Runs the commit that makes it live (SitesByDomain.whileSwitching). */
  switchLive<T>(commit: () => Promise<T>): Promise<T>;
}

/** The process's own serving, for a process that serves web requests; undefined for a worker alone. */
export function servedHereOf(services: Services): ServedHere | undefined {
  if (!services.searchIndexes.followsLiveSites) return undefined;
  return {
    async prepare(siteId, deploymentId) {
      // A load that fails here is tried again by the first request: the deployment still goes live.
      await Promise.all([services.searchIndexes.prepare(siteId, deploymentId), siteCacheOf(services.db).site(siteId, deploymentId)]).catch((error) =>
        services.log.warn(`could not load deployment ${deploymentId} before it went live`, error),
      );
    },
    switchLive(commit) {
      return services.sites.whileSwitching(commit);
    },
  };
}
