/**
 * PostgreSQL text cannot hold NUL, so a NUL anywhere in client input would fail deep in a query. Every
 * entry point (REST, GraphQL, SSE) rejects it up front with a 400 instead. Returns the path to the
 * first string containing one, or undefined.
 */
export function findNul(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = findNul(inner, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
