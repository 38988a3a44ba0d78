import { FEEDBACK_SOURCES } from '../analytics/feedback.ts';
import { callerStats, conversations, conversationThread } from '../analytics/reports/conversations-report.ts';
import { feedbackByPage, feedbackEntries } from '../analytics/reports/feedback-report.ts';
import { searchTerms } from '../analytics/reports/searches-report.ts';
import { traffic } from '../analytics/reports/traffic-report.ts';
import { reportLimit, reportRange } from '../analytics/report-range.ts';
import { invalidInput } from '../errors.ts';
import { publicSiteAddress } from '../sites/site-address.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';

/** Mintlify's analytics export API (analytics.openapi.json), as GraphQL queries the `/v1/analytics` routes run. Admin key of the project. */

export const ReportSourceEnum = builder.enumType('AnalyticsFeedbackSource', { values: [...FEEDBACK_SOURCES, 'agent'] as const });
const FORMAT = { description: '`csv` (REST): the list as CSV instead of JSON; `Accept: text/csv` does the same.' } as const;

export const DATE_FROM = { required: false, description: 'From this day (2026-11-01) or time (ISO 8601), included. Default: 30 days before dateTo.' } as const;
export const DATE_TO = { required: false, description: 'Up to this day or time, excluded. Default: the end of today (UTC).' } as const;

export const FeedbackEntry = builder
  .objectRef<{
    id: string;
    path: string;
    comment: string | null;
    createdAt: string;
    source: string;
    status: string;
    helpful: boolean;
    contact: string | null;
    code: string | null;
    filename: string | null;
    lang: string | null;
  }>('AnalyticsFeedbackEntry')
  .implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      path: t.exposeString('path'),
      comment: t.exposeString('comment', { nullable: true }),
      createdAt: t.exposeString('createdAt'),
      source: t.exposeString('source'),
      status: t.exposeString('status'),
      helpful: t.exposeBoolean('helpful'),
      contact: t.exposeString('contact', { nullable: true }),
      code: t.exposeString('code', { nullable: true }),
      filename: t.exposeString('filename', { nullable: true }),
      lang: t.exposeString('lang', { nullable: true }),
    }),
  });

const FeedbackReport = builder.objectRef<{ feedback: unknown[]; nextCursor: string | null; hasMore: boolean }>('AnalyticsFeedbackReport').implement({
  fields: (t) => ({
    feedback: t.field({ type: [FeedbackEntry], resolve: (report) => report.feedback as never }),
    nextCursor: t.exposeString('nextCursor', { nullable: true }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});

const PageFeedback = builder.objectRef<{ path: string; thumbsUp: number; thumbsDown: number; code: number; total: number }>('AnalyticsPageFeedback').implement({
  fields: (t) => ({
    path: t.exposeString('path'),
    thumbsUp: t.exposeInt('thumbsUp'),
    thumbsDown: t.exposeInt('thumbsDown'),
    code: t.exposeInt('code'),
    total: t.exposeInt('total'),
  }),
});

const FeedbackByPageReport = builder.objectRef<{ feedback: unknown[]; hasMore: boolean }>('AnalyticsFeedbackByPageReport').implement({
  fields: (t) => ({
    feedback: t.field({ type: [PageFeedback], resolve: (report) => report.feedback as never }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});

const Source = builder.objectRef<{ title: string; url: string }>('AnalyticsSource').implement({
  fields: (t) => ({ title: t.exposeString('title'), url: t.exposeString('url') }),
});

export const Conversation = builder
  .objectRef<{
    id: string;
    threadId: string;
    timestamp: string;
    query: string;
    response: string;
    responseType: string;
    sources: { title: string; url: string }[];
    resolutionStatus: string;
    queryCategory: string | null;
    pageUrl: string | null;
  }>('AnalyticsConversation')
  .implement({
    fields: (t) => ({
      id: t.exposeString('id', { description: "The answer's message id." }),
      threadId: t.exposeString('threadId', {
        description: 'Folio: the thread the turn belongs to (analyticsAssistantThread, `assistant/threads/{threadId}`).',
      }),
      timestamp: t.exposeString('timestamp'),
      query: t.exposeString('query'),
      response: t.exposeString('response'),
      responseType: t.exposeString('responseType'),
      sources: t.field({ type: [Source], resolve: (conversation) => conversation.sources }),
      resolutionStatus: t.exposeString('resolutionStatus', { description: '`unanswered` when the assistant found the docs do not cover the question.' }),
      queryCategory: t.exposeString('queryCategory', { nullable: true }),
      pageUrl: t.exposeString('pageUrl', { nullable: true }),
    }),
  });

const ConversationsReport = builder
  .objectRef<{ conversations: unknown[]; nextCursor: string | null; hasMore: boolean }>('AnalyticsConversationsReport')
  .implement({
    fields: (t) => ({
      conversations: t.field({ type: [Conversation], resolve: (report) => report.conversations as never }),
      nextCursor: t.exposeString('nextCursor', { nullable: true }),
      hasMore: t.exposeBoolean('hasMore'),
    }),
  });

const ThreadMessage = builder.objectRef<{ id: string; role: string; content: string; createdAt: string }>('AnalyticsThreadMessage').implement({
  fields: (t) => ({ id: t.exposeString('id'), role: t.exposeString('role'), content: t.exposeString('content'), createdAt: t.exposeString('createdAt') }),
});

const ThreadReport = builder.objectRef<{ threadId: string; createdAt: string; messages: unknown[] }>('AnalyticsThread').implement({
  fields: (t) => ({
    threadId: t.exposeString('threadId'),
    createdAt: t.exposeString('createdAt'),
    messages: t.field({ type: [ThreadMessage], resolve: (thread) => thread.messages as never }),
  }),
});

const CallerStats = builder.objectRef<{ web: number; api: number; other: number; total: number }>('AnalyticsCallerStats').implement({
  fields: (t) => ({ web: t.exposeInt('web'), api: t.exposeInt('api'), other: t.exposeInt('other'), total: t.exposeInt('total') }),
});

export const SearchTerm = builder
  .objectRef<{ searchQuery: string; hits: number; ctr: number; topClickedPage: string | null; lastSearchedAt: string }>('AnalyticsSearchTerm')
  .implement({
    fields: (t) => ({
      searchQuery: t.exposeString('searchQuery'),
      hits: t.exposeInt('hits'),
      ctr: t.exposeFloat('ctr', { description: 'Opened results per search of the term, from 0 to 1.' }),
      topClickedPage: t.exposeString('topClickedPage', { nullable: true }),
      lastSearchedAt: t.exposeString('lastSearchedAt'),
    }),
  });

const SearchesReport = builder.objectRef<{ searches: unknown[]; totalSearches: number; nextCursor: string | null }>('AnalyticsSearchesReport').implement({
  fields: (t) => ({
    searches: t.field({ type: [SearchTerm], resolve: (report) => report.searches as never }),
    totalSearches: t.exposeInt('totalSearches'),
    nextCursor: t.exposeString('nextCursor', { nullable: true }),
  }),
});

type Counts = { human: number; ai: number; total: number };
const TrafficTotals = builder.objectRef<Counts>('AnalyticsTrafficTotals').implement({
  fields: (t) => ({ human: t.exposeInt('human'), ai: t.exposeInt('ai'), total: t.exposeInt('total') }),
});
export const PageTraffic = builder.objectRef<Counts & { path: string }>('AnalyticsPageTraffic').implement({
  fields: (t) => ({ path: t.exposeString('path'), human: t.exposeInt('human'), ai: t.exposeInt('ai'), total: t.exposeInt('total') }),
});
type Traffic = { totals: Counts; items: (Counts & { path: string })[]; hasMore: boolean };
const ViewsReport = builder.objectRef<Traffic>('AnalyticsViewsReport').implement({
  fields: (t) => ({
    totals: t.field({ type: TrafficTotals, resolve: (report) => report.totals }),
    views: t.field({ type: [PageTraffic], resolve: (report) => report.items }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});
const VisitorsReport = builder.objectRef<Traffic>('AnalyticsVisitorsReport').implement({
  fields: (t) => ({
    totals: t.field({ type: TrafficTotals, resolve: (report) => report.totals }),
    visitors: t.field({ type: [PageTraffic], resolve: (report) => report.items }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});

builder.queryFields((t) => ({
  analyticsFeedback: t.field({
    type: FeedbackReport,
    description: "Readers' feedback, newest first. Admin key of the project.",
    args: {
      projectId: t.arg.string({ required: true }),
      dateFrom: t.arg.string(DATE_FROM),
      dateTo: t.arg.string(DATE_TO),
      source: t.arg({ type: ReportSourceEnum, required: false }),
      status: t.arg.string({ required: false, description: 'Comma-separated statuses: pending, in_progress, resolved, dismissed.' }),
      limit: t.arg.int({ required: false, description: '1 to 100, default 50.' }),
      cursor: t.arg.string({ required: false, description: 'The nextCursor of the previous page.' }),
      format: t.arg.string({ required: false, ...FORMAT }),
    },
    resolve: (_root, args, context) => feedbackReport(context, args),
  }),
  analyticsFeedbackByPage: t.field({
    type: FeedbackByPageReport,
    description: 'Feedback counted per page, the most commented on first. Admin key of the project.',
    args: {
      projectId: t.arg.string({ required: true }),
      dateFrom: t.arg.string(DATE_FROM),
      dateTo: t.arg.string(DATE_TO),
      limit: t.arg.int({ required: false, description: '1 to 100, default 10.' }),
      source: t.arg({ type: ReportSourceEnum, required: false }),
      status: t.arg.string({ required: false, description: 'Comma-separated statuses.' }),
      format: t.arg.string({ required: false, ...FORMAT }),
    },
    resolve: async (_root, args, context) => {
      await requireProjectAdmin(context, args.projectId);
      const range = reportRange(args.dateFrom, args.dateTo);
      return feedbackByPage(
        context.pool,
        args.projectId,
        range,
        { source: args.source as never, status: args.status },
        reportLimit(args.limit, { max: 100, default: 10 }),
      );
    },
  }),
  analyticsAssistant: t.field({
    type: ConversationsReport,
    description: 'Assistant turns, newest first: question, answer, cited pages, whether it was answered. Admin key of the project.',
    args: {
      projectId: t.arg.string({ required: true }),
      dateFrom: t.arg.string(DATE_FROM),
      dateTo: t.arg.string(DATE_TO),
      limit: t.arg.int({ required: false, description: '1 to 1,000, default 100.' }),
      cursor: t.arg.string({ required: false, description: 'The nextCursor of the previous page.' }),
      format: t.arg.string({ required: false, ...FORMAT }),
    },
    resolve: (_root, args, context) => conversationsReport(context, args),
  }),
  analyticsAssistantThread: t.field({
    type: ThreadReport,
    description: "One of the site's assistant threads, its questions and answers in order. Admin key of the project.",
    args: { projectId: t.arg.string({ required: true }), threadId: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      await requireProjectAdmin(context, args.projectId);
      if (args.threadId.length > 200) throw invalidInput('threadId', 'threadId is at most 200 characters long.');
      return conversationThread(context.db, args.projectId, args.threadId);
    },
  }),
  analyticsAssistantCallerStats: t.field({
    type: CallerStats,
    description: 'Questions by where they came from: web (the widget and the site), api, other (MCP). Admin key of the project.',
    args: { projectId: t.arg.string({ required: true }), dateFrom: t.arg.string(DATE_FROM), dateTo: t.arg.string(DATE_TO) },
    resolve: async (_root, args, context) => {
      await requireProjectAdmin(context, args.projectId);
      return callerStats(context.pool, args.projectId, reportRange(args.dateFrom, args.dateTo));
    },
  }),
  analyticsSearches: t.field({
    type: SearchesReport,
    description: 'Search terms, the most searched first, with click-through. Admin key of the project.',
    args: {
      projectId: t.arg.string({ required: true }),
      dateFrom: t.arg.string(DATE_FROM),
      dateTo: t.arg.string(DATE_TO),
      limit: t.arg.int({ required: false, description: '1 to 100, default 50.' }),
      cursor: t.arg.string({ required: false, description: 'The nextCursor of the previous page.' }),
      format: t.arg.string({ required: false, ...FORMAT }),
    },
    resolve: (_root, args, context) => searchesReport(context, args),
  }),
  analyticsViews: t.field({
    type: ViewsReport,
    description: 'Page reads per page, people and AI agents apart. Admin key of the project.',
    args: trafficArgs(t),
    resolve: async (_root, args, context) => trafficReport(context, args, 'views'),
  }),
  analyticsVisitors: t.field({
    type: VisitorsReport,
    description: 'Distinct visitors per page (a daily-salted hash, never an address), people and AI agents apart. Admin key of the project.',
    args: trafficArgs(t),
    resolve: async (_root, args, context) => trafficReport(context, args, 'visitors'),
  }),
}));

function trafficArgs(t: Parameters<Parameters<typeof builder.queryFields>[0]>[0]) {
  return {
    projectId: t.arg.string({ required: true }),
    dateFrom: t.arg.string(DATE_FROM),
    dateTo: t.arg.string(DATE_TO),
    limit: t.arg.int({ required: false, description: '1 to 250, default 50.' }),
    offset: t.arg.int({ required: false, description: 'Rows to skip, default 0.' }),
    format: t.arg.string({ required: false, ...FORMAT }),
  } as const;
}

type ReportContext = Parameters<typeof requireProjectAdmin>[0];
interface ReportArgs {
  projectId: string;
  dateFrom?: string | null;
  dateTo?: string | null;
  limit?: number | null;
  cursor?: string | null;
}

/** The reports the REST routes and the GraphQL connections both read, each checked the same way. */
export async function feedbackReport(context: ReportContext, args: ReportArgs & { source?: string | null; status?: string | null }) {
  await requireProjectAdmin(context, args.projectId);
  const range = reportRange(args.dateFrom, args.dateTo);
  const filter = { source: args.source as never, status: args.status };
  return feedbackEntries(context.db, args.projectId, range, filter, { limit: reportLimit(args.limit, { max: 100, default: 50 }), cursor: args.cursor });
}

export async function conversationsReport(context: ReportContext, args: ReportArgs) {
  await requireProjectAdmin(context, args.projectId);
  const range = reportRange(args.dateFrom, args.dateTo);
  const project = await context.db.project.findUniqueOrThrow({ where: { id: args.projectId }, select: { subdomain: true } });
  const page = { limit: reportLimit(args.limit, { max: 1000, default: 100 }), cursor: args.cursor };
  return conversations(context.db, args.projectId, range, page, publicSiteAddress(project.subdomain, context.config));
}

export async function searchesReport(context: ReportContext, args: ReportArgs) {
  await requireProjectAdmin(context, args.projectId);
  const range = reportRange(args.dateFrom, args.dateTo);
  return searchTerms(context.pool, args.projectId, range, { limit: reportLimit(args.limit, { max: 100, default: 50 }), cursor: args.cursor });
}

export async function trafficReport(context: ReportContext, args: Omit<ReportArgs, 'cursor'> & { offset?: number | null }, kind: 'views' | 'visitors') {
  await requireProjectAdmin(context, args.projectId);
  const range = reportRange(args.dateFrom, args.dateTo);
  const offset = args.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalidInput('offset', 'offset must be a whole number, 0 or more.');
  return traffic(context.pool, args.projectId, range, kind, { limit: reportLimit(args.limit, { max: 250, default: 50 }), offset });
}
