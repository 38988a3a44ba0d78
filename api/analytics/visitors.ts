import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * Approximate unique visitors without cookies and without keeping addresses: a visitor is the hash of
 * the client's address and user agent with the day's salt. The salt is random, kept in PostgreSQL so
 * that every process hashes alike, and deleted once its day is over (api/analytics/prune-job.ts), after
 * which no hash can be traced back to an address. A visitor who comes back the next day counts again.
 */
export class VisitorHashes {
  #salt: { day: string; salt: Promise<string> } | undefined;

  constructor(private readonly pool: pg.Pool) {}

  async of(clientAddress: string, userAgent: string | null): Promise<string> {
    const salt = await this.#saltOf(new Date().toISOString().slice(0, 10));
    return createHash('sha256')
      .update(`${salt}\n${clientAddress}\n${userAgent ?? ''}`)
      .digest('base64url')
      .slice(0, 22);
  }

  #saltOf(day: string): Promise<string> {
    if (this.#salt?.day !== day) {
      const salt = this.#read(day);
      salt.catch(() => (this.#salt = undefined));
      this.#salt = { day, salt };
    }
    return this.#salt.salt;
  }

  async #read(day: string): Promise<string> {
    const { rows } = await this.pool.query<{ salt: string }>(
      `INSERT INTO analytics_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET salt = analytics_salts.salt RETURNING salt`,
      [day, randomBytes(24).toString('base64url')],
    );
    return rows[0]!.salt;
  }
}
