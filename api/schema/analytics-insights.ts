import { insights } from '../analytics/reports/insights-report.ts';
import { reportRange } from '../analytics/report-range.ts';
import { DATE_FROM, DATE_TO } from './analytics-reports.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';
import type { ActivityDay, Insights } from '../analytics/reports/insights-report.ts';

type Counts = Omit<ActivityDay, 'day'>;

/** The same counts for a day and for the whole range. */
const ActivityCounts = builder.interfaceRef<Counts>('AnalyticsActivityCounts').implement({
  fields: (t) => ({
    questions: t.exposeInt('questions', { description: 'Questions the assistant was asked.' }),
    answered: t.exposeInt('answered', { description: 'Of them, answered from the docs.' }),
    notFound: t.exposeInt('notFound', { description: 'Of them, found not covered by the docs.' }),
    searches: t.exposeInt('searches'),
    searchesWithoutResults: t.exposeInt('searchesWithoutResults'),
    helpful: t.exposeInt('helpful', { description: 'Feedback thumbs up (answers, pages and code blocks).' }),
    unhelpful: t.exposeInt('unhelpful', { description: 'Feedback thumbs down.' }),
  }),
});
const ActivityTotals = builder
  .objectRef<Counts>('AnalyticsActivityTotals')
  .implement({ interfaces: [ActivityCounts], isTypeOf: () => true, fields: () => ({}) });
const ActivityDayRef = builder.objectRef<ActivityDay>('AnalyticsActivityDay').implement({
  interfaces: [ActivityCounts],
  isTypeOf: () => true,
  fields: (t) => ({ day: t.exposeString('day', { description: 'The UTC day, 2026-11-26.' }) }),
});
const ZeroResultSearch = builder.objectRef<Insights['zeroResultSearches'][number]>('AnalyticsZeroResultSearch').implement({
  fields: (t) => ({
    query: t.exposeString('query'),
    count: t.exposeInt('count', { description: 'Its searches that found nothing.' }),
    lastSearchedAt: t.exposeString('lastSearchedAt', { description: 'When it was last searched, with or without results.' }),
  }),
});
const CitedPage = builder.objectRef<Insights['citedPages'][number]>('AnalyticsCitedPage').implement({
  fields: (t) => ({ path: t.exposeString('path'), citations: t.exposeInt('citations', { description: 'Answers that cited it.' }) }),
});

const InsightsRef = builder.objectRef<Insights>('AnalyticsInsights').implement({
  fields: (t) => ({
    days: t.field({ type: [ActivityDayRef], description: 'Every UTC day of the range, oldest first, empty days as zeros.', resolve: (report) => report.days }),
    totals: t.field({ type: ActivityTotals, resolve: (report) => report.totals }),
    zeroResultSearches: t.field({
      type: [ZeroResultSearch],
      description: 'Searches that found nothing, the most searched first (20 at most).',
      resolve: (report) => report.zeroResultSearches,
    }),
    citedPages: t.field({ type: [CitedPage], description: 'The pages answers cited most (20 at most).', resolve: (report) => report.citedPages }),
  }),
});

builder.queryField('analyticsInsights', (t) =>
  t.field({
    type: InsightsRef,
    description:
      'Activity per UTC day over the range widened to whole days (at most 400): questions answered and not found, searches with and without results, feedback up and down; the searches that found nothing and the pages answers cited most. What the console charts. Admin key of the project.',
    args: { projectId: t.arg.string({ required: true }), dateFrom: t.arg.string(DATE_FROM), dateTo: t.arg.string(DATE_TO) },
    resolve: async (_root, args, context) => {
      await requireProjectAdmin(context, args.projectId);
      return insights(context.pool, args.projectId, reportRange(args.dateFrom, args.dateTo));
    },
  }),
);
