/**
 * A Map that keeps at most `limit` entries, forgetting the oldest set first: what a long-running process
 * remembers of content-addressed things (a blob's facts, a page's analysis) to skip reading them again.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** Remembers `value` and returns it. */
  set(key: K, value: V): V {
    if (!this.#entries.has(key) && this.#entries.size >= this.limit) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, value);
    return value;
  }
}
