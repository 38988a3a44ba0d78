import { z } from 'zod';
import { deployServicesOf } from './deploy-services.ts';
import { whileDeployingHere } from '../deploying-here.ts';
import type { Services } from '../services.ts';
import type { JobDefinition } from '../jobs/jobs.ts';

/** A change to a project's sites: a deployment to run, or a preview to remove (never beside a deployment of the project). */
export type DeployRunPayload = { deploymentId: string; projectId: string } | { removePreviewId: string; projectId: string };

const PAYLOAD = z.union([z.object({ deploymentId: z.string(), projectId: z.string() }), z.object({ removePreviewId: z.string(), projectId: z.string() })]);

const RETRY_LIMIT = 3;

/**
 * Runs one queued deployment. One deployment per project at a time: the queue is strictly FIFO per
 * project (`singletonKey` = project id), so triggers that arrive meanwhile wait their turn. The removal
 * of a stale preview (api/previews/prune-previews.ts) goes through the same queue, so that it never
 * deletes what a deployment of the project is writing. A worker
 * that dies mid-deployment stops sending heartbeats; after 10 s the job is failed and retried
 * elsewhere, and after its last retry it lands in `deploy.failed`, which ends the deployment.
 */
export const deployRunJob: JobDefinition<DeployRunPayload, Services> = {
  name: 'deploy.run',
  queue: {
    policy: 'key_strict_fifo',
    retryLimit: RETRY_LIMIT,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
    heartbeatSeconds: 10,
    deadLetter: 'deploy.failed',
  },
  payload: PAYLOAD,
  sendOptions: (payload) => ({ singletonKey: payload.projectId }),
  async handle(payload, services, job) {
    if ('removePreviewId' in payload) {
      const { removeStalePreview } = await import('./remove-preview.ts');
      const removed = await removeStalePreview(services, payload.removePreviewId);
      if (removed) services.log.info(`previews: removed the preview of "${removed.branch}" in project ${payload.projectId}`);
      return;
    }
    // Loaded when a deployment runs: the pipeline (parsing, rendering, embedding) is not needed to start.
    const { failDeployment, runDeployment } = await import('./run-deployment.ts');
    try {
      await whileDeployingHere(() => runDeployment(deployServicesOf(services), payload.deploymentId, job.retryCount + 1, job.signal));
    } catch (error) {
      if (job.signal?.aborted) {
        services.log.info(`deployment ${payload.deploymentId} stopped with this worker; another attempt will finish it`);
        throw error;
      }
      services.log.error(`deployment ${payload.deploymentId} attempt ${job.retryCount + 1} failed`, error);
      if (job.retryCount >= job.retryLimit) {
        await failDeployment(
          deployServicesOf(services),
          payload.deploymentId,
          `Internal error after ${job.retryCount + 1} attempts: ${(error as Error).message}`,
        );
        return;
      }
      throw error;
    }
  },
};

/** The last resort for a deployment whose job failed for good without ending it (its worker died). */
export const deployFailedJob: JobDefinition<DeployRunPayload, Services> = {
  name: 'deploy.failed',
  queue: { policy: 'standard', retryLimit: 5, retryDelay: 5 },
  payload: PAYLOAD,
  sendOptions: () => ({}),
  async handle(payload, services) {
    if (!('deploymentId' in payload)) return; // a preview's removal: the next hourly run tries again
    const deployment = await services.db.deployment.findUnique({ where: { id: payload.deploymentId }, select: { status: true } });
    if (deployment && (deployment.status === 'queued' || deployment.status === 'in_progress')) {
      const { failDeployment } = await import('./run-deployment.ts');
      await failDeployment(
        deployServicesOf(services),
        payload.deploymentId,
        'The workers running this deployment stopped before it finished, several times; check the worker logs and trigger the update again.',
      );
    }
  },
};
