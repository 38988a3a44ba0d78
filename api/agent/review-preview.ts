import { counted } from '../counted.ts';
import { answerUnrecorded, type UnrecordedAnswer } from '../assistant/unrecorded-answer.ts';
import { watchDeployment } from '../deploy/watch.ts';
import { siteIdOf } from '../projects/preview-names.ts';
import { triggerPreview } from '../previews/trigger-preview.ts';
import type { Services } from '../services.ts';
import type { AgentEventLog } from './event-log.ts';

/** How long a gap fix waits for its preview before opening the pull request without the check. */
const PREVIEW_WAIT_MS = 10 * 60 * 1000;
/** The `fp` of the check's threads (removed as soon as each answer ends). */
const CHECK_FP = 'folio:gap-fix-check';

/** What the pull request body and the job's message say about the branch's preview. */
export interface PreviewNotes {
  body: string;
  message: string;
}

/** One question of a gap, as the live site and the preview answered it. */
// Types, not interfaces (here and in UnrecordedAnswer): the check is stored as JSON, which needs an index signature.
export type QuestionCheck = {
  question: string;
  live: UnrecordedAnswer;
  preview: UnrecordedAnswer;
};

/** What a gap fix's `check` column holds once its questions were asked of the preview. */
export type StoredCheck = { previewUrl: string; answeredLive: number; answeredPreview: number; questions: QuestionCheck[] };

interface ReviewInput {
  project: { id: string; name: string };
  jobId: string;
  branch: string;
  log: AgentEventLog;
  signal?: AbortSignal;
}

/**
 * Deploys the pushed branch's preview for its reviewers. For a job that fixes a content gap it waits for
 * the preview, then asks each of the gap's questions of the live site and of the preview with the site's
 * answer model, and says which the change answers (stored with the gap's fix). A preview that cannot be
 * made leaves the pull request without one; nothing here stops the pull request from opening.
 */
export async function reviewPreview(services: Services, input: ReviewInput): Promise<PreviewNotes> {
  let queued: { statusId: string; previewUrl: string };
  try {
    queued = await triggerPreview(services, input.project.id, input.branch, 'internal');
  } catch (error) {
    services.log.warn(`could not queue the preview of ${input.branch}`, error);
    return { body: '', message: '' };
  }
  const gapFix = await services.db.gapFix.findUnique({ where: { jobId: input.jobId }, select: { id: true, questions: true } });
  if (!gapFix || gapFix.questions.length === 0) {
    return { body: `Preview: ${queued.previewUrl}`, message: ` Its preview (deploying now): ${queued.previewUrl}` };
  }
  try {
    return await checkGapFix(services, input, queued, gapFix);
  } catch (error) {
    if (input.signal?.aborted) throw error;
    services.log.warn(`could not check the gap's questions on the preview of ${input.branch}`, error);
    return notChecked(queued.previewUrl, `the check failed: ${(error as Error).message}`);
  }
}

function notChecked(previewUrl: string, why: string): PreviewNotes {
  return {
    body: `Preview: ${previewUrl}\n\nThe gap's questions were not checked: ${why}`,
    message: ` The gap's questions were not checked (${why}). Its preview: ${previewUrl}`,
  };
}

/** Waits for the preview, asks the gap's questions of the live site and of the preview, and stores the result with the fix. */
async function checkGapFix(
  services: Services,
  input: ReviewInput,
  queued: { statusId: string; previewUrl: string },
  gapFix: { id: string; questions: string[] },
): Promise<PreviewNotes> {
  await input.log.append('status', { message: `Deploying the preview of ${input.branch} to check the gap's questions on it.` });
  const ended = await previewEnd(services, queued.statusId, input.signal);
  if (ended?.status !== 'success')
    return notChecked(queued.previewUrl, ended ? `its deployment failed: ${ended.summary}` : 'it was not live within 10 minutes');
  await input.log.append('status', { message: `Asking the gap's ${counted(gapFix.questions.length, 'question')} of the live site and of the preview.` });
  const checks = await checkQuestions(services, input.project, input.branch, gapFix.questions);
  const totals = totalsOf(checks);
  await services.db.gapFix.update({
    where: { id: gapFix.id },
    data: { check: { previewUrl: queued.previewUrl, questions: checks, answeredLive: totals.live, answeredPreview: totals.preview } satisfies StoredCheck },
  });
  const summary = `${totals.preview} of ${counted(checks.length, 'question')} now answered on the preview (${totals.live} on the live site).`;
  return {
    body: `Preview: ${queued.previewUrl}\n\n### The gap's questions, before and after\n\n${checkTable(checks)}\n\n**${summary}**`,
    message: ` ${summary} Its preview: ${queued.previewUrl}`,
  };
}

async function previewEnd(services: Services, statusId: string, signal?: AbortSignal) {
  const timeout = AbortSignal.timeout(PREVIEW_WAIT_MS);
  const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let last: { status: string; summary: string } | undefined;
  for await (const deployment of watchDeployment(services, statusId, stop)) last = deployment;
  signal?.throwIfAborted();
  return last?.status === 'success' || last?.status === 'failure' ? last : undefined;
}

async function checkQuestions(services: Services, project: ReviewInput['project'], branch: string, questions: string[]): Promise<QuestionCheck[]> {
  const [current, preview] = await Promise.all([
    services.db.project.findUniqueOrThrow({ where: { id: project.id }, select: { liveDeploymentId: true } }),
    services.db.preview.findUniqueOrThrow({ where: { projectId_branch: { projectId: project.id, branch } }, select: { slug: true, deploymentId: true } }),
  ]);
  const live = { id: project.id, name: project.name, liveDeploymentId: current.liveDeploymentId };
  const previewSite = { id: project.id, siteId: siteIdOf(project.id, preview.slug), name: project.name, liveDeploymentId: preview.deploymentId };
  const checks: QuestionCheck[] = [];
  for (const question of questions) {
    checks.push({
      question,
      live: await answerUnrecorded(services, live, question, CHECK_FP),
      preview: await answerUnrecorded(services, previewSite, question, CHECK_FP),
    });
  }
  return checks;
}

function totalsOf(checks: QuestionCheck[]): { live: number; preview: number } {
  return { live: checks.filter((check) => check.live.isAnswered).length, preview: checks.filter((check) => check.preview.isAnswered).length };
}

/** The before/after table, in Markdown: question | live | preview. */
export function checkTable(checks: QuestionCheck[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
  const outcome = (answer: UnrecordedAnswer) =>
    answer.isAnswered ? `answered${answer.cited.length > 0 ? `: ${answer.cited.map((path) => `\`${cell(path)}\``).join(', ')}` : ''}` : 'not found';
  return [
    '| Question | Live site | Preview |',
    '|---|---|---|',
    ...checks.map((check) => `| ${cell(check.question)} | ${outcome(check.live)} | ${outcome(check.preview)} |`),
  ].join('\n');
}
