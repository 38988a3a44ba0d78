import type { SearchResult } from './search-client.ts';

/** Results of one page, in the order the page first appears in the ranking. */
export interface ResultGroup {
  page: string;
  title: string;
  section?: string;
  results: SearchResult[];
}

export function groupByPage(results: readonly SearchResult[]): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  for (const result of results) {
    const page = result.path.split('#')[0]!;
    let group = groups.get(page);
    if (!group) {
      group = { page, title: result.metadata.title || page, section: result.metadata.section || undefined, results: [] };
      groups.set(page, group);
    }
    group.results.push(result);
  }
  return [...groups.values()];
}

/** A heading's words from its anchor (`configure-dns` -> `Configure dns`), or the page title for the page's top. */
export function headingOf(result: SearchResult): string {
  const anchor = result.path.split('#')[1];
  if (!anchor) return result.metadata.title || result.path;
  let words: string;
  try {
    words = decodeURIComponent(anchor).replace(/[-_]+/g, ' ').trim();
  } catch {
    words = anchor;
  }
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : result.metadata.title || result.path;
}
