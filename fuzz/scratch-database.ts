import { loadConfig } from '../api/config.ts';
import { startEmbeddedPostgres } from '../api/db/embedded-postgres.ts';
import { createLogger } from '../api/logger.ts';
import { adminQuery, withDatabase } from '../test/support/databases.ts';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the server at `serverUrl` (DATABASE_URL), so a run starts from nothing and
 * leaves nothing behind: no other run's "fuzz" subdomain, keys or rate-limit counters.
 */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `folio_fuzz_${process.pid}_${Date.now()}`;
  const adminUrl = withDatabase(serverUrl, 'postgres');
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(serverUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Without DATABASE_URL, an embedded PostgreSQL of the run's own in `dir`, as the tests start one: the
 * fuzzer reads the database after Folio has stopped (stored-check.ts), so it owns the server.
 */
export async function startScratchCluster(dir: string): Promise<ScratchDatabase> {
  const { embeddedPostgresHome } = loadConfig({ EMBEDDED_POSTGRES_HOME: process.env.EMBEDDED_POSTGRES_HOME });
  const embedded = await startEmbeddedPostgres(dir, { home: embeddedPostgresHome, log: createLogger('warn') });
  return { url: embedded.url, drop: () => embedded.destroy() };
}
