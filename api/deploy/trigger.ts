import type { Db } from '../db/database.ts';
import type { DeploymentSource } from '../db/generated/prisma/client.ts';
import type { Events } from '../events/events.ts';
import { deployRunJob } from './deploy-job.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { deploymentTopic } from '../events/topics.ts';

const QUEUED_BY: Record<DeploymentSource, string> = {
  api: 'Queued by the API.',
  dashboard: 'Queued from the command line (folio deploy).',
  internal: 'Queued by Folio.',
  github: 'Queued by a push to GitHub.',
  github_app_installation: 'Queued by the GitHub app installation.',
};

/**
 * Records a queued deployment and enqueues its job in one transaction: a deployment is never
 * recorded without a job to run it, nor a job sent for a deployment that was not recorded.
 */
export async function triggerDeployment(services: { db: Db; jobs: Jobs; events: Events }, projectId: string, source: DeploymentSource) {
  const deployment = await services.db.$transaction(async (tx) => {
    const created = await tx.deployment.create({
      data: { projectId, source, logs: [QUEUED_BY[source]] },
    });
    await services.jobs.enqueue(deployRunJob, { deploymentId: created.id, projectId }, tx);
    return created;
  });
  await services.events.publish(deploymentTopic(deployment.id));
  return deployment;
}
