import { startGapFix } from '../agent/gap-fix.ts';
import { type ContentGap, contentGaps } from '../analytics/content-gaps.ts';
import { type ReportRange, reportRange } from '../analytics/report-range.ts';
import { DATE_FROM, DATE_TO } from './analytics-reports.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';
import type { GraphQLContext } from './context.ts';
import { GapFix } from './gap-fix.ts';

const PageReached = builder.objectRef<{ path: string; count: number }>('GapPage').implement({
  fields: (t) => ({ path: t.exposeString('path'), count: t.exposeInt('count', { description: "How many of the gap's readers reached it." }) }),
});

const Trend = builder.objectRef<ContentGap['trend']>('GapTrend').implement({
  description: 'The first half of the range against the second: rising when the second has a quarter more.',
  fields: (t) => ({ firstHalf: t.exposeInt('firstHalf'), secondHalf: t.exposeInt('secondHalf'), direction: t.exposeString('direction') }),
});

/** A gap as the schema serves it: with its project, to find the fixes started from it. */
type ProjectGap = ContentGap & { projectId: string };

const Gap = builder.objectRef<ProjectGap>('ContentGap').implement({
  description:
    'A topic readers asked or searched about that the docs did not serve: unanswered questions, thumbed-down answers, searches with no result or no opened result.',
  fields: (t) => ({
    id: t.exposeString('id'),
    title: t.exposeString('title', { description: 'Its most frequent question or search.' }),
    count: t.exposeInt('count', { description: 'How many times readers met it.' }),
    unanswered: t.exposeInt('unanswered'),
    thumbsDown: t.exposeInt('thumbsDown'),
    searchesWithoutResults: t.exposeInt('searchesWithoutResults'),
    searchesWithoutClicks: t.exposeInt('searchesWithoutClicks', { description: 'Searches from the widget or the site whose results nobody opened.' }),
    summary: t.exposeString('summary', {
      description: 'What readers met, in words, the kinds it has none of left out: "3 questions not answered, 2 searches whose results nobody opened".',
    }),
    examples: t.exposeStringList('examples'),
    pagesReachedInstead: t.field({ type: [PageReached], resolve: (gap) => gap.pagesReachedInstead }),
    trend: t.field({ type: Trend, resolve: (gap) => gap.trend }),
    lastSeenAt: t.exposeString('lastSeenAt'),
    fixes: t.prismaField({
      type: [GapFix],
      description: 'Agent jobs started to fix it (fixContentGap), the newest first.',
      resolve: (query, gap, _args, context) =>
        context.db.gapFix.findMany({ ...query, where: { projectId: gap.projectId, gapId: gap.id }, orderBy: { createdAt: 'desc' } }),
    }),
  }),
});

const GapsReport = builder.objectRef<{ gaps: ProjectGap[] }>('ContentGapsReport').implement({
  fields: (t) => ({ gaps: t.field({ type: [Gap], resolve: (report) => report.gaps }) }),
});

builder.queryFields((t) => ({
  contentGaps: t.field({
    type: [Gap],
    description: 'What readers could not find, grouped into topics, the most met first (docs/analytics.md). Admin key of the project.',
    args: { projectId: t.arg.string({ required: true }), dateFrom: t.arg.string(DATE_FROM), dateTo: t.arg.string(DATE_TO) },
    resolve: async (_root, args, context) => {
      await requireProjectAdmin(context, args.projectId);
      return gapsOf(context, args.projectId, reportRange(args.dateFrom, args.dateTo));
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
      return { gaps: await gapsOf(context, args.projectId, reportRange(args.dateFrom, args.dateTo)) };
    },
  }),
}));

async function gapsOf(context: GraphQLContext, projectId: string, range: ReportRange): Promise<ProjectGap[]> {
  return (await contentGaps(context.pool, context.embedder, projectId, range)).map((gap) => ({ ...gap, projectId }));
}

const GapFixStarted = builder.objectRef<{ jobId: string; branch: string; gapId: string }>('GapFixStarted').implement({
  fields: (t) => ({
    sessionId: t.exposeString('jobId', { description: 'The agent job: follow it with GET /v1/agent/{projectId}/job/{sessionId} or agentJob.' }),
    branch: t.exposeString('branch', { description: 'The branch the job pushes, named after the gap; its preview is checked against the gap’s questions.' }),
    gapId: t.exposeString('gapId'),
  }),
});

builder.mutationField('fixContentGap', (t) =>
  t.field({
    type: GapFixStarted,
    description:
      "Starts an agent job that fixes a content gap: its questions and the pages readers reached instead are the job's instructions; once it pushed, the questions are asked of the live site and the branch's preview, and the pull request shows the before and after (docs/previews.md). Admin key of the project; needs an answer model.",
    args: {
      projectId: t.arg.string({ required: true }),
      gapId: t.arg.string({ required: true }),
      dateFrom: t.arg.string({ ...DATE_FROM, description: 'The range the gap was listed for (as contentGaps). Default: 30 days before dateTo.' }),
      dateTo: t.arg.string(DATE_TO),
      asDraft: t.arg.boolean({ required: false, description: 'Open the pull request as a draft (default true).' }),
    },
    resolve: async (_root, args, context) => {
      await requireProjectAdmin(context, args.projectId);
      const range = reportRange(args.dateFrom, args.dateTo);
      const started = await startGapFix(context, args.projectId, args.gapId, range, args.asDraft ?? true);
      return { jobId: started.jobId, branch: started.branch, gapId: started.gapId };
    },
  }),
);
