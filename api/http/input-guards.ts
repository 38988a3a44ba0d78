interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

/**
 * PostgreSQL text cannot hold NUL, so a NUL anywhere in client input would fail deep in a query. Every
 * entry point (REST, GraphQL, SSE) rejects it up front with a 400 instead. Returns the path to the
 * first string containing one, or undefined. Walks without recursion, so no nesting depth a client
 * sends can overflow the stack.
 */
export function findNul(value: unknown): string[] | undefined {
  const pending: Visit[] = [{ value }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (typeof visit.value === 'string') {
      if (visit.value.includes('\u0000')) return pathOf(visit);
    } else if (visit.value && typeof visit.value === 'object') {
      const entries = Object.entries(visit.value);
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i]![1], key: entries[i]![0], parent: visit });
    }
  }
  return undefined;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}
