import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../api/config.ts';
import { startEmbeddedPostgres } from '../../api/db/embedded-postgres.ts';
import { createLogger } from '../../api/logger.ts';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new temporary folder, private to this user (mode 700) as `mktemp -d` makes them. */
export function makeTempDataDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface PostgresServer {
  /** Its maintenance database, for creating and dropping databases. */
  adminUrl: string;
  /** Stops an embedded server and removes its folder; leaves a server at DATABASE_URL running. */
  stop(): Promise<void>;
}

/**
 * The PostgreSQL server a run works on: the one at `databaseUrl` when given (CI runs both), else an
 * embedded one in a temporary, private DATA_DIR, exactly as a fresh machine would start it.
 */
export async function startPostgresServer(databaseUrl: string | undefined): Promise<PostgresServer> {
  if (databaseUrl) return { adminUrl: withDatabase(databaseUrl, 'postgres'), stop: async () => undefined };
  const dir = makeTempDataDir('folio-test-pg-');
  const { embeddedPostgresHome } = loadConfig({ EMBEDDED_POSTGRES_HOME: process.env.EMBEDDED_POSTGRES_HOME });
  const embedded = await startEmbeddedPostgres(dir, { home: embeddedPostgresHome, log: createLogger('warn') });
  return {
    adminUrl: withDatabase(embedded.url, 'postgres'),
    stop: async () => {
      await embedded.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new, empty database on the server of `adminUrl`, dropped (with whatever is still connected) by `drop()`. */
export async function createDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return { url: withDatabase(adminUrl, name), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
