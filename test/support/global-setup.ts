import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../api/config.ts';
import { startEmbeddedPostgres } from '../../api/db/embedded-postgres.ts';
import { createLogger } from '../../api/logger.ts';
import { adminQuery, makeTempDataDir, withDatabase } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh database of this test run, migrated by the first test app that opens it. */
    databaseUrl: string;
    /** The PostgreSQL server's maintenance database, for tests that create databases of their own. */
    adminUrl: string;
  }
}

/**
 * One fresh database per test run: on the server at DATABASE_URL when it is set (CI runs both), else
 * on an embedded PostgreSQL in a temporary, private DATA_DIR, exactly as a fresh machine would.
 */
export default async function setup(project: TestProject) {
  const log = createLogger('warn');
  let adminUrl: string;
  let destroy: () => Promise<void> = async () => undefined;
  let tempDir: string | undefined;
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    tempDir = makeTempDataDir('folio-test-pg-');
    const { embeddedPostgresHome } = loadConfig({ EMBEDDED_POSTGRES_HOME: process.env.EMBEDDED_POSTGRES_HOME });
    const embedded = await startEmbeddedPostgres(tempDir, { home: embeddedPostgresHome, log });
    adminUrl = withDatabase(embedded.url, 'postgres');
    destroy = () => embedded.destroy();
  }
  const name = `folio_test_${process.pid}_${Date.now()}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  project.provide('databaseUrl', withDatabase(adminUrl, name));
  project.provide('adminUrl', adminUrl);

  return async () => {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await destroy();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}
