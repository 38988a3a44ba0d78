/**
 * A fixed table that strings from outside pick entries of: a client's message part type, a query's
 * words, a page's code language, a file's extension. It has no prototype, so "constructor",
 * "__proto__" or "toString" find nothing rather than Object's own members (which crashed requests and
 * deployments, and made "constructor" a function-valued search term).
 */
export function lookupTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
