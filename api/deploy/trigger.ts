import type { Db } from '../db/database.ts';
import type { DeploymentSource } from '../db/generated/prisma/client.ts';
import type { Events } from '../events/events.ts';
import { deployRunJob } from './deploy-job.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { deploymentTopic } from '../events/topics.ts';
import { previewSlugOf } from '../projects/preview-names.ts';

const QUEUED_BY: Record<DeploymentSource, string> = {
  api: 'Queued by the API.',
  dashboard: 'Queued from the command line (folio deploy).',
  internal: 'Queued by Folio.',
  github: 'Queued by a push to GitHub.',
  github_app_installation: 'Queued by the GitHub app installation.',
};

/**
 * Records a queued deployment and enqueues its job in one transaction: a deployment is never
 * recorded without a job to run it, nor a job sent for a deployment that was not recorded. With
 * `preview`, the deployment is of that branch's preview (made on first use: api/previews/), not of
 * the project's live site. The caller checks that the project exists and the branch name is valid.
 */
export async function triggerDeployment(
  services: { db: Db; jobs: Jobs; events: Events },
  projectId: string,
  source: DeploymentSource,
  preview?: { branch: string },
) {
  const deployment = await services.db.$transaction(async (tx) => {
    if (preview) {
      const { subdomain } = await tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { subdomain: true } });
      const slug = previewSlugOf(preview.branch, subdomain);
      await tx.preview.upsert({
        where: { projectId_branch: { projectId, branch: preview.branch } },
        create: { projectId, branch: preview.branch, slug },
        update: { usedAt: new Date() },
      });
    }
    const queuedBy = preview ? `${QUEUED_BY[source]} A preview of the branch "${preview.branch}".` : QUEUED_BY[source];
    const created = await tx.deployment.create({
      data: { projectId, source, logs: [queuedBy], ...(preview ? { branch: preview.branch, isPreview: true } : {}) },
    });
    await services.jobs.enqueue(deployRunJob, { deploymentId: created.id, projectId }, tx);
    return created;
  });
  await services.events.publish(deploymentTopic(deployment.id));
  return deployment;
}
