import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { adminQuery, withDatabase } from './databases.ts';

/** A new, empty database on the test server, dropped by `drop()`. */
export async function createScratchDatabase(): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const adminUrl = inject('adminUrl');
  const name = `folio_scratch_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // DROP ... WITH (FORCE) terminates connections still closing; that is expected, not a test failure.
  pool.on('error', () => undefined);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
