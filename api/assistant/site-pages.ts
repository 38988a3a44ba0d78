import type { SearchIndexes } from '../search/search-indexes.ts';
import type { PageReader } from './offline/open-pages.ts';

/**
 * Opens pages of a site's live deployment, in the language and version the request searches: the
 * offline model opens the pages its search found at the sections that say the most of the question,
 * and reads on past a chunk's cut (offline/open-pages.ts).
 */
export function sitePages(
  services: { searchIndexes: SearchIndexes },
  project: { id: string; siteId?: string; liveDeploymentId: string | null },
  filter: { language?: string; version?: string },
): PageReader {
  const index = () => services.searchIndexes.forProject(project);
  return {
    sections: async (route, terms, limit) =>
      ((await index())?.chunksOfPage(route, terms, limit, filter) ?? []).map(({ content, path, title, description, language }) => ({
        content,
        path,
        title,
        description,
        language,
        score: 0,
      })),
    textAfter: async (chunk) => (await index())?.textAfter(chunk.path, chunk.content, filter),
  };
}
