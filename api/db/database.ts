import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { startDatabaseServer, type DatabaseServer } from './database-server.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { migrate } from './migrate.ts';
import { operationalError } from '../operational-error.ts';

export type Db = PrismaClient;

/** One process's handle on PostgreSQL: the Prisma client, the raw pool it shares, and how to let go. */
export interface Database {
  readonly url: string;
  /** "embedded PostgreSQL (its cluster's folder)" or the DATABASE_URL without its password. */
  readonly description: string;
  readonly prisma: PrismaClient;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Connects to the server (`server`, when the caller started it already, else DATABASE_URL or the
 * embedded one) and applies pending migrations before returning. Closing releases the server.
 */
export async function openDatabase(config: Config, log: Logger, options: { poolSize?: number; server?: DatabaseServer } = {}): Promise<Database> {
  const server = options.server ?? (await startDatabaseServer(config, log));
  const pool = new pg.Pool({
    connectionString: server.url,
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
    await server.release();
    throw connectionFailure(error, server.description);
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    url: server.url,
    description: server.description,
    prisma,
    pool,
    async close() {
      await prisma.$disconnect();
      await pool.end();
      await server.release();
    },
  };
}

/** Connection codes of node-postgres and PostgreSQL that mean "the database cannot be used as configured". */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', '3D000', '28P01', '28000', '57P03']);

/** A database that cannot be reached or entered, as one line naming it; anything else as it is. */
function connectionFailure(error: unknown, description: string): unknown {
  const code = (error as { code?: unknown }).code;
  const reason = (error as Error).message?.trim().split('\n').at(-1);
  if (code === '42501') {
    return operationalError(
      `cannot create Folio's tables in PostgreSQL at ${description}: ${reason} (${code}); give the DATABASE_URL user the right to, or use another user`,
      error,
    );
  }
  if (typeof code !== 'string' || !UNREACHABLE.has(code)) return error;
  return operationalError(`cannot use PostgreSQL at ${description}: ${reason} (${code}); check that it runs and that DATABASE_URL is right`, error);
}
