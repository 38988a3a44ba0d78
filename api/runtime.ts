import path from 'node:path';
import type { AppDeps } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { createEvents, type Events } from './events.ts';
import { deployFailedJob, deployRunJob } from './jobs/deploy-run.ts';
import { startJobs, type Jobs, type QueueDefinition } from './jobs/jobs.ts';
import type { Logger } from './logger.ts';
import type { DeployServices } from './deploy/run-deployment.ts';
import { createEmbedder } from './search/embedders/create-embedder.ts';
import type { Embedder } from './search/embedders/embedder.ts';
import { SearchIndexes } from './search/search-indexes.ts';

/** Every job queue, created at boot; dead-letter queues come before the queues that name them. */
const JOB_QUEUES: readonly QueueDefinition[] = [deployFailedJob, deployRunJob];

/** The services one folio process runs on: database, events, job queue, embedder and search indexes. */
export interface Runtime {
  database: Database;
  events: Events;
  jobs: Jobs;
  log: Logger;
  embedder: Embedder;
  searchIndexes: SearchIndexes;
  /** What deployment jobs run with. */
  deployServices: DeployServices;
  close(): Promise<void>;
}

/** What the web app of this process runs on. */
export function appDepsOf(runtime: Runtime, maxBodyBytes: number): AppDeps {
  return {
    db: runtime.database.prisma,
    events: runtime.events,
    jobs: runtime.jobs,
    log: runtime.log,
    searchIndexes: runtime.searchIndexes,
    maxBodyBytes,
  };
}

/** Where this process caches repository mirrors. */
const reposDir = (config: Config) => path.join(config.dataDir, 'repos');

export async function openRuntime(config: Config, log: Logger, options: { isWorker: boolean }): Promise<Runtime> {
  const database = await openDatabase(config, log);
  let events: Events | undefined;
  let jobs: Jobs | undefined;
  try {
    events = await createEvents(database.pool, database.url, log);
    jobs = await startJobs(database.url, JOB_QUEUES, { isWorker: options.isWorker, log });
    const embedder = createEmbedder(config);
    const deployServices: DeployServices = {
      db: database.prisma,
      events,
      log,
      reposDir: reposDir(config),
      github: { url: config.githubUrl, token: config.githubToken },
      embedder,
    };
    if (options.isWorker) {
      await jobs.work(deployRunJob, deployServices, log);
      await jobs.work(deployFailedJob, deployServices, log);
    }
    const searchIndexes = new SearchIndexes(database.prisma, embedder, events, log, config.searchCache);
    return {
      database,
      events,
      jobs,
      log,
      embedder,
      searchIndexes,
      deployServices,
      async close() {
        searchIndexes.close();
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
