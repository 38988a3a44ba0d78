import { recordSearch } from '../analytics/record.ts';
import { isRecordedSearch } from '../analytics/search-intent.ts';
import { invalidInput } from '../errors.ts';
import { searchDocs, SEARCH_LIMITS, type SearchResultShape } from '../search/search-docs.ts';
import { requireSiteAssistant } from './authorize.ts';
import { builder } from './builder.ts';

const SearchFilter = builder.inputType('SearchFilter', {
  description: 'Restricts results to one version and/or language. Without it: the default version and language.',
  fields: (t) => ({
    version: t.string({ required: false }),
    language: t.string({ required: false }),
  }),
});

const SearchModeEnum = builder.enumType('SearchMode', {
  description: 'hybrid (default) fuses keyword and semantic ranking; keyword and vector use one of them alone.',
  values: ['hybrid', 'keyword', 'vector'] as const,
});

const SearchResultMetadata = builder.objectRef<SearchResultShape['metadata']>('SearchResultMetadata').implement({
  fields: (t) => ({
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    section: t.exposeString('section', { description: 'The navigation group the page sits in.' }),
    version: t.exposeString('version'),
    language: t.exposeString('language'),
    score: t.exposeFloat('score', {
      description: 'Relevance from 0 to 1: how likely the result answers the query, on the same scale for every query (what scoreThreshold filters on).',
    }),
  }),
});

/** One search hit (`POST /search/{domain}` in test/fixtures/mintlify-openapi/discovery-openapi.json): the matching chunk and the page path with its heading anchor. */
export const SearchResult = builder.objectRef<SearchResultShape>('SearchResult').implement({
  fields: (t) => ({
    content: t.exposeString('content'),
    path: t.exposeString('path', { description: 'Page path and heading anchor, e.g. /deploy/custom-domain#configure-dns.' }),
    metadata: t.field({ type: SearchResultMetadata, resolve: (result) => result.metadata }),
  }),
});

builder.queryField('search', (t) =>
  t.field({
    type: [SearchResult],
    description:
      "Hybrid keyword and semantic search over a site's live deployment. Assistant key of that site. Recorded in the site's analytics unless the request's X-Folio-Search header is `typing` (a search made as the reader types).",
    args: {
      domain: t.arg.string({ required: true }),
      query: t.arg.string({ required: true }),
      pageSize: t.arg.int({ defaultValue: SEARCH_LIMITS.defaultPageSize }),
      filter: t.arg({ type: SearchFilter }),
      mode: t.arg({ type: SearchModeEnum, defaultValue: 'hybrid' }),
      scoreThreshold: t.arg.float({
        required: false,
        description:
          'Only results whose score is at or above this, from 0 to 1 (scores estimate how likely the result answers the query, the same scale for every query).',
      }),
    },
    resolve: async (_root, args, context) => {
      const project = await requireSiteAssistant(context, args.domain);
      const pageSize = args.pageSize ?? SEARCH_LIMITS.defaultPageSize;
      if (args.query.trim() === '') throw invalidInput('query', 'query must not be empty.');
      if (args.query.length > SEARCH_LIMITS.maxQueryLength) {
        throw invalidInput('query', `query must be at most ${SEARCH_LIMITS.maxQueryLength} characters long.`);
      }
      if (pageSize < 1 || pageSize > SEARCH_LIMITS.maxPageSize) {
        throw invalidInput('pageSize', `pageSize must be from 1 to ${SEARCH_LIMITS.maxPageSize}.`);
      }
      const scoreThreshold = args.scoreThreshold ?? undefined;
      if (scoreThreshold !== undefined && !(scoreThreshold >= 0 && scoreThreshold <= 1)) {
        throw invalidInput('scoreThreshold', 'scoreThreshold must be a number from 0 to 1.');
      }
      const isRecorded = isRecordedSearch(context.searchIntent);
      const { keyId } = await context.auth.holder();
      await context.rateLimits.search.consume({ keyId, projectId: project.id, clientAddress: context.clientAddress });
      const started = performance.now();
      const filter = { version: args.filter?.version ?? undefined, language: args.filter?.language ?? undefined };
      const results = await searchDocs(context, project, { query: args.query, pageSize, ...filter, mode: args.mode ?? 'hybrid', scoreThreshold });
      if (isRecorded) {
        recordSearch(context, project, context.reader, {
          query: args.query,
          ...filter,
          paths: results.map((result) => result.path),
          latencyMs: performance.now() - started,
        });
      }
      return results;
    },
  }),
);
