import path from 'node:path';
import type { Pool } from 'pg';
import type { Db } from '../db/database.ts';
import type { Events } from '../events/events.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Logger } from '../logger.ts';
import type { Embedder } from '../search/embedders/embedder.ts';
import type { Services } from '../services.ts';
import type { PageBuilding } from './page-pool.ts';
import { servedHereOf, type ServedHere } from './served-here.ts';

export interface DeployServices {
  db: Db;
  pool: Pool;
  events: Events;
  log: Logger;
  /** Where repository mirrors are cached (DATA_DIR/repos). */
  reposDir: string;
  github: { url: string; token?: string };
  /** Computes the vectors of new chunks, so the new deployment is searchable the moment it is live. */
  embedder: Embedder;
  /** Queues the screenshots of a deployment that went live. */
  jobs: Pick<Jobs, 'enqueue'>;
  /** The serving of the process that runs the deployment, when it serves web requests (served-here.ts). */
  servedHere?: ServedHere;
  /** DEPLOY_MEMORY_MB: how a deployment builds its pages (page-pool.ts). */
  pageBuilding: PageBuilding;
  /** False only for the benchmark's baseline (`npm run bench -- render`): a deployment without its site. */
  isRenderingSite?: boolean;
}

/** What deployments need, out of the services of the process that runs them. */
export function deployServicesOf(services: Services): DeployServices {
  return {
    db: services.db,
    pool: services.pool,
    events: services.events,
    log: services.log,
    reposDir: path.join(services.config.dataDir, 'repos'),
    github: { url: services.config.githubUrl, token: services.config.githubToken },
    embedder: services.embedder,
    jobs: services.jobs,
    servedHere: servedHereOf(services),
    pageBuilding: { memoryBytes: services.config.deployMemoryBytes },
  };
}
