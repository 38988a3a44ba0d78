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

/** Searches the site; aborted by `signal` when a newer query supersedes this one. */
export async function searchDocs(settings: ServerSettings, query: string, signal: AbortSignal): Promise<SearchResult[]> {
  const filter = filterOf(settings);
  const response = await fetch(`${settings.baseUrl}/v1/search/${encodeURIComponent(settings.domain)}`, {
    method: 'POST',
    headers: { ...authHeaders(settings), 'content-type': 'application/json' },
    body: JSON.stringify({ query, pageSize: PAGE_SIZE, ...(filter ? { filter } : {}) }),
    signal,
  });
  if (!response.ok) throw await apiErrorOf(response);
  const results = (await response.json()) as unknown;
  return Array.isArray(results) ? results.filter(isResult) : [];
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
