import type { SearchIndexes } from './search-indexes.ts';
import type { SearchMode } from './site-index.ts';

export const SEARCH_LIMITS = { defaultPageSize: 10, maxPageSize: 50, maxQueryLength: 1000 } as const;

/** One search hit (`POST /search/{domain}` in test/fixtures/mintlify-openapi/discovery-openapi.json): the matching chunk, its page path with the heading anchor, and metadata. */
export interface SearchResultShape {
  content: string;
  path: string;
  metadata: {
    title: string;
    description: string;
    section: string;
    version: string;
    language: string;
    score: number;
  };
}

/** The page of a result path: its route, before the heading anchor ("/cli/preview#custom-ports" -> "/cli/preview"). */
export function routeOfResultPath(path: string): string {
  return path.split('#')[0]!;
}

export interface SearchRequest {
  query: string;
  pageSize: number;
  version?: string;
  language?: string;
  /** hybrid unless the client asks for keyword-only or vector-only ranking. */
  mode?: SearchMode;
  /** Only results scoring at least this (0 to 1). */
  scoreThreshold?: number;
}

/**
 * Searches the project's live deployment: the language and version asked for, or else the site's
 * default language and version (never a mix). A site with nothing deployed has nothing to find.
 */
export async function searchDocs(
  services: { searchIndexes: SearchIndexes },
  project: { id: string; siteId?: string; liveDeploymentId: string | null },
  request: SearchRequest,
): Promise<SearchResultShape[]> {
  const index = await services.searchIndexes.forProject(project);
  if (!index) return [];
  const needsVector = request.mode !== 'keyword' && index.hasVectors;
  const [queryVector] = needsVector ? await services.searchIndexes.embedder.embed([request.query]) : [];
  return index.search(request, queryVector).map(({ chunk, score }) => ({
    content: chunk.content,
    path: chunk.path,
    metadata: {
      title: chunk.title,
      description: chunk.description,
      section: chunk.section,
      version: chunk.version,
      language: chunk.language,
      score,
    },
  }));
}
