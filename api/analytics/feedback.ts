import type { Db } from '../db/database.ts';
import { invalidInput, notFound } from '../errors.ts';
import type { Caller } from './recorder.ts';

/** Where feedback comes from, by Mintlify's names: an answer's thumbs, a page ("was this helpful?"), a code block. */
export const FEEDBACK_SOURCES = ['thumbs_only', 'contextual', 'code_snippet'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];
/** How the people who run the docs mark feedback (Mintlify's); new feedback is pending. */
export const FEEDBACK_STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const;

export const FEEDBACK_LIMITS = { maxComment: 2000, maxPath: 1000, maxContact: 320, maxCode: 20_000, maxName: 200 } as const;

export interface FeedbackInput {
  source: FeedbackSource;
  helpful: boolean;
  path?: string | null;
  comment?: string | null;
  contact?: string | null;
  threadId?: string | null;
  messageId?: string | null;
  code?: string | null;
  filename?: string | null;
  language?: string | null;
}

/**
 * Stores a reader's feedback. On an answer (`thumbs_only`) it names the answer by its thread and message,
 * which must be an answer of this site's; on a page (`contextual`) or a code block (`code_snippet`), the
 * page by its path. Written at once (a reader's action, not a hot path), so a wrong answer id is a 404.
 * Returns the feedback's id, or undefined when the site records nothing.
 */
export async function submitFeedback(
  db: Db,
  project: { id: string; analyticsEnabled: boolean },
  input: FeedbackInput,
  caller: Caller,
): Promise<string | undefined> {
  const text = (value: string | null | undefined, field: string, max: number) => {
    const trimmed = value?.trim() ?? '';
    if (trimmed.length > max) throw invalidInput(field, `${field} must be at most ${max} characters long.`);
    return trimmed === '' ? null : trimmed;
  };
  const comment = text(input.comment, 'comment', FEEDBACK_LIMITS.maxComment);
  const contact = text(input.contact, 'contact', FEEDBACK_LIMITS.maxContact);
  if (contact && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact)) throw invalidInput('contact', 'contact must be an email address.');
  let path = text(input.path, 'path', FEEDBACK_LIMITS.maxPath);
  const code = text(input.code, 'code', FEEDBACK_LIMITS.maxCode);
  if (input.source === 'thumbs_only') {
    if (!input.threadId) throw invalidInput('threadId', 'threadId is required for feedback on an answer (source "thumbs_only").');
    if (!input.messageId) throw invalidInput('messageId', 'messageId is required for feedback on an answer (source "thumbs_only").');
    const answer = await db.message.findFirst({
      where: { id: input.messageId, threadId: input.threadId, role: 'assistant', thread: { projectId: project.id } },
      select: { id: true },
    });
    if (!answer) throw notFound(`No answer "${input.messageId}" in thread "${input.threadId}" of this site.`);
  } else if (!path) {
    throw invalidInput('path', `path is required for feedback on a ${input.source === 'code_snippet' ? 'code block' : 'page'}.`);
  }
  if (input.source === 'code_snippet' && !code) throw invalidInput('code', 'code is required for feedback on a code block (source "code_snippet").');
  if (!project.analyticsEnabled) return undefined;
  if (path && !path.startsWith('/') && !/^https?:\/\//.test(path)) path = `/${path}`;
  const created = await db.feedback.create({
    data: {
      projectId: project.id,
      source: input.source,
      helpful: input.helpful,
      path: path ?? '',
      comment,
      contact,
      threadId: input.source === 'thumbs_only' ? input.threadId : null,
      messageId: input.source === 'thumbs_only' ? input.messageId : null,
      code,
      filename: text(input.filename, 'filename', FEEDBACK_LIMITS.maxName),
      language: text(input.language, 'language', FEEDBACK_LIMITS.maxName),
      caller,
    },
    select: { id: true },
  });
  return created.id;
}
