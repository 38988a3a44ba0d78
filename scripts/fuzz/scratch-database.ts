import { adminQuery, withDatabase } from '../../test/support/databases.ts';

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
