import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyBytes } from '../../api/db/copy-bytes.ts';
import { createScratchDatabase } from '../support/scratch-database.ts';

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
beforeAll(async () => {
  database = await createScratchDatabase();
});
afterAll(async () => {
  await database?.drop();
});

// Megabytes of every byte value, made by the server: larger than a socket read, so it arrives in many pieces.
const LARGE = `SELECT decode(string_agg(lpad(to_hex((i::bigint * 7919 % 256)::int), 2, '0'), ''), 'hex') FROM generate_series(1, 3000000) i`;

describe('reading a bytea through binary COPY', () => {
  it('gives the bytes exactly as the database holds them', async () => {
    const [copied, { rows }] = await Promise.all([
      copyBytes(database.pool, () => LARGE),
      database.pool.query<{ base64: string }>(`SELECT encode((${LARGE}), 'base64') AS base64`),
    ]);
    expect(copied?.length).toBe(3_000_000);
    expect(copied!.equals(Buffer.from(rows[0]!.base64, 'base64'))).toBe(true);
  });

  it('writes values as literals, quotes included', async () => {
    const value = "it's \\ a 'value'";
    const copied = await copyBytes(database.pool, (literal) => `SELECT convert_to(${literal(value)}, 'UTF8')`);
    expect(copied?.toString('utf8')).toBe(value);
  });

  it('gives nothing for no row and for a null', async () => {
    expect(await copyBytes(database.pool, () => 'SELECT NULL::bytea WHERE false')).toBeUndefined();
    expect(await copyBytes(database.pool, () => 'SELECT NULL::bytea')).toBeUndefined();
  });

  it("fails with the database's error, and the pool's connections go on working", async () => {
    await expect(copyBytes(database.pool, () => 'SELECT no_such_column FROM pg_class')).rejects.toThrow('no_such_column');
    const copies = await Promise.all(Array.from({ length: 8 }, (_, i) => copyBytes(database.pool, () => `SELECT '\\x0${i}'::bytea`)));
    expect(copies.map((bytes) => bytes?.[0])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
