import type { TestProject } from 'vitest/node';
import { createDatabase, startPostgresServer } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh database of this test run, migrated by the first test app that opens it. */
    databaseUrl: string;
    /** The PostgreSQL server's maintenance database, for tests that create databases of their own. */
    adminUrl: string;
  }
}

/** One fresh database per test run, on DATABASE_URL's server when it is set, else on an embedded PostgreSQL of the run's own. */
export default async function setup(project: TestProject) {
  const server = await startPostgresServer(process.env.DATABASE_URL || undefined);
  const database = await createDatabase(server.adminUrl, 'folio_test');
  project.provide('databaseUrl', database.url);
  project.provide('adminUrl', server.adminUrl);

  return async () => {
    await database.drop().catch(() => undefined);
    await server.stop();
  };
}
