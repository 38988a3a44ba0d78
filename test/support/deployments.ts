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
  return last!;
}
