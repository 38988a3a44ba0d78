import { ChangeInvalidatedCache } from '../db/change-invalidated-cache.ts';
import type { Db } from '../db/database.ts';
import type { Events } from '../events/events.ts';
import { hashKey, LAST_USED_RESOLUTION_MS, verifyApiKey, type KeyHolder } from './keys.ts';

/** Published by a trigger on `api_keys` when a key is revoked, changed or deleted. */
export const API_KEYS_CHANGED_TOPIC = 'api-keys:changed';

/**
 * Verifies presented API keys, remembering the keys that verified (by their hash) until any key
 * changes: a revoked key stops working on every process as soon as the change is announced. A key is
 * looked up again at least once a minute, which also keeps its `lastUsedAt` current.
 */
export class VerifiedKeys {
  readonly #cache: ChangeInvalidatedCache<KeyHolder>;

  constructor(
    private readonly db: Db,
    events: Events,
  ) {
    this.#cache = new ChangeInvalidatedCache(events, { topics: [API_KEYS_CHANGED_TOPIC], maxEntries: 10_000, maxAgeMs: LAST_USED_RESOLUTION_MS });
  }

  /** The key's holder, or undefined for a malformed, unknown or revoked key. */
  verify(presented: string): Promise<KeyHolder | undefined> {
    return this.#cache.get(hashKey(presented), () => verifyApiKey(this.db, presented));
  }

  /** The same, asked of the database now (a long-lived stream's periodic recheck). */
  verifyNow(presented: string): Promise<KeyHolder | undefined> {
    return verifyApiKey(this.db, presented);
  }

  close(): void {
    this.#cache.close();
  }
}
