/** Event topic announcing a change to one deployment's status record. */
export const deploymentTopic = (statusId: string) => `deployment:${statusId}`;

/**
 * Event topic announcing that a project, or one of its previews, switched to a new live deployment
 * (payload: `{projectId, deploymentId}`, and `siteId` for a preview: api/projects/preview-names.ts).
 */
export const LIVE_TOPIC = 'deployments:live';

/**
 * Event topic announcing that a deployment's search artifact is stored, before the deployment goes live
 * (payload: `{projectId, deploymentId}`, and `siteId` for a preview): web processes load it ahead of the switch.
 */
export const ARTIFACT_TOPIC = 'deployments:artifact';
