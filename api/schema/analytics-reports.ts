import { callerStats, conversations, conversationThread } from '../analytics/reports/conversations-report.ts';
import { type FeedbackFilter, feedbackByPage, feedbackEntries, REPORT_SOURCES } from '../analytics/reports/feedback-report.ts';
import { searchTerms } from '../analytics/reports/searches-report.ts';
import { traffic } from '../analytics/reports/traffic-report.ts';
import { reportLimit, reportRange } from '../analytics/report-range.ts';
import { invalidInput } from '../errors.ts';
import { publicSiteAddress } from '../sites/site-address.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';

/** Mintlify's analytics export API (analytics.openapi.json), as GraphQL queries the `/v1/analytics` routes run. Admin key of the project. */

export const ReportSourceEnum = builder.enumType('AnalyticsFeedbackSource', { values: REPORT_SOURCES });
const FORMAT = { description: '`csv` (REST): the list as CSV instead of JSON; `Accept: text/csv` does the same.' } as const;

export const DATE_FROM = { required: false, description: 'From this day (2026-11-01) or time (ISO 8601), included. Default: 30 days before dateTo.' } as const;
export const DATE_TO = { required: false, description: 'Up to this day or time, excluded. Default: the end of today (UTC).' } as const;

/**
 * The object types' shapes are the report functions' own results, so a field renamed or retyped there
 * fails to compile here instead of vanishing from the schema and the REST JSON.
 */
type FeedbackReportShape = Awaited<ReturnType<typeof feedbackEntries>>;
type FeedbackByPageShape = Awaited<ReturnType<typeof feedbackByPage>>;
type ConversationsShape = Awaited<ReturnType<typeof conversations>>;
type ThreadShape = Awaited<ReturnType<typeof conversationThread>>;
type SearchesShape = Awaited<ReturnType<typeof searchTerms>>;
type TrafficShape = Awaited<ReturnType<typeof traffic>>;

export const FeedbackEntry = builder.objectRef<FeedbackReportShape['feedback'][number]>('AnalyticsFeedbackEntry').implement({
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

const FeedbackReport = builder.objectRef<FeedbackReportShape>('AnalyticsFeedbackReport').implement({
  fields: (t) => ({
    feedback: t.field({ type: [FeedbackEntry], resolve: (report) => report.feedback }),
    nextCursor: t.exposeString('nextCursor', { nullable: true }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});

const PageFeedback = builder.objectRef<FeedbackByPageShape['feedback'][number]>('AnalyticsPageFeedback').implement({
  fields: (t) => ({
    path: t.exposeString('path'),
    thumbsUp: t.exposeInt('thumbsUp'),
    thumbsDown: t.exposeInt('thumbsDown'),
    code: t.exposeInt('code'),
    total: t.exposeInt('total'),
  }),
});

const FeedbackByPageReport = builder.objectRef<FeedbackByPageShape>('AnalyticsFeedbackByPageReport').implement({
  fields: (t) => ({
    feedback: t.field({ type: [PageFeedback], resolve: (report) => report.feedback }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});

type ConversationShape = ConversationsShape['conversations'][number];

const Source = builder.objectRef<ConversationShape['sources'][number]>('AnalyticsSource').implement({
  fields: (t) => ({ title: t.exposeString('title'), url: t.exposeString('url') }),
});

export const Conversation = builder.objectRef<ConversationShape>('AnalyticsConversation').implement({
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

const ConversationsReport = builder.objectRef<ConversationsShape>('AnalyticsConversationsReport').implement({
  fields: (t) => ({
    conversations: t.field({ type: [Conversation], resolve: (report) => report.conversations }),
    nextCursor: t.exposeString('nextCursor', { nullable: true }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});

const ThreadMessage = builder.objectRef<ThreadShape['messages'][number]>('AnalyticsThreadMessage').implement({
  fields: (t) => ({ id: t.exposeString('id'), role: t.exposeString('role'), content: t.exposeString('content'), createdAt: t.exposeString('createdAt') }),
});

const ThreadReport = builder.objectRef<ThreadShape>('AnalyticsThread').implement({
  fields: (t) => ({
    threadId: t.exposeString('threadId'),
    createdAt: t.exposeString('createdAt'),
    messages: t.field({ type: [ThreadMessage], resolve: (thread) => thread.messages }),
  }),
});

const CallerStats = builder.objectRef<Awaited<ReturnType<typeof callerStats>>>('AnalyticsCallerStats').implement({
  fields: (t) => ({ web: t.exposeInt('web'), api: t.exposeInt('api'), other: t.exposeInt('other'), total: t.exposeInt('total') }),
});

export const SearchTerm = builder.objectRef<SearchesShape['searches'][number]>('AnalyticsSearchTerm').implement({
  fields: (t) => ({
    searchQuery: t.exposeString('searchQuery'),
    hits: t.exposeInt('hits'),
    ctr: t.exposeFloat('ctr', { description: 'Opened results per search of the term, from 0 to 1.' }),
    topClickedPage: t.exposeString('topClickedPage', { nullable: true }),
    lastSearchedAt: t.exposeString('lastSearchedAt'),
  }),
});

const SearchesReport = builder.objectRef<SearchesShape>('AnalyticsSearchesReport').implement({
  fields: (t) => ({
    searches: t.field({ type: [SearchTerm], resolve: (report) => report.searches }),
    totalSearches: t.exposeInt('totalSearches'),
    nextCursor: t.exposeString('nextCursor', { nullable: true }),
  }),
});

const TrafficTotals = builder.objectRef<TrafficShape['totals']>('AnalyticsTrafficTotals').implement({
  fields: (t) => ({ human: t.exposeInt('human'), ai: t.exposeInt('ai'), total: t.exposeInt('total') }),
});
export const PageTraffic = builder.objectRef<TrafficShape['items'][number]>('AnalyticsPageTraffic').implement({
  fields: (t) => ({ path: t.exposeString('path'), human: t.exposeInt('human'), ai: t.exposeInt('ai'), total: t.exposeInt('total') }),
});
const ViewsReport = builder.objectRef<TrafficShape>('AnalyticsViewsReport').implement({
  fields: (t) => ({
    totals: t.field({ type: TrafficTotals, resolve: (report) => report.totals }),
    views: t.field({ type: [PageTraffic], resolve: (report) => report.items }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});
const VisitorsReport = builder.objectRef<TrafficShape>('AnalyticsVisitorsReport').implement({
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
        { source: args.source, status: args.status },
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
export async function feedbackReport(context: ReportContext, args: ReportArgs & FeedbackFilter) {
  await requireProjectAdmin(context, args.projectId);
  const range = reportRange(args.dateFrom, args.dateTo);
  const filter = { source: args.source, status: args.status };
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
