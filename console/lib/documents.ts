/** The GraphQL each view sends: one request for a view's data where it can. */

export const DEPLOYMENT_FIELDS = `_id status summary createdAt endedAt branch isPreview source logs screenshotLight screenshotDark
  commit { sha message filesChanged { added modified removed } }`;

export const DEPLOYMENTS_VIEW = `query ConsoleDeployments($projectId: String!) {
  project(id: $projectId) { branch siteUrl liveDeployment { _id } deployments(first: 30) { ${DEPLOYMENT_FIELDS} } }
  previews(projectId: $projectId) { branch url usedAt deployment { _id status } }
}`;

export const DEPLOYMENT_UPDATED = `subscription ConsoleDeploymentUpdated($statusId: String!) { deploymentUpdated(statusId: $statusId) { ${DEPLOYMENT_FIELDS} } }`;

export const TRIGGER_UPDATE = `mutation ConsoleTriggerUpdate($projectId: String!) { triggerUpdate(projectId: $projectId) { statusId } }`;
export const TRIGGER_PREVIEW = `mutation ConsoleTriggerPreview($projectId: String!, $branch: String!) { triggerPreview(projectId: $projectId, branch: $branch) { statusId previewUrl } }`;

/** A gap's fixes: each job's outcome and its before/after check. */
const GAP_FIXES_FIELD = `fixes { sessionId createdAt job { haulted haultReason pullRequestLink messageToUser } check { answeredLive answeredPreview previewUrl questions { question answeredLive answeredPreview } } }`;

export const INSIGHTS_VIEW = `query ConsoleInsights($projectId: String!, $dateFrom: String!, $dateTo: String!) {
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
    ${GAP_FIXES_FIELD}
  }
}`;

export const THREAD = `query ConsoleThread($projectId: String!, $threadId: String!) {
  analyticsAssistantThread(projectId: $projectId, threadId: $threadId) { threadId createdAt messages { id role content createdAt } }
}`;

export const FIX_GAP = `mutation ConsoleFixGap($projectId: String!, $gapId: String!, $dateFrom: String, $dateTo: String) {
  fixContentGap(projectId: $projectId, gapId: $gapId, dateFrom: $dateFrom, dateTo: $dateTo) { sessionId branch }
}`;

export const GAP_FIXES = `query ConsoleGapFixes($projectId: String!, $dateFrom: String!, $dateTo: String!) {
  contentGaps(projectId: $projectId, dateFrom: $dateFrom, dateTo: $dateTo) {
    id ${GAP_FIXES_FIELD}
  }
}`;

const SESSION_FIELDS = 'sessionId branch createdAt haulted haultReason messageToUser pullRequestLink todos { id content status priority }';

export const JOBS_VIEW = `query ConsoleJobs($projectId: String!) {
  project(id: $projectId) { branch }
  agentJobs(projectId: $projectId, take: 50) { allSessions { ${SESSION_FIELDS} } }
}`;

export const JOB_VIEW = `query ConsoleJob($projectId: String!, $sessionId: String!) {
  agentJob(projectId: $projectId, id: $sessionId) { ${SESSION_FIELDS} }
  agentJobV2(projectId: $projectId, id: $sessionId) { status archivedAt }
  previews(projectId: $projectId) { branch url deployment { status } }
}`;

export const JOB_EVENTS = `subscription ConsoleJobEvents($projectId: String!, $sessionId: String!) {
  agentJobEvents(projectId: $projectId, sessionId: $sessionId) { seq kind payload }
}`;

export const ARCHIVE_JOB = `mutation ConsoleArchiveJob($projectId: String!, $sessionId: String!) {
  archiveAgentJob(projectId: $projectId, id: $sessionId) { status archivedAt }
}`;

export const CREATE_JOB = `subscription ConsoleCreateJob($projectId: String!, $input: JSON!) { agentJob(projectId: $projectId, input: $input) { seq kind payload } }`;

export const KEYS_VIEW = `query ConsoleKeys($projectId: String!) {
  apiKeys(projectId: $projectId) { prefix kind allowedOrigins createdAt lastUsedAt revokedAt isPublished }
}`;
export const CREATE_KEY = `mutation ConsoleCreateKey($projectId: String!, $kind: ApiKeyKind!, $allowedOrigins: [String!]) {
  createApiKey(projectId: $projectId, kind: $kind, allowedOrigins: $allowedOrigins) { key prefix kind allowedOrigins }
}`;
export const SET_ORIGINS = `mutation ConsoleSetOrigins($projectId: String!, $prefix: String!, $allowedOrigins: [String!]!) {
  setApiKeyOrigins(projectId: $projectId, prefix: $prefix, allowedOrigins: $allowedOrigins) { prefix allowedOrigins }
}`;
export const REVOKE_KEY = `mutation ConsoleRevokeKey($projectId: String!, $prefix: String!) { revokeApiKey(projectId: $projectId, prefix: $prefix) { prefix revokedAt } }`;
