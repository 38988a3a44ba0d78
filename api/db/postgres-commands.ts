import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Placement } from './postgres-placement.ts';

/** The embedded server's connection settings, kept in DATA_DIR/postgres.json. */
export interface StoredSettings {
  port: number;
  user: string;
  password: string;
  /** The cluster's folder, when it is not DATA_DIR/postgres (see placeCluster). */
  cluster?: string;
}

export function connectionUrl(settings: StoredSettings, database: string): string {
  return `postgres://${settings.user}:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/${database}`;
}

/** Runs one of the PostgreSQL programs as the placement's user and collects its output. */
export function runProgram(
  placement: Pick<Placement, 'binDir' | 'runAs' | 'clusterDir'>,
  program: 'initdb' | 'pg_ctl',
  args: string[],
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    // detached: the server must not receive the terminal's Ctrl-C meant for one folio process.
    const child = spawn(path.join(placement.binDir, program), args, {
      ...placement.runAs,
      cwd: placement.clusterDir,
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

/** The live server on this data directory, its process and port, read from postmaster.pid. */
export async function runningServer(pgdata: string): Promise<{ pid: number; port: number } | undefined> {
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
    return { pid, port };
  } catch {
    return undefined;
  }
}

/** Creates the database if needed; false while the server is not (yet, or any more) accepting us. */
export async function ensureDatabase(settings: StoredSettings, database: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: connectionUrl(settings, 'postgres'), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${database}`).catch((error: { code?: string }) => {
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

/** How often, and how far apart, the clients of a server are counted again while closed connections' backends exit. */
const EXIT_LOOKS = 10;
const EXIT_LOOK_MS = 50;

/** Whether anyone but us is connected (then the server must keep running). */
export async function hasOtherClients(settings: StoredSettings): Promise<boolean> {
  const client = new pg.Client({ connectionString: connectionUrl(settings, 'postgres'), connectionTimeoutMillis: 3000 });
  const count = async () =>
    (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"))
      .rows[0]?.n ?? 0;
  try {
    await client.connect();
    // The backends of this process's own connections, just closed, may still be exiting: look again
    // until none is left, or the count holds for two looks (other clients).
    let clients = await count();
    for (let look = 0, steady = 0; clients > 0 && look < EXIT_LOOKS && steady < 2; look++) {
      await new Promise((resolve) => setTimeout(resolve, EXIT_LOOK_MS));
      const now = await count();
      steady = now < clients ? 0 : steady + 1;
      clients = now;
    }
    return clients > 0;
  } catch {
    return true; // cannot tell: leave the server running rather than cut someone off
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
