import { counted } from '../counted.ts';
import { contentGaps, type ContentGap } from '../analytics/content-gaps.ts';
import type { ReportRange } from '../analytics/report-range.ts';
import { AppError, notFound } from '../errors.ts';
import { labelWithHash } from '../projects/preview-names.ts';
import type { Services } from '../services.ts';
import { createAgentJob } from './create-job.ts';

/** The longest name a gap fix gives its branch after `folio/gap-` (git allows more; hosts show less). */
const MAX_LABEL = 47;

/**
 * Starts an agent job that fixes a content gap of the range: its instructions are the gap's example
 * questions and the pages readers reached instead, on a branch named after the gap. When the job has
 * pushed, the questions are asked of the live site and of the branch's preview, and the pull request
 * says which are now answered (gap-fix-check.ts). One fix of a gap runs at a time.
 */
export async function startGapFix(
  services: Services,
  projectId: string,
  gapId: string,
  range: ReportRange,
  asDraft: boolean,
): Promise<{ jobId: string; messageId: string; branch: string; gapId: string }> {
  const gap = (await contentGaps(services.pool, services.embedder, projectId, range)).find((candidate) => candidate.id === gapId);
  if (!gap) {
    throw notFound(
      `No content gap "${gapId}" from ${range.from.toISOString()} to ${range.to.toISOString()}; list them with GET /v1/analytics/${projectId}/gaps.`,
    );
  }
  const running = await services.db.gapFix.findFirst({ where: { projectId, gapId, job: { halted: false } }, select: { jobId: true } });
  if (running)
    throw new AppError('CONFLICT', `Agent job ${running.jobId} is fixing this gap already; follow it with GET /v1/agent/${projectId}/job/${running.jobId}.`);
  const branch = gapBranchOf(gap);
  const pages = gap.pagesReachedInstead.map((page) => page.path);
  const job = await createAgentJob(
    services,
    projectId,
    { branch, asDraft, messages: [{ role: 'user', content: gapInstructions(gap, pages) }] },
    { gapId, title: gap.title, questions: gap.examples, pages },
  );
  return { ...job, branch, gapId };
}

/** `folio/gap-{words of its title}-{a hash of its id}`: readable in a list of branches, unique to the gap. */
export function gapBranchOf(gap: Pick<ContentGap, 'id' | 'title'>): string {
  return `folio/gap-${labelWithHash(gap.title, gap.id, MAX_LABEL)}`;
}

function gapInstructions(gap: ContentGap, pages: string[]): string {
  return [
    `Readers of these docs asked or searched for what the documentation did not give them: a content gap Folio found, "${gap.title}", met ${counted(gap.count, 'time')} (${gap.summary}).`,
    'Change the docs so that each of these questions or searches is answered by a page:',
    ...gap.examples.map((question) => `- ${question}`),
    pages.length > 0
      ? `Readers reached these pages instead, which did not answer them: ${pages.join(', ')}.`
      : 'No page came close: the docs may have nothing on this yet.',
    'Search and read the docs first. Add what is missing to the page where readers would look for it, or add a new page and list it in the navigation (docs.json) when no page fits. Keep the site’s style, and validate the project before you finish.',
  ].join('\n');
}
