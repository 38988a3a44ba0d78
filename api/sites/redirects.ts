import { isObject, type Json } from '../mintlify/config-refs.ts';

/** docs.json `redirects`: `{source, destination, permanent}`, with `:name` and `*` patterns. */
export type Redirect = {
  source: string;
  destination: string;
  isPermanent: boolean;
};

const MAX_REDIRECTS = 5_000;
const MAX_PATTERN = 500;

export function readRedirects(value: Json | undefined): Redirect[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_REDIRECTS).flatMap((entry) => {
    if (!isObject(entry) || typeof entry.source !== 'string' || typeof entry.destination !== 'string') return [];
    const { source, destination } = entry;
    if (!source.startsWith('/') || source.length > MAX_PATTERN || destination.length > MAX_PATTERN) return [];
    // A destination is a site path or an http(s) address; nothing else is followed.
    if (!destination.startsWith('/') && !/^https?:\/\//.test(destination)) return [];
    if (destination.startsWith('//')) return [];
    return [{ source: source.replace(/\/+$/, '') || '/', destination, isPermanent: entry.permanent !== false }];
  });
}

/** A compiled redirect list: the first whose source matches a path gives its destination. */
export class Redirects {
  readonly #exact = new Map<string, Redirect>();
  readonly #patterns: { pattern: RegExp; names: string[]; redirect: Redirect }[] = [];

  constructor(redirects: readonly Redirect[]) {
    for (const redirect of redirects) {
      if (!/[:*]/.test(redirect.source)) {
        if (!this.#exact.has(redirect.source)) this.#exact.set(redirect.source, redirect);
        continue;
      }
      const names: string[] = [];
      const pattern = redirect.source
        .split('/')
        .map((segment) => {
          if (segment === '*') return names.push('*') && '(.*)';
          const param = /^:(\w+)\*?$/.exec(segment);
          if (param) return names.push(param[1]!) && (segment.endsWith('*') ? '(.*)' : '([^/]+)');
          return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('/');
      this.#patterns.push({ pattern: new RegExp(`^${pattern}$`), names, redirect });
    }
  }

  /** Where `path` (no trailing slash) redirects to, with its parameters filled in, and whether for good. */
  match(path: string): { location: string; isPermanent: boolean } | undefined {
    const exact = this.#exact.get(path);
    if (exact) return { location: exact.destination, isPermanent: exact.isPermanent };
    for (const { pattern, names, redirect } of this.#patterns) {
      const found = pattern.exec(path);
      if (!found) continue;
      let location = redirect.destination;
      names.forEach((name, i) => {
        location = name === '*' ? location.replace('*', found[i + 1]!) : location.replaceAll(`:${name}`, found[i + 1]!);
      });
      return { location, isPermanent: redirect.isPermanent };
    }
    return undefined;
  }
}
