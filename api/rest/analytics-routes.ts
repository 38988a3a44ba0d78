import type { JsonRoute, QueryParam } from './routes.ts';

const DATE: QueryParam = { type: 'string', example: '2026-11-01' };
const RANGE = { dateFrom: DATE, dateTo: DATE } as const;
const FORMAT: QueryParam = { type: 'string', enum: ['json', 'csv'] };
const SOURCE: QueryParam = { type: 'string', enum: ['code_snippet', 'contextual', 'agent', 'thumbs_only'] };
const CURSOR: QueryParam = { type: 'string' };
const limit = (maximum: number, defaultValue: number): QueryParam => ({ type: 'integer', minimum: 1, maximum, default: defaultValue });

const report = (path: string, field: string, summary: string, queryParams: JsonRoute['queryParams']): JsonRoute => ({
  kind: 'json',
  method: 'GET',
  path: `/v1/analytics/:projectId${path}`,
  field: `Query.${field}`,
  queryParams,
  keepsNulls: true,
  keyKind: 'admin',
  status: 200,
  hasBody: false,
  summary,
  tag: 'Admin',
});

/** Mintlify's analytics export API (analytics.openapi.json): reports over what a site's readers did (docs/analytics.md). */
export const ANALYTICS_ROUTES: readonly JsonRoute[] = [
  report('/feedback', 'analyticsFeedback', 'Get feedback', {
    ...RANGE,
    source: SOURCE,
    status: { type: 'string' },
    limit: limit(100, 50),
    cursor: CURSOR,
    format: FORMAT,
  }),
  report('/feedback/by-page', 'analyticsFeedbackByPage', 'Get feedback by page', {
    ...RANGE,
    limit: limit(100, 10),
    source: SOURCE,
    status: { type: 'string' },
    format: FORMAT,
  }),
  report('/assistant', 'analyticsAssistant', 'Get assistant conversations', { ...RANGE, limit: limit(1000, 100), cursor: CURSOR, format: FORMAT }),
  report('/assistant/threads/:threadId', 'analyticsAssistantThread', 'Get an assistant thread', {}),
  report('/assistant/caller-stats', 'analyticsAssistantCallerStats', 'Get assistant caller stats', { ...RANGE }),
  report('/searches', 'analyticsSearches', 'Get search terms', { ...RANGE, limit: limit(100, 50), cursor: CURSOR, format: FORMAT }),
  report('/views', 'analyticsViews', 'Get page views', {
    ...RANGE,
    limit: limit(250, 50),
    offset: { type: 'integer', minimum: 0, default: 0 },
    format: FORMAT,
  }),
  report('/visitors', 'analyticsVisitors', 'Get unique visitors', {
    ...RANGE,
    limit: limit(250, 50),
    offset: { type: 'integer', minimum: 0, default: 0 },
    format: FORMAT,
  }),
  report('/gaps', 'contentGapsReport', 'Get content gaps (Folio)', { ...RANGE, format: FORMAT }),
  {
    kind: 'json',
    method: 'POST',
    path: '/v1/analytics/:projectId/gaps/:gapId/fix',
    field: 'Mutation.fixContentGap',
    keyKind: 'admin',
    status: 202,
    hasBody: true,
    summary: 'Fix a content gap with the agent (Folio)',
    tag: 'Admin',
  },
];
