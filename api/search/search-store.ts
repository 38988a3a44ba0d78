import type { Pool } from 'pg';
import type { Db } from '../db/database.ts';

/**
 * Where search keeps what it builds: PostgreSQL, through Prisma for small reads and writes, and through
 * the raw pool Prisma works on for megabytes (chunk rows with their vectors, analyses, artifacts):
 * Prisma's conversion of a large result costs more than reading it.
 */
export interface SearchStore {
  db: Db;
  pool: Pool;
}
