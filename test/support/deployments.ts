import type { Deployment } from '../../api/db/generated/prisma/client.ts';
import { triggerDeployment } from '../../api/deploy/trigger.ts';
import { watchDeployment } from '../../api/deploy/watch.ts';
import type { TestApp } from './test-app.ts';

/** Triggers a deployment of the project and waits until a worker has ended it. */
export async function deployAndWait(t: TestApp, projectId: string, timeoutMs = 120_000) {
  const services = { db: t.db, events: t.runtime.events, jobs: t.runtime.jobs };
  const queued = await triggerDeployment(services, projectId, 'api');
  return waitForEnd(t, queued.id, timeoutMs);
}

export async function waitForEnd(t: TestApp, statusId: string, timeoutMs = 120_000) {
  const services = { db: t.db, events: t.runtime.events };
  const timer = AbortSignal.timeout(timeoutMs);
  let last: Deployment | undefined;
  for await (const deployment of watchDeployment(services, statusId)) {
    last = deployment;
    if (timer.aborted) throw new Error(`deployment ${statusId} still ${deployment.status} after ${timeoutMs} ms`);
  }
  // A preview is searched from an index of its own, loaded on its first search.
  if (last?.status === 'success' && !last.isPreview) await untilSearchedLive(t, last.projectId, last.id, timer);
  return last!;
}

/**
 * Waits until the test's web process answers searches from the deployment that went live: until then it
 * answers from the site's previous deployment, as a visitor would see for the moment the swap takes.
 */
async function untilSearchedLive(t: TestApp, projectId: string, deploymentId: string, timer: AbortSignal) {
  const indexes = t.runtime.searchIndexes;
  if (!indexes.heldProjects().includes(projectId)) return;
  await indexes.forProject({ id: projectId, liveDeploymentId: deploymentId });
  while (!indexes.holds(projectId, deploymentId)) {
    if (timer.aborted) throw new Error(`the search index of deployment ${deploymentId} was not loaded`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
