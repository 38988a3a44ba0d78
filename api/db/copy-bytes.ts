import type { Pool } from 'pg';

/**
 * Reads one bytea value as raw bytes, through `COPY (query) TO STDOUT (FORMAT binary)`.
 *
 * node-postgres reads results as text only: a bytea arrives as hex text (twice its size), or as base64
 * when the query encodes it, and is decoded in JavaScript. COPY's binary format sends the bytes as they
 * are, and node-postgres hands COPY data over as buffers: the corpus's 5.4 MB of search-index parts
 * are read in about a sixth of the time the base64 query takes (docs/performance.md#first-search).
 *
 * `query` is a SELECT of one bytea column; COPY takes no parameters, so every value in it must be
 * written with `client.escapeLiteral`, which `build` is given. Resolves to undefined when the query
 * returns no row or a null.
 */
export async function copyBytes(pool: Pool, build: (literal: (value: string) => string) => string): Promise<Buffer | undefined> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    const copy = new BinaryCopyOut(`COPY (${build((value) => client.escapeLiteral(value))}) TO STDOUT (FORMAT binary)`);
    client.query(copy);
    return firstField(await copy.done);
  } catch (error) {
    failed = error as Error;
    throw error;
  } finally {
    // A client whose query failed on the connection (not in the SQL) is not given back to the pool.
    client.release(failed && !('code' in failed) ? failed : undefined);
  }
}

/** A query node-postgres runs as it runs its own (a "submittable"), collecting the COPY data. */
class BinaryCopyOut {
  readonly done: Promise<Buffer>;
  private readonly chunks: Buffer[] = [];
  private settle!: { resolve: (bytes: Buffer) => void; reject: (error: Error) => void };

  constructor(private readonly text: string) {
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    // A copy: the chunk is a view of the protocol parser's buffer, which it reuses for later messages.
    this.chunks.push(Buffer.from(message.chunk));
  }

  handleError(error: Error): void {
    this.settle.reject(error);
  }

  handleReadyForQuery(): void {
    this.settle.resolve(this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks));
  }

  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** The first field of the first row of a binary COPY, or undefined when there is no row or it is null. */
function firstField(copy: Buffer): Buffer | undefined {
  if (copy.length < SIGNATURE.length + 8 || !copy.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
    throw new Error('the database sent COPY data that is not in its binary format');
  }
  // The signature, a flags field, then a header extension of the length given.
  let at = SIGNATURE.length + 4;
  at += 4 + copy.readUInt32BE(at);
  const fields = copy.readInt16BE(at);
  if (fields === -1) return undefined;
  const length = copy.readInt32BE(at + 2);
  if (length === -1) return undefined;
  if (at + 6 + length > copy.length) throw new Error('the database sent a COPY row shorter than its length says');
  return copy.subarray(at + 6, at + 6 + length);
}
