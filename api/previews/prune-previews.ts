import type { Services } from '../services.ts';
import { forgetUnservedData } from '../deploy/served-deployments.ts';
import { remoteBranchExists } from '../deploy/git.ts';
import { forgetArtifactsOf } from '../search/search-artifact.ts';

/**
 * Removes the previews whose branch no longer exists in the project's repository, or that nobody
 * deployed or read for PREVIEW_TTL_DAYS, with everything stored for them (deployments and their status
 * records, page lists, renders, search artifacts, files no other site has). A project with a deployment
 * running is left for the next run (its deployment may be reading what would be removed); a repository
 * that cannot be reached removes nothing (a branch is gone only when the repository says so).
 * Returns the branches removed, by project.
 */
export async function prunePreviews(services: Pick<Services, 'db' | 'pool' | 'config' | 'log'>): Promise<{ projectId: string; branch: string }[]> {
  const { db } = services;
  const previews = await db.preview.findMany({
    where: { project: { deployments: { none: { status: { in: ['queued', 'in_progress'] } } } } },
    select: { id: true, projectId: true, branch: true, usedAt: true, project: { select: { repoUrl: true } } },
  });
  const expiry = Date.now() - services.config.previewTtlDays * 24 * 3600 * 1000;
  const github = { url: services.config.githubUrl, token: services.config.githubToken };
  const removed: { projectId: string; branch: string }[] = [];
  for (const preview of previews) {
    const isExpired = preview.usedAt.getTime() < expiry;
    if (!isExpired && (await remoteBranchExists({ url: preview.project.repoUrl, branch: preview.branch, github })) !== false) continue;
    await removePreview(services, preview);
    removed.push({ projectId: preview.projectId, branch: preview.branch });
  }
  return removed;
}

/** Deletes a preview and what was stored for it alone. */
export async function removePreview(services: Pick<Services, 'db' | 'pool'>, preview: { id: string; projectId: string; branch: string }): Promise<void> {
  const { db } = services;
  const deployments = await db.deployment.findMany({ where: { projectId: preview.projectId, isPreview: true, branch: preview.branch }, select: { id: true } });
  const ids = deployments.map((deployment) => deployment.id);
  await forgetArtifactsOf(services, ids);
  await db.$transaction([db.preview.delete({ where: { id: preview.id } }), db.deployment.deleteMany({ where: { id: { in: ids } } })]);
  await forgetUnservedData(services, preview.projectId);
}
