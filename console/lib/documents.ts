/**
 * The GraphQL each view sends (one request for a view's data where it can), typed from the schema by
 * gql.tada: `tsc` checks every selection and variable against console/lib/graphql-env.d.ts (schema.graphql
 * as a type; `npm run schema:print` writes both), and the shapes the views read are the documents'
 * results (ResultOf), never written by hand.
 */
import { initGraphQLTada, type ResultOf } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

/** What the JSON scalar carries. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const graphql = initGraphQLTada<{
  introspection: introspection;
  // DateTime is serialized as an ISO 8601 string. Neither is `unknown`, gql.tada's type for a field the schema does not have.
  scalars: { DateTime: string; JSON: JsonValue };
  // A fragment's fields are read where it is spread: the views pass whole records to their parts.
  disableMasking: true;
}>();

const DeploymentFields = graphql(`fragment ConsoleDeploymentFields on Deployment {
  _id status summary createdAt endedAt branch isPreview source logs screenshotLight screenshotDark
  commit { sha message filesChanged { added modified removed } }
}`);

export const DEPLOYMENTS_VIEW = graphql(
  `query ConsoleDeployments($projectId: String!) {
    project(id: $projectId) { branch siteUrl liveDeployment { _id } deployments(first: 30) { ...ConsoleDeploymentFields } }
    previews(projectId: $projectId) { branch url usedAt deployment { _id status } }
  }`,
  [DeploymentFields],
);

export const DEPLOYMENT_UPDATED = graphql(
  `subscription ConsoleDeploymentUpdated($statusId: String!) { deploymentUpdated(statusId: $statusId) { ...ConsoleDeploymentFields } }`,
  [DeploymentFields],
);

export const TRIGGER_UPDATE = graphql(`mutation ConsoleTriggerUpdate($projectId: String!) { triggerUpdate(projectId: $projectId) { statusId } }`);
export const TRIGGER_PREVIEW = graphql(`mutation ConsoleTriggerPreview($projectId: String!, $branch: String!) {
  triggerPreview(projectId: $projectId, branch: $branch) { statusId previewUrl }
}`);

/** A gap's fixes: each job's outcome and its before/after check. */
const GapFixFields = graphql(`fragment ConsoleGapFixFields on GapFix {
  sessionId createdAt job { haulted haultReason pullRequestLink messageToUser }
  check { answeredLive answeredPreview previewUrl questions { question answeredLive answeredPreview } }
}`);

export const INSIGHTS_VIEW = graphql(
  `query ConsoleInsights($projectId: String!, $dateFrom: String!, $dateTo: String!) {
    analyticsInsights(projectId: $projectId, dateFrom: $dateFrom, dateTo: $dateTo) {
      days { day questions answered notFound searches searchesWithoutResults helpful unhelpful }
      totals { questions answered notFound searches searchesWithoutResults helpful unhelpful }
      zeroResultSearches { query count lastSearchedAt }
      citedPages { path citations }
    }
    analyticsSearches(projectId: $projectId, dateFrom: $dateFrom, dateTo: $dateTo, limit: 20) { totalSearches searches { searchQuery hits ctr topClickedPage } }
    analyticsAssistant(projectId: $projectId, dateFrom: $dateFrom, dateTo: $dateTo, limit: 20) {
      conversations { id threadId query response resolutionStatus timestamp sources { title url } }
    }
    contentGaps(projectId: $projectId, dateFrom: $dateFrom, dateTo: $dateTo) {
      id title count summary examples trend { direction firstHalf secondHalf }
      pagesReachedInstead { path count }
      fixes { ...ConsoleGapFixFields }
    }
  }`,
  [GapFixFields],
);

export const THREAD = graphql(`query ConsoleThread($projectId: String!, $threadId: String!) {
  analyticsAssistantThread(projectId: $projectId, threadId: $threadId) { threadId createdAt messages { id role content createdAt } }
}`);

export const FIX_GAP = graphql(`mutation ConsoleFixGap($projectId: String!, $gapId: String!, $dateFrom: String, $dateTo: String) {
  fixContentGap(projectId: $projectId, gapId: $gapId, dateFrom: $dateFrom, dateTo: $dateTo) { sessionId branch }
}`);

export const GAP_FIXES = graphql(
  `query ConsoleGapFixes($projectId: String!, $dateFrom: String!, $dateTo: String!) {
    contentGaps(projectId: $projectId, dateFrom: $dateFrom, dateTo: $dateTo) { id fixes { ...ConsoleGapFixFields } }
  }`,
  [GapFixFields],
);

const SessionFields = graphql(`fragment ConsoleSessionFields on AgentSession {
  sessionId branch createdAt haulted haultReason messageToUser pullRequestLink todos { id content status priority }
}`);

export const JOBS_VIEW = graphql(
  `query ConsoleJobs($projectId: String!) {
    project(id: $projectId) { branch }
    agentJobs(projectId: $projectId, take: 50) { allSessions { ...ConsoleSessionFields } }
  }`,
  [SessionFields],
);

export const JOB_VIEW = graphql(
  `query ConsoleJob($projectId: String!, $sessionId: String!) {
    agentJob(projectId: $projectId, id: $sessionId) { ...ConsoleSessionFields }
    agentJobV2(projectId: $projectId, id: $sessionId) { status archivedAt }
    previews(projectId: $projectId) { branch url deployment { status } }
  }`,
  [SessionFields],
);

export const JOB_EVENTS = graphql(`subscription ConsoleJobEvents($projectId: String!, $sessionId: String!) {
  agentJobEvents(projectId: $projectId, sessionId: $sessionId) { seq kind payload }
}`);

export const ARCHIVE_JOB = graphql(`mutation ConsoleArchiveJob($projectId: String!, $sessionId: String!) {
  archiveAgentJob(projectId: $projectId, id: $sessionId) { status archivedAt }
}`);

export const CREATE_JOB = graphql(`subscription ConsoleCreateJob($projectId: String!, $input: JSON!) {
  agentJob(projectId: $projectId, input: $input) { seq kind payload }
}`);

export const KEYS_VIEW = graphql(`query ConsoleKeys($projectId: String!) {
  apiKeys(projectId: $projectId) { prefix kind allowedOrigins createdAt lastUsedAt revokedAt isPublished }
}`);
export const CREATE_KEY = graphql(`mutation ConsoleCreateKey($projectId: String!, $kind: ApiKeyKind!, $allowedOrigins: [String!]) {
  createApiKey(projectId: $projectId, kind: $kind, allowedOrigins: $allowedOrigins) { key prefix kind allowedOrigins }
}`);
export const SET_ORIGINS = graphql(`mutation ConsoleSetOrigins($projectId: String!, $prefix: String!, $allowedOrigins: [String!]!) {
  setApiKeyOrigins(projectId: $projectId, prefix: $prefix, allowedOrigins: $allowedOrigins) { prefix allowedOrigins }
}`);
export const REVOKE_KEY = graphql(
  `mutation ConsoleRevokeKey($projectId: String!, $prefix: String!) { revokeApiKey(projectId: $projectId, prefix: $prefix) { prefix revokedAt } }`,
);

export const VIEWER = graphql(`query ConsoleViewer { viewer { kind projectId project { name subdomain } } }`);

/** The records the views pass to their parts, as the documents above select them. */
export type Deployment = ResultOf<typeof DeploymentFields>;
export type GapFix = ResultOf<typeof GapFixFields>;
export type ContentGap = ResultOf<typeof INSIGHTS_VIEW>['contentGaps'][number];
export type AgentSession = ResultOf<typeof SessionFields>;
export type AgentJobState = ResultOf<typeof JOB_VIEW>['agentJobV2'];
export type AgentEvent = ResultOf<typeof JOB_EVENTS>['agentJobEvents'];
export type ApiKey = ResultOf<typeof KEYS_VIEW>['apiKeys'][number];
