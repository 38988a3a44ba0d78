import { deployRunJob } from '../deploy/deploy-job.ts';
import { staleReasonOf } from '../deploy/remove-preview.ts';
import type { Services } from '../services.ts';

/**
 * Queues the removal of the previews whose branch no longer exists in the project's repository, or that
 * nobody deployed or read for PREVIEW_TTL_DAYS. Each removal runs on its project's deployment queue and
 * checks again before it deletes (remove-preview.ts). Returns the previews queued for removal.
 */
export async function prunePreviews(services: Pick<Services, 'db' | 'config' | 'jobs'>): Promise<{ projectId: string; branch: string }[]> {
  const previews = await services.db.preview.findMany({
    select: { id: true, projectId: true, branch: true, usedAt: true, project: { select: { repoUrl: true } } },
  });
  const queued: { projectId: string; branch: string }[] = [];
  for (const preview of previews) {
    if (!(await staleReasonOf(services, preview))) continue;
    await services.jobs.enqueue(deployRunJob, { removePreviewId: preview.id, projectId: preview.projectId });
    queued.push({ projectId: preview.projectId, branch: preview.branch });
  }
  return queued;
}
