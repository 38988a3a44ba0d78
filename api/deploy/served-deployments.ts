import type { Db } from '../db/database.ts';
import type { Deployment } from '../db/generated/prisma/client.ts';
import { siteIdOf } from '../projects/preview-names.ts';
import { forgetOldArtifacts } from '../search/search-artifact.ts';
import type { SearchStore } from '../search/search-store.ts';
import { forgetUnservedSiteFiles } from '../sites/unserved-site-files.ts';

/** The site a deployment is for: its project's live site, or a branch's preview. */
export interface DeploymentSite {
  /** What web processes keep the site under (api/projects/preview-names.ts). */
  siteId: string;
  preview?: { id: string; branch: string; deploymentId: string | null };
  /** The project's live deployment now. */
  liveDeploymentId: string | null;
}

export async function siteOfDeployment(
  db: Db,
  deployment: Pick<Deployment, 'projectId' | 'isPreview' | 'branch'> & { project: { liveDeploymentId: string | null } },
): Promise<DeploymentSite> {
  const { liveDeploymentId } = deployment.project;
  if (!deployment.isPreview || !deployment.branch) return { siteId: deployment.projectId, liveDeploymentId };
  const preview = await db.preview.findUniqueOrThrow({
    where: { projectId_branch: { projectId: deployment.projectId, branch: deployment.branch } },
    select: { id: true, branch: true, slug: true, deploymentId: true },
  });
  return { siteId: siteIdOf(deployment.projectId, preview.slug), preview, liveDeploymentId };
}

/**
 * What a deployment is compared with, and reuses the pages, renders and embeddings of: the site's
 * current deployment; for a preview's first, the live site's (a branch usually differs from it by a
 * few pages).
 */
export async function previousDeployment(db: Db, site: DeploymentSite): Promise<{ id: string; commitSha: string | null } | null> {
  const select = { id: true, commitSha: true };
  if (site.preview) {
    const id = site.preview.deploymentId ?? site.liveDeploymentId;
    return id ? db.deployment.findUnique({ where: { id }, select }) : null;
  }
  return db.deployment.findFirst({ where: { projectId: site.siteId, status: 'success', isPreview: false }, orderBy: { endedAt: 'desc' }, select });
}

/**
 * Deletes what no served deployment of the project needs any more: the page lists of finished
 * deployments that are neither live nor a preview's (their status records stay), the pages (and their
 * chunks) and repository files no served deployment has, and old search artifacts. Safe because a
 * project's deployments run one at a time.
 */
export async function forgetUnservedData(services: SearchStore, projectId: string): Promise<void> {
  const { db } = services;
  const served = await servedDeploymentIds(db, projectId);
  const unserved = { deployment: { projectId, status: { in: ['success' as const, 'failure' as const] } }, deploymentId: { notIn: served } };
  await db.deploymentPage.deleteMany({ where: unserved });
  await db.hiddenPage.deleteMany({ where: unserved });
  await db.page.deleteMany({ where: { projectId, deployments: { none: {} }, hiddenIn: { none: {} } } });
  await forgetUnservedSiteFiles(db, projectId, served);
  await forgetOldArtifacts(services, projectId);
}

/** The project's live deployment and its previews' deployments. */
async function servedDeploymentIds(db: Db, projectId: string): Promise<string[]> {
  const project = await db.project.findUniqueOrThrow({
    where: { id: projectId },
    select: { liveDeploymentId: true, previews: { select: { deploymentId: true } } },
  });
  return [project.liveDeploymentId, ...project.previews.map((preview) => preview.deploymentId)].filter((id): id is string => id !== null);
}
