import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/** Where Folio serves the pull requests it keeps itself. */
export const pullRequestPath = (id: string) => `/pulls/${id}`;

/**
 * A pull request for a repository that is not on GitHub (a local path, a plain Git server): the branch
 * was pushed there, and Folio keeps the request (title, description, diff, draft flag) and serves it as
 * a page at an unguessable address. One per job: a retried job updates its own.
 */
export async function recordLocalPullRequest(
  db: Db,
  input: {
    projectId: string;
    sessionId: string;
    branch: string;
    baseBranch: string;
    title: string;
    description: string;
    diff: string;
    isDraft: boolean;
    headSha: string;
    baseSha: string;
  },
  publicUrl: string,
): Promise<string> {
  const existing = await db.pullRequest.findUnique({ where: { sessionId: input.sessionId }, select: { id: true } });
  const id = existing?.id ?? randomBytes(16).toString('hex');
  await db.pullRequest.upsert({ where: { id }, create: { id, ...input }, update: input });
  return `${publicUrl}${pullRequestPath(id)}`;
}
