import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { startFolio, type RunningFolio } from './folio-process.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** The web side in this process over real HTTP, and `folio worker` processes started beside it, on one scratch database. */
export interface WebAndWorkers {
  web: TestApp;
  server: RunningServer;
  /** The environment workers (and CLI commands acting as them) run with. */
  workerEnv: Record<string, string>;
  startWorker(): Promise<RunningFolio>;
  /** Kills every worker started, then stops the web side and drops the database. */
  close(): Promise<void>;
}

/** `env` is given to the web side and to every worker (a model endpoint, say). */
export async function startWebAndWorkers(env: Record<string, string> = {}): Promise<WebAndWorkers> {
  const scratch = await createScratchDatabase();
  const web = await startTestApp({ databaseUrl: scratch.url, env });
  const server = await listen(web.app, '127.0.0.1', 0);
  const workerEnv = { DATABASE_URL: scratch.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'folio-worker-')), ...env };
  const workers: RunningFolio[] = [];
  return {
    web,
    server,
    workerEnv,
    async startWorker() {
      const worker = await startFolio('worker', workerEnv);
      workers.push(worker);
      return worker;
    },
    async close() {
      for (const worker of workers) await worker.stop('SIGKILL');
      await server.close();
      await web.close();
      await scratch.drop();
    },
  };
}
