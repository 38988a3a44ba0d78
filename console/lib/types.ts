/** The shapes the console reads, as its GraphQL documents (documents.ts) select them; the reports' own types where GraphQL returns them whole. */
import type { ContentGap as GapReport } from '../../api/analytics/content-gaps.ts';
import type { Insights as InsightsReport } from '../../api/analytics/reports/insights-report.ts';

export type DeploymentStatus = 'queued' | 'in_progress' | 'success' | 'failure';

export interface Deployment {
  _id: string;
  status: DeploymentStatus;
  summary: string;
  createdAt: string;
  endedAt: string | null;
  branch: string | null;
  isPreview: boolean;
  source: string;
  logs: string[];
  screenshotLight: string | null;
  screenshotDark: string | null;
  commit: { sha: string | null; message: string | null; filesChanged: { added: string[]; modified: string[]; removed: string[] } };
}

export interface Todo {
  id: string;
  content: string;
  status: string;
  priority: string;
}

export interface AgentSession {
  sessionId: string;
  branch: string | null;
  createdAt: string;
  haulted: boolean;
  haultReason: string | null;
  messageToUser: string | null;
  pullRequestLink: string | null;
  todos: Todo[];
}

/** A job's state as Mintlify's /v2 agent API gives it. */
export interface AgentJobState {
  status: 'active' | 'completed' | 'archived' | 'failed';
  archivedAt: string | null;
}

export interface AgentEvent {
  seq: number;
  kind: string;
  payload: Record<string, unknown>;
}

export interface GapFixCheck {
  answeredLive: number;
  answeredPreview: number;
  previewUrl: string;
  questions: { question: string; answeredLive: boolean; answeredPreview: boolean }[];
}

export interface GapFix {
  sessionId: string;
  createdAt: string;
  job: { haulted: boolean; haultReason: string | null; pullRequestLink: string | null; messageToUser: string | null };
  check: GapFixCheck | null;
}

/** A content gap as the Insights view selects it, with its fixes. */
export interface ContentGap extends Pick<GapReport, 'id' | 'title' | 'count' | 'summary' | 'examples' | 'trend' | 'pagesReachedInstead'> {
  fixes: GapFix[];
}

export interface Insights {
  analyticsInsights: InsightsReport;
  analyticsSearches: { totalSearches: number; searches: { searchQuery: string; hits: number; ctr: number; topClickedPage: string | null }[] };
  analyticsAssistant: {
    conversations: {
      id: string;
      threadId: string;
      query: string;
      response: string;
      resolutionStatus: string;
      timestamp: string;
      sources: { title: string; url: string }[];
    }[];
  };
  contentGaps: ContentGap[];
}

export interface ApiKey {
  prefix: string;
  kind: 'admin' | 'assistant';
  allowedOrigins: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  isPublished: boolean;
}
