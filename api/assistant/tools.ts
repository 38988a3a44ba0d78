import { zodSchema } from 'ai';
import { z } from 'zod';
import type { SearchResultShape } from '../search/search-docs.ts';
import { loopTool } from './tool-loop.ts';

/** What the model asked `search` for can be no longer than a search query may be. */
const MAX_QUERY_LENGTH = 1000;

// Made once: the AI SDK turns a schema into JSON Schema, and zod compiles its parser, per schema object.
const SEARCH_INPUT = zodSchema(z.object({ query: z.string().describe('What to look for: a few words or the question itself.') }));
const NO_INPUT = zodSchema(z.object({}));

/**
 * The assistant's two tools, as Mintlify's has them: `search` (over the site's live deployment, with
 * the request's filter and page size) and `markNotFound` (the documentation does not cover the question).
 */
export function assistantTools(search: (query: string) => Promise<SearchResultShape[]>) {
  return {
    search: loopTool({
      description:
        'Search this documentation site. Returns the most relevant sections, each with its content, its path (page and heading anchor, to link to) and metadata (page title, description, section).',
      inputSchema: SEARCH_INPUT,
      execute: async ({ query }) => search(query.trim().slice(0, MAX_QUERY_LENGTH)),
    }),
    markNotFound: loopTool({
      description: 'Call this when the search results do not answer the question: the documentation does not cover it.',
      inputSchema: NO_INPUT,
      execute: async () => ({ acknowledged: true as const }),
    }),
  };
}
