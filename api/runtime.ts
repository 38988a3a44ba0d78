import { AnalyticsRecorder } from './analytics/recorder.ts';
import { VisitorHashes } from './analytics/visitors.ts';
import { AnswerRehearsal } from './assistant/rehearsal.ts';
import { VerifiedKeys } from './auth/verified-keys.ts';
import type { Config } from './config.ts';
import { counted } from './counted.ts';
import { openDatabase, type Database } from './db/database.ts';
import type { DatabaseServer } from './db/database-server.ts';
import { deployServicesOf, type DeployServices } from './deploy/deploy-services.ts';
import { createEvents, type Events } from './events/events.ts';
import { startJobs, type Jobs } from './jobs/jobs.ts';
import { JOB_DEFINITIONS } from './jobs/registry.ts';
import type { Logger } from './logger.ts';
import { createEmbedder } from './search/embedders/create-embedder.ts';
import { SearchIndexes } from './search/search-indexes.ts';
import { SitesByDomain } from './projects/sites-by-domain.ts';
import { createRateLimits } from './rate-limits.ts';
import type { Services } from './services.ts';

/** How long a starting process may warm up before it takes requests (a fleet's process may have many sites to load). */
const WARM_UP_LIMIT_MS = 15_000;

/** The services one folio process runs on: database, events, job queue, embedder and search indexes. */
export interface Runtime extends Services {
  database: Database;
  jobs: Jobs<Services>;
  /** What deployments run with (tests run them directly). */
  deployServices: DeployServices;
  /**
   * Makes the first requests fast: Prisma prepares its query compiler on first use, a
   * process that serves web requests loads the live sites' search indexes and the query path
   * (SearchIndexes.warm), then rehearses an answer (rehearsal.ts), and a worker loads the deployment
   * pipeline and prepares for the next deployments (prime-deployment-caches.ts). `folio serve` runs it
   * once it listens: a request that comes first waits only for what it needs. The search part takes
   * `WARM_UP_LIMIT_MS` at most: what is not loaded by then loads when asked for. `close` stops it.
   */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database (on `server` when the caller started it already), the cross-process events and
 * the job queue; a worker also starts working every kind of job, and a web process (`isWeb`) loads the
 * search index of each site that goes live.
 */
export async function openRuntime(config: Config, log: Logger, options: { isWorker: boolean; isWeb?: boolean; server?: DatabaseServer }): Promise<Runtime> {
  const database = await openDatabase(config, log, { server: options.server });
  const started = await Promise.allSettled([
    createEvents(database.pool, database.url, log),
    startJobs<Services>(database.url, JOB_DEFINITIONS, { isWorker: options.isWorker, log }),
  ]);
  const [events, jobs] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined)) as [Events?, Jobs<Services>?];
  try {
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    const embedder = createEmbedder(config);
    const searchIndexes = new SearchIndexes({ db: database.prisma, pool: database.pool }, embedder, events!, log, {
      memoryBytes: config.searchMemoryBytes,
      // Only a process that answers searches loads sites ahead of them; a worker or a CLI command loads one when it searches it.
      followsLiveSites: options.isWeb ?? false,
    });
    const rateLimits = createRateLimits(database.pool, config.rateLimits);
    const keys = new VerifiedKeys(database.prisma, events!);
    const sites = new SitesByDomain(database.prisma, events!);
    const services: Services = {
      config,
      db: database.prisma,
      pool: database.pool,
      events: events!,
      jobs: jobs!,
      log,
      embedder,
      searchIndexes,
      rateLimits,
      keys,
      sites,
      analytics: new AnalyticsRecorder(database.pool, log),
      visitors: new VisitorHashes(database.pool),
      startup: { isWarm: false },
    };
    if (options.isWorker) await jobs!.workAll(services);
    const rehearsal = new AnswerRehearsal(services);
    const closing = new AbortController();
    const deployServices = deployServicesOf(services);
    return {
      ...services,
      database,
      jobs: jobs!,
      deployServices,
      async warmUp() {
        const prisma = database.prisma.project.findFirst({ select: { id: true } }).catch(() => undefined);
        const search = options.isWeb
          ? searchIndexes
              .warm()
              .catch((error) => {
                log.warn('could not load the search indexes of the live sites', error);
                return [];
              })
              .then(([latest]) => rehearsal.start(latest))
              .catch((error) => log.warn('could not rehearse an answer', error))
          : undefined;
        const limit = new Promise<void>((resolve) => setTimeout(resolve, WARM_UP_LIMIT_MS).unref());
        await Promise.race([Promise.all([prisma, search]), limit]);
        // A worker loads the deployment pipeline now rather than in its first deployment, then prepares
        // for the redeployments of the sites deployed last, as a worker that has deployed them is.
        if (options.isWorker) {
          await import('./deploy/run-deployment.ts').catch((error) => log.warn('could not load the deployment pipeline', error));
          await import('./deploy/prime-deployment-caches.ts')
            .then(async ({ primeDeploymentCaches }) => {
              const started = performance.now();
              const sites = await primeDeploymentCaches(deployServices, closing.signal);
              if (sites > 0) log.info(`prepared for the next deployments of ${counted(sites, 'site')} in ${Math.round(performance.now() - started)} ms`);
            })
            .catch((error) => log.warn('could not prepare for the next deployments', error));
        }
        services.startup.isWarm = true;
      },
      async close() {
        closing.abort();
        rehearsal.close();
        await services.analytics.close();
        searchIndexes.close();
        keys.close();
        sites.close();
        await jobs!.stop();
        await events!.close();
        await database.close();
      },
    };
  } catch (error) {
    await jobs?.stop();
    await events?.close();
    await database.close();
    throw error;
  }
}
