import type { Db } from '../db/database.ts';
import type { Events } from '../events/events.ts';
import { deploymentTopic } from '../events/topics.ts';

/**
 * Yields a deployment's status record now and after every change announced by any process, and ends
 * after yielding it in `success` or `failure` (or when the deployment no longer exists, or `signal` aborts).
 */
export async function* watchDeployment(services: { db: Db; events: Events }, statusId: string, signal?: AbortSignal) {
  const changes = services.events.subscribe(deploymentTopic(statusId), signal);
  const read = () => services.db.deployment.findUnique({ where: { id: statusId } });
  try {
    let current = await read();
    while (current) {
      yield current;
      if (current.status === 'success' || current.status === 'failure') return;
      const next = await changes.next();
      if (next.done || signal?.aborted) return;
      current = await read();
    }
  } finally {
    await changes.return?.();
  }
}
