import type { ObjectRef } from '@pothos/core';
import { decodeOffsetCursor } from '../analytics/report-range.ts';
import {
  Conversation,
  conversationsReport,
  DATE_FROM,
  DATE_TO,
  FeedbackEntry,
  feedbackReport,
  PageTraffic,
  ReportSourceEnum,
  SearchTerm,
  searchesReport,
  trafficReport,
} from './analytics-reports.ts';
import { builder } from './builder.ts';

type BuilderTypes = typeof builder.$inferSchemaTypes;

/**
 * The analytics lists as GraphQL connections (`first`, `after`; `edges { cursor node }`, `pageInfo`),
 * for GraphQL clients that page the usual way. They read the same reports as `/v1/analytics`
 * (analytics-reports.ts), whose JSON keeps Mintlify's shapes.
 */

interface Page<T> {
  nodes: T[];
  cursors: string[];
  hasNextPage: boolean;
}

const PageInfo = builder.objectRef<{ hasNextPage: boolean; endCursor: string | null }>('AnalyticsPageInfo').implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Pass as `after` for the next page.' }),
  }),
});

function connectionOf<T>(name: string, node: ObjectRef<BuilderTypes, T>) {
  // Pothos cannot resolve a field's shape from a ref generic in T, so the edge holds its node as the
  // widened ref's `unknown`; T still ties the connection's nodes to `node` where the helper is called.
  const anyNode: ObjectRef<BuilderTypes, unknown> = node;
  const Edge = builder.objectRef<{ cursor: string; node: unknown }>(`${name}Edge`).implement({
    fields: (t) => ({ cursor: t.exposeString('cursor'), node: t.field({ type: anyNode, resolve: (edge) => edge.node }) }),
  });
  return builder.objectRef<Page<T>>(`${name}Connection`).implement({
    fields: (t) => ({
      edges: t.field({
        type: [Edge],
        resolve: (page) => page.nodes.map((item, index) => ({ cursor: page.cursors[index] as string, node: item })),
      }),
      pageInfo: t.field({
        type: PageInfo,
        resolve: (page) => ({ hasNextPage: page.hasNextPage, endCursor: page.cursors.at(-1) ?? null }),
      }),
    }),
  });
}

const PAGING = {
  first: { required: false, description: 'How many, within the REST route’s limit (its default when left out).' },
  after: { required: false, description: 'The endCursor (or an edge’s cursor) to go on after.' },
} as const;

/** A connection's page of a report: its items, where the list goes on after each, and whether it does. */
const pageOf = <T>(nodes: T[], report: { cursors: string[]; hasMore?: boolean; nextCursor?: string | null }): Page<T> => ({
  nodes,
  cursors: report.cursors,
  hasNextPage: report.hasMore ?? report.nextCursor != null,
});

/** `first` and `after` as the reports take them. */
const paging = <Args extends { first?: number | null; after?: string | null }>(args: Args) => ({ ...args, limit: args.first, cursor: args.after });

builder.queryFields((t) => {
  const common = {
    projectId: t.arg.string({ required: true }),
    dateFrom: t.arg.string(DATE_FROM),
    dateTo: t.arg.string(DATE_TO),
    first: t.arg.int(PAGING.first),
    after: t.arg.string(PAGING.after),
  };
  return {
    analyticsFeedbackConnection: t.field({
      type: connectionOf('AnalyticsFeedback', FeedbackEntry),
      description: "Readers' feedback, newest first, as a connection. Admin key of the project.",
      args: { ...common, source: t.arg({ type: ReportSourceEnum, required: false }), status: t.arg.string({ required: false }) },
      resolve: async (_root, args, context) => {
        const report = await feedbackReport(context, paging(args));
        return pageOf(report.feedback, report);
      },
    }),
    analyticsAssistantConnection: t.field({
      type: connectionOf('AnalyticsConversations', Conversation),
      description: 'Assistant turns, newest first, as a connection. Admin key of the project.',
      args: common,
      resolve: async (_root, args, context) => {
        const report = await conversationsReport(context, paging(args));
        return pageOf(report.conversations, report);
      },
    }),
    analyticsSearchesConnection: t.field({
      type: connectionOf('AnalyticsSearchTerms', SearchTerm),
      description: 'Search terms, the most searched first, as a connection. Admin key of the project.',
      args: common,
      resolve: async (_root, args, context) => {
        const report = await searchesReport(context, paging(args));
        return pageOf(report.searches, report);
      },
    }),
    analyticsViewsConnection: t.field({
      type: connectionOf('AnalyticsPageViews', PageTraffic),
      description: 'Page reads per page, the most read first, as a connection. Admin key of the project.',
      args: common,
      resolve: async (_root, args, context) => {
        const report = await trafficReport(context, { ...args, limit: args.first, offset: decodeOffsetCursor(args.after) }, 'views');
        return pageOf(report.items, report);
      },
    }),
    analyticsVisitorsConnection: t.field({
      type: connectionOf('AnalyticsPageVisitors', PageTraffic),
      description: 'Distinct visitors per page, the most visited first, as a connection. Admin key of the project.',
      args: common,
      resolve: async (_root, args, context) => {
        const report = await trafficReport(context, { ...args, limit: args.first, offset: decodeOffsetCursor(args.after) }, 'visitors');
        return pageOf(report.items, report);
      },
    }),
  };
});
