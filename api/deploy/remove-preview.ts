import type { Services } from '../services.ts';
import { remoteBranchExists } from './git.ts';
import { releaseParts } from '../search/search-artifact.ts';
import { forgetUnservedData } from './served-deployments.ts';

/** Why a preview is removed: its branch is gone from the repository, or nobody deployed or read it for PREVIEW_TTL_DAYS. */
export type StaleReason = 'branch-gone' | 'unused';

/** Whether a preview is stale now, and why; a repository that cannot be reached proves nothing. */
export async function staleReasonOf(
  services: Pick<Services, 'config'>,
  preview: { branch: string; usedAt: Date; project: { repoUrl: string } },
): Promise<StaleReason | undefined> {
  if (preview.usedAt.getTime() < Date.now() - services.config.previewTtlDays * 24 * 3600 * 1000) return 'unused';
  const github = { url: services.config.githubUrl, token: services.config.githubToken };
  return (await remoteBranchExists({ url: preview.project.repoUrl, branch: preview.branch, github })) === false ? 'branch-gone' : undefined;
}

/**
 * Removes a preview, if it is still stale, with everything stored for it alone: its deployments and their
 * status records, page lists, renders, search artifacts, and files no other site has. Run on the project's
 * deployment queue (deploy-job.ts), so no deployment of the project runs meanwhile; a trigger of the
 * preview that comes in first keeps it (the preview row is locked while it is checked and deleted).
 * Returns the preview removed, or undefined when it was kept.
 */
export async function removeStalePreview(services: Services, previewId: string): Promise<{ branch: string } | undefined> {
  const { db } = services;
  const preview = await db.preview.findUnique({
    where: { id: previewId },
    select: { id: true, projectId: true, branch: true, usedAt: true, project: { select: { repoUrl: true } } },
  });
  if (!preview || !(await staleReasonOf(services, preview))) return undefined;
  const artifacts = await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ used_at: Date }[]>`SELECT used_at FROM previews WHERE id = ${previewId} FOR UPDATE`;
    if (locked.length === 0 || locked[0]!.used_at.getTime() !== preview.usedAt.getTime()) return undefined; // gone, or used since
    const deployments = { projectId: preview.projectId, isPreview: true, branch: preview.branch };
    const ids = (await tx.deployment.findMany({ where: deployments, select: { id: true } })).map((deployment) => deployment.id);
    const removed = await tx.$queryRaw<{ parts: string[] }[]>`DELETE FROM search_artifacts WHERE deployment_id = ANY(${ids}::text[]) RETURNING parts`;
    await tx.preview.delete({ where: { id: previewId } });
    await tx.deployment.deleteMany({ where: { id: { in: ids } } });
    return removed;
  });
  if (!artifacts) return undefined;
  await releaseParts(services, artifacts);
  await forgetUnservedData(services, preview.projectId);
  return { branch: preview.branch };
}
