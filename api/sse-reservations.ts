import { randomUUID } from 'node:crypto';

const WINDOW_MS = 10 * 60_000;

/**
 * Bookkeeping for graphql-sse's single-connection mode, where a client first reserves a stream (PUT)
 * and then connects to it. graphql-sse keeps a reservation until its stream connects and ends, so each
 * key may hold only a few reservations that have not connected yet (made in the last ten minutes).
 * Tokens are random UUIDs from the crypto generator; clients cannot choose them.
 */
export class StreamReservations {
  readonly #byKey = new Map<string, Map<string, number>>();

  constructor(readonly perKey: number) {}

  /** A new stream token for this key, or undefined when the key holds too many unconnected ones. */
  reserve(keyId: string, now = Date.now()): string | undefined {
    const tokens = this.#byKey.get(keyId) ?? new Map<string, number>();
    for (const [token, at] of tokens) if (at < now - WINDOW_MS) tokens.delete(token);
    if (tokens.size >= this.perKey) return undefined;
    const token = randomUUID();
    tokens.set(token, now);
    this.#byKey.set(keyId, tokens);
    return token;
  }

  /** The stream of this token connected: its reservation no longer counts against its key. */
  connected(token: string): void {
    for (const [keyId, tokens] of this.#byKey) {
      if (tokens.delete(token) && tokens.size === 0) this.#byKey.delete(keyId);
    }
  }
}
