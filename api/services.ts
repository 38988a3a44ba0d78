import type { AnalyticsRecorder } from './analytics/recorder.ts';
import type { VisitorHashes } from './analytics/visitors.ts';
import type { VerifiedKeys } from './auth/verified-keys.ts';
import type { Config } from './config.ts';
import type { Pool } from 'pg';
import type { Db } from './db/database.ts';
import type { Events } from './events/events.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Logger } from './logger.ts';
import type { SitesByDomain } from './projects/sites-by-domain.ts';
import type { RateLimits } from './rate-limits.ts';
import type { Embedder } from './search/embedders/embedder.ts';
import type { SearchIndexes } from './search/search-indexes.ts';

/**
 * What one folio process's commands, resolvers and jobs work with. Each job takes what it needs from
 * here, so a new kind of job needs no new wiring.
 */
export interface Services {
  config: Config;
  db: Db;
  /** The pool Prisma works on, for what Prisma carries slowly: megabytes of bytes (search artifacts). */
  pool: Pool;
  events: Events;
  jobs: Jobs;
  log: Logger;
  embedder: Embedder;
  searchIndexes: SearchIndexes;
  rateLimits: RateLimits;
  /** API keys as requests present them, checked once until a key changes. */
  keys: VerifiedKeys;
  /** The site each domain names, looked up once until a project changes. */
  sites: SitesByDomain;
  /** What readers do, written in batches off the requests' path (api/analytics/). */
  analytics: AnalyticsRecorder;
  visitors: VisitorHashes;
  /** Whether the process has finished warming up after its start (runtime.ts): `GET /health` says so. */
  startup: { isWarm: boolean };
}
