import { type ContentGap, contentGaps } from '../analytics/content-gaps.ts';
import { reportRange } from '../analytics/report-range.ts';
import { DATE_FROM, DATE_TO } from './analytics-reports.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';

const PageReached = builder.objectRef<{ path: string; count: number }>('GapPage').implement({
  fields: (t) => ({ path: t.exposeString('path'), count: t.exposeInt('count', { description: "How many of the gap's readers reached it." }) }),
});

const Trend = builder.objectRef<ContentGap['trend']>('GapTrend').implement({
  description: 'The first half of the range against the second: rising when the second has a quarter more.',
  fields: (t) => ({ firstHalf: t.exposeInt('firstHalf'), secondHalf: t.exposeInt('secondHalf'), direction: t.exposeString('direction') }),
});

const Gap = builder.objectRef<ContentGap>('ContentGap').implement({
  description:
    'A topic readers asked or searched about that the docs did not serve: unanswered questions, thumbed-down answers, searches with no result or no opened result.',
  fields: (t) => ({
    id: t.exposeString('id'),
    title: t.exposeString('title', { description: 'Its most frequent question or search.' }),
    count: t.exposeInt('count', { description: 'How many times readers met it.' }),
    unanswered: t.exposeInt('unanswered'),
    thumbsDown: t.exposeInt('thumbsDown'),
    searchesWithoutResults: t.exposeInt('searchesWithoutResults'),
    searchesWithoutClicks: t.exposeInt('searchesWithoutClicks'),
    examples: t.exposeStringList('examples'),
    pagesReachedInstead: t.field({ type: [PageReached], resolve: (gap) => gap.pagesReachedInstead }),
    trend: t.field({ type: Trend, resolve: (gap) => gap.trend }),
    lastSeenAt: t.exposeString('lastSeenAt'),
  }),
});

const GapsReport = builder.objectRef<{ gaps: ContentGap[] }>('ContentGapsReport').implement({
  fields: (t) => ({ gaps: t.field({ type: [Gap], resolve: (report) => report.gaps }) }),
});

builder.queryFields((t) => ({
  contentGaps: t.field({
    type: [Gap],
    description: 'What readers could not find, grouped into topics, the most met first (docs/analytics.md). Admin key of the project.',
    args: { projectId: t.arg.string({ required: true }), dateFrom: t.arg.string(DATE_FROM), dateTo: t.arg.string(DATE_TO) },
    resolve: async (_root, args, context) => {
      await requireProjectAdmin(context, args.projectId);
      return contentGaps(context.pool, context.embedder, args.projectId, reportRange(args.dateFrom, args.dateTo));
    },
  }),
  contentGapsReport: t.field({
    type: GapsReport,
    description: 'The same as contentGaps, as GET /v1/analytics/{projectId}/gaps answers it: `{gaps}`.',
    args: {
      projectId: t.arg.string({ required: true }),
      dateFrom: t.arg.string(DATE_FROM),
      dateTo: t.arg.string(DATE_TO),
      format: t.arg.string({ required: false, description: '`csv` (REST): the gaps as CSV.' }),
    },
    resolve: async (_root, args, context) => {
      await requireProjectAdmin(context, args.projectId);
      return { gaps: await contentGaps(context.pool, context.embedder, args.projectId, reportRange(args.dateFrom, args.dateTo)) };
    },
  }),
}));
