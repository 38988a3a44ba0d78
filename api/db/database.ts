import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { migrate } from './migrate.ts';

export type Db = PrismaClient;

/** One process's handle on PostgreSQL: the Prisma client, the raw pool it shares, and how to let go. */
export interface Database {
  readonly url: string;
  /** "embedded (DATA_DIR/postgres)" or the DATABASE_URL without its password. */
  readonly description: string;
  readonly prisma: PrismaClient;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts (or attaches to) the embedded server, and applies pending
 * migrations before returning.
 */
export async function openDatabase(config: Config, log: Logger, options: { poolSize?: number } = {}): Promise<Database> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, { port: config.embeddedPostgresPort, log });
  const url = config.databaseUrl ?? embedded!.url;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    application_name: 'folio',
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => log.warn('idle PostgreSQL connection failed', error));
  try {
    const applied = await migrate(pool);
    if (applied.length > 0) log.info(`applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    await pool.end();
    await embedded?.release();
    throw error;
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    url,
    description: embedded ? `embedded PostgreSQL (${config.dataDir}/postgres)` : redactPassword(url),
    prisma,
    pool,
    async close() {
      await prisma.$disconnect();
      await pool.end();
      await embedded?.release();
    },
  };
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
