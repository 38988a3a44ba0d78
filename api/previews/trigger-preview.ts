import type { Db } from '../db/database.ts';
import type { DeploymentSource } from '../db/generated/prisma/client.ts';
import { triggerDeployment } from '../deploy/trigger.ts';
import { invalidInput, notFound } from '../errors.ts';
import type { Events } from '../events/events.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { branchNameProblem } from '../projects/branch-name.ts';
import { publicPreviewAddress } from '../sites/site-address.ts';

export interface PreviewServices {
  db: Db;
  jobs: Jobs;
  events: Events;
  config: { siteDomain: string | undefined; publicUrl: string };
}

/**
 * Queues a deployment of a branch's preview (made on its first trigger): the branch's own site, search
 * and assistant at a stable address, beside the live site and never mixed into it. Returns its status
 * id and where it is read. The branch is checked here; whether it exists, when the deployment fetches it
 * (a missing branch fails the deployment, with the reason in its status record).
 */
export async function triggerPreview(services: PreviewServices, projectId: string, branch: string, source: DeploymentSource) {
  if (branch.trim() === '') throw invalidInput('branch', 'branch must name a Git branch; it is empty.');
  const problem = branchNameProblem(branch);
  if (problem) throw invalidInput('branch', `"${branch}" cannot be a branch name: ${problem}.`);
  const project = await services.db.project.findUnique({ where: { id: projectId }, select: { subdomain: true } });
  if (!project) throw notFound(`No project with id "${projectId}".`);
  const deployment = await triggerDeployment(services, projectId, source, { branch });
  return { statusId: deployment.id, previewUrl: publicPreviewAddress(project.subdomain, branch, services.config) };
}
