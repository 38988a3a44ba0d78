import { randomUUID } from 'node:crypto';

const UNCONNECTED_WINDOW_MS = 10 * 60_000;

interface Reservation {
  keyId: string;
  reservedAt: number;
  isConnected: boolean;
}

/**
 * Bookkeeping for graphql-sse's single-connection mode, where a client first reserves a stream (PUT),
 * then connects to it and sends operations naming its token. Tokens are random UUIDs chosen here;
 * a token is known until its stream ends, and only the key that reserved it may use it. Each key may
 * hold only a few reservations that have not connected yet (made in the last ten minutes).
 */
export class StreamReservations {
  readonly #byToken = new Map<string, Reservation>();

  constructor(readonly perKey: number) {}

  /** A new stream token for this key, or undefined when the key holds too many unconnected ones. */
  reserve(keyId: string, now = Date.now()): string | undefined {
    let unconnected = 0;
    for (const [token, reservation] of this.#byToken) {
      if (reservation.isConnected) continue;
      if (reservation.reservedAt < now - UNCONNECTED_WINDOW_MS) this.#byToken.delete(token);
      else if (reservation.keyId === keyId) unconnected++;
    }
    if (unconnected >= this.perKey) return undefined;
    const token = randomUUID();
    this.#byToken.set(token, { keyId, reservedAt: now, isConnected: false });
    return token;
  }

  /** The key that reserved this token, or undefined for a token this process never issued (or forgot). */
  ownerOf(token: string): string | undefined {
    return this.#byToken.get(token)?.keyId;
  }

  /** The stream of this token connected: its reservation no longer counts against its key. */
  connected(token: string): void {
    const reservation = this.#byToken.get(token);
    if (reservation) reservation.isConnected = true;
  }

  /** The stream of this token ended: the token is no longer valid. */
  ended(token: string): void {
    this.#byToken.delete(token);
  }
}
