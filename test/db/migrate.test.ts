import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, readMigrations, type Migration } from '../../api/db/migrate.ts';
import { createScratchDatabase } from '../support/scratch-database.ts';

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (drops.length) await drops.pop()!();
});
async function scratch() {
  const db = await createScratchDatabase();
  drops.push(db.drop);
  return db;
}

const migration = (name: string, sql: string): Migration => ({
  name,
  sql,
  checksum: createHash('sha256').update(sql).digest('hex'),
});

describe('migrate', () => {
  it('applies the committed migrations to an empty database and records them as Prisma does', async () => {
    const { pool } = await scratch();
    const committed = await readMigrations();
    expect(committed.map((m) => m.name)).toContain('20261121000000_init');
    expect(await migrate(pool)).toEqual(committed.map((m) => m.name));
    const recorded = await pool.query('SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name');
    expect(recorded.rows).toEqual(
      committed.map((m) => ({ migration_name: m.name, checksum: m.checksum, finished_at: expect.any(Date), applied_steps_count: 1 })),
    );
    const tables = await pool.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1");
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['projects', 'api_keys', 'deployments', 'agent_jobs', 'todos', 'threads', 'messages', 'pages', 'chunks']),
    );
  });

  it('is idempotent: a second start applies nothing and keeps the data', async () => {
    const { pool } = await scratch();
    await migrate(pool);
    await pool.query("INSERT INTO projects (name, subdomain, repo_url, code_host, updated_at) VALUES ('A', 'a', '/tmp', 'local', now())");
    expect(await migrate(pool)).toEqual([]);
    expect((await pool.query('SELECT count(*)::int AS n FROM projects')).rows[0].n).toBe(1);
  });

  it('applies only the new migration to an existing database with data', async () => {
    const { pool } = await scratch();
    const committed = await readMigrations();
    await migrate(pool, committed);
    await pool.query("INSERT INTO projects (name, subdomain, repo_url, code_host, updated_at) VALUES ('A', 'a', '/tmp', 'local', now())");
    const next = migration('29990101000000_add_tagline', "ALTER TABLE projects ADD COLUMN tagline TEXT NOT NULL DEFAULT 'docs'");
    expect(await migrate(pool, [...committed, next])).toEqual(['29990101000000_add_tagline']);
    expect((await pool.query('SELECT name, tagline FROM projects')).rows).toEqual([{ name: 'A', tagline: 'docs' }]);
  });

  it('serialises concurrent starts: each migration is applied exactly once', async () => {
    const first = await scratch();
    const { default: pg } = await import('pg');
    const other = new pg.Pool({ connectionString: first.url, max: 2 });
    other.on('error', () => undefined); // the database is dropped with FORCE after the test
    try {
      const results = await Promise.all([migrate(first.pool), migrate(other), migrate(first.pool)]);
      expect(results.flat()).toEqual((await readMigrations()).map((m) => m.name));
      expect((await first.pool.query('SELECT count(*)::int AS n FROM _prisma_migrations')).rows[0].n).toBe(results.flat().length);
    } finally {
      await other.end();
    }
  });

  it('rolls a failing migration back, records nothing, and says which one failed', async () => {
    const { pool } = await scratch();
    const broken = [migration('1_ok', 'CREATE TABLE kept (id int)'), migration('2_broken', 'CREATE TABLE half (id int); SELECT no_such_function()')];
    await expect(migrate(pool, broken)).rejects.toThrow(/migration 2_broken failed: function no_such_function\(\) does not exist/);
    const tables = await pool.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('kept', 'half')");
    expect(tables.rows.map((r) => r.table_name)).toEqual(['kept']);
    expect((await pool.query('SELECT migration_name FROM _prisma_migrations')).rows).toEqual([{ migration_name: '1_ok' }]);
  });

  it('refuses to run when an applied migration was edited afterwards', async () => {
    const { pool } = await scratch();
    await migrate(pool, [migration('1_table', 'CREATE TABLE t (id int)')]);
    await expect(migrate(pool, [migration('1_table', 'CREATE TABLE t (id bigint)')])).rejects.toThrow(
      'migration 1_table was changed after it was applied; add a new migration instead of editing it',
    );
  });
});
