import type { Events } from '../events/events.ts';

export interface ChangeInvalidatedCacheOptions {
  /** Topics announcing that the cached rows changed (database triggers publish them; see the migration). */
  topics: string[];
  /** The least recently used entries go above this many. */
  maxEntries: number;
  /** An entry is looked up again after this long, whatever was announced. */
  maxAgeMs: number;
}

/**
 * One process's copy of database rows that are read on every request and rarely change (API keys, the
 * site a domain names). Every change to those rows, made by any process, a CLI command or psql, fires a
 * trigger whose notification empties the cache of every process; a lost listener connection empties it
 * too, and no entry is kept longer than `maxAgeMs`. A lookup that was under way when a change was
 * announced is answered but not kept, so a stale row never outlives the announcement of its change.
 * Only found rows are kept: what is unknown now may exist at the next request.
 */
export class ChangeInvalidatedCache<Value> {
  readonly #entries = new Map<string, { value: Value; storedAt: number }>();
  readonly #listeners: AsyncIterableIterator<unknown>[];
  #generation = 0;

  constructor(
    events: Events,
    private readonly options: ChangeInvalidatedCacheOptions,
  ) {
    this.#listeners = options.topics.map((topic) => events.subscribe(topic));
    for (const listener of this.#listeners) void this.clearOnEach(listener);
  }

  async get(key: string, load: () => Promise<Value | undefined>): Promise<Value | undefined> {
    const entry = this.#entries.get(key);
    if (entry && Date.now() - entry.storedAt < this.options.maxAgeMs) {
      this.#entries.delete(key); // kept in order of use, the least recent first
      this.#entries.set(key, entry);
      return entry.value;
    }
    const generation = this.#generation;
    const value = await load();
    if (value === undefined || generation !== this.#generation) return value;
    this.#entries.delete(key);
    this.#entries.set(key, { value, storedAt: Date.now() });
    if (this.#entries.size > this.options.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  close(): void {
    for (const listener of this.#listeners) void listener.return?.();
  }

  private async clearOnEach(listener: AsyncIterableIterator<unknown>): Promise<void> {
    for await (const _change of listener) this.clear();
  }
}
