import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

/**
 * The PostgreSQL server a process works with: DATABASE_URL's, or the embedded one (started, or
 * attached to). Kept apart from the Prisma client so that a process can start the embedded server
 * while it loads the rest of its code.
 */
export interface DatabaseServer {
  readonly url: string;
  /** "embedded PostgreSQL (its cluster's folder)" or the DATABASE_URL without its password. */
  readonly description: string;
  /** Lets go of the server: the last process to leave an embedded server stops it. */
  release(): Promise<void>;
}

/** `onLaunched`: see EmbeddedPostgresOptions (called at once for DATABASE_URL's server). */
export async function startDatabaseServer(config: Config, log: Logger, onLaunched?: () => void): Promise<DatabaseServer> {
  if (config.databaseUrl) {
    onLaunched?.();
    return { url: config.databaseUrl, description: redactPassword(config.databaseUrl), release: async () => undefined };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir, {
    port: config.embeddedPostgresPort,
    home: config.embeddedPostgresHome,
    log,
    ...(onLaunched ? { onLaunched } : {}),
  });
  return { url: embedded.url, description: `embedded PostgreSQL (${embedded.clusterDir})`, release: () => embedded.release() };
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres (unparseable DATABASE_URL)';
  }
}
