import { readStored, storeKey, writeStored } from './local-store.ts';

const MAX_RECENT = 5;

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Searches the reader followed a result of, newest first, kept in this browser. */
export function recentSearches(baseUrl: string, domain: string): string[] {
  return readStored(storeKey('recent', baseUrl, domain), isStringList)?.slice(0, MAX_RECENT) ?? [];
}

export function rememberSearch(baseUrl: string, domain: string, query: string): string[] {
  const trimmed = query.trim();
  const list = [trimmed, ...recentSearches(baseUrl, domain).filter((item) => item !== trimmed)].slice(0, MAX_RECENT);
  writeStored(storeKey('recent', baseUrl, domain), list);
  return list;
}

export function forgetSearches(baseUrl: string, domain: string): void {
  writeStored(storeKey('recent', baseUrl, domain), undefined);
}
