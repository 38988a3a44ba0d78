import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase } from './databases.ts';

/** A new, empty database on the test server, dropped by `drop()`. */
export async function createScratchDatabase(): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const database = await createDatabase(inject('adminUrl'), 'folio_scratch');
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  // DROP ... WITH (FORCE) terminates connections still closing; that is expected, not a test failure.
  pool.on('error', () => undefined);
  return {
    url: database.url,
    pool,
    async drop() {
      await pool.end();
      await database.drop();
    },
  };
}
