import { authHeaders, type ServerSettings } from './server.ts';

/** What feedback is about: an answer (by its thread and message) or a page (by its path). */
export type FeedbackSubject = { source: 'thumbs_only'; threadId: string; messageId: string } | { source: 'contextual'; path: string };

/** A reader's feedback, as `POST /v1/feedback/{domain}` takes it (docs/analytics.md); each POST is an entry of its own. */
export type Feedback = FeedbackSubject & { helpful: boolean; comment?: string };

/** The most a comment may hold (the route refuses more). */
export const MAX_COMMENT = 2000;

/** Sends feedback to the site's analytics; throws when it was not recorded. */
export async function sendFeedback(settings: ServerSettings, feedback: Feedback): Promise<void> {
  const response = await fetch(`${settings.baseUrl}/v1/feedback/${encodeURIComponent(settings.domain)}`, {
    method: 'POST',
    headers: { ...authHeaders(settings), 'content-type': 'application/json' },
    body: JSON.stringify(feedback),
  });
  if (!response.ok) throw new Error(`feedback refused (HTTP ${response.status})`);
}
