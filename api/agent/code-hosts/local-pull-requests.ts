import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/** Where Folio serves the pull requests it keeps itself. */
export const pullRequestPath = (id: string) => `/pulls/${id}`;

/**
 * A pull request for a repository that is not on GitHub (a local path, a plain Git server): the branch
 * was pushed there, and Folio keeps the request (title, description, diff, draft flag) and serves it as
 * a page at an unguessable address. One per job: a retried turn updates its own, and a follow-up's turn
 * updates the diff and adds its description below the earlier ones, keeping the title.
 */
export async function recordLocalPullRequest(
  db: Db,
  input: {
    projectId: string;
    jobId: string;
    branch: string;
    baseBranch: string;
    title: string;
    description: string;
    isFollowUp: boolean;
    diff: string;
    isDraft: boolean;
    headSha: string;
    baseSha: string;
  },
  publicUrl: string,
): Promise<string> {
  const { isFollowUp, ...fields } = input;
  const existing = await db.pullRequest.findUnique({ where: { jobId: input.jobId }, select: { id: true, title: true, description: true } });
  const id = existing?.id ?? randomBytes(16).toString('hex');
  const update =
    existing && isFollowUp
      ? {
          ...fields,
          title: existing.title,
          // A retried turn adds nothing twice.
          description: existing.description.includes(fields.description) ? existing.description : `${existing.description}\n\n---\n\n${fields.description}`,
        }
      : fields;
  await db.pullRequest.upsert({ where: { id }, create: { id, ...fields }, update });
  return `${publicUrl}${pullRequestPath(id)}`;
}
