import { apiErrorOf } from './api-error.ts';
import { authHeaders, filterOf, type ServerSettings } from './server.ts';

/** One search result, as `POST /v1/search/{domain}` answers it. */
export interface SearchResult {
  content: string;
  path: string;
  metadata: { title?: string; description?: string; section?: string; version?: string; language?: string; score?: number };
}

export const PAGE_SIZE = 10;
/** Typing pauses this long before a search is sent; a newer keystroke aborts the request in flight. */
export const DEBOUNCE_MS = 30;

/**
 * Searches the site as the reader types, marked so (`X-Folio-Search: typing`) that analytics leave it
 * out: what the reader settles on is reported apart (reportSettled). Aborted by `signal` when a newer
 * query supersedes this one.
 */
export async function searchDocs(settings: ServerSettings, query: string, signal: AbortSignal): Promise<SearchResult[]> {
  const response = await fetch(searchUrl(settings), { method: 'POST', headers: searchHeaders(settings, 'typing'), body: searchBody(settings, query), signal });
  if (!response.ok) throw await apiErrorOf(response);
  const results = (await response.json()) as unknown;
  return Array.isArray(results) ? results.filter(isResult) : [];
}

/**
 * Tells the site's analytics the search a reader settled on: the same search, unmarked, which Folio
 * records. Sent even as the page navigates away; its answer is not read.
 */
export function reportSettled(settings: ServerSettings, query: string): void {
  void fetch(searchUrl(settings), { method: 'POST', headers: searchHeaders(settings, 'settled'), body: searchBody(settings, query), keepalive: true }).catch(
    () => undefined,
  );
}

const searchUrl = (settings: ServerSettings) => `${settings.baseUrl}/v1/search/${encodeURIComponent(settings.domain)}`;

const searchHeaders = (settings: ServerSettings, intent: 'typing' | 'settled') => ({
  ...authHeaders(settings),
  'content-type': 'application/json',
  // api/analytics/search-intent.ts
  'x-folio-search': intent,
});

function searchBody(settings: ServerSettings, query: string): string {
  const filter = filterOf(settings);
  return JSON.stringify({ query, pageSize: PAGE_SIZE, ...(filter ? { filter } : {}) });
}

const isResult = (value: unknown): value is SearchResult =>
  typeof value === 'object' && value !== null && typeof (value as SearchResult).path === 'string' && typeof (value as SearchResult).content === 'string';

/** Tells the site's analytics which result was opened for a query; sent even as the page navigates away, never waited for. */
export function reportOpened(settings: ServerSettings, query: string, path: string): void {
  void fetch(`${settings.baseUrl}/v1/search/${encodeURIComponent(settings.domain)}/click`, {
    method: 'POST',
    headers: { ...authHeaders(settings), 'content-type': 'application/json' },
    body: JSON.stringify({ query, path }),
    keepalive: true,
  }).catch(() => undefined);
}
