/** Event topic announcing a change to one deployment's status record. */
export const deploymentTopic = (statusId: string) => `deployment:${statusId}`;

/** Event topic announcing that a project switched to a new live deployment (payload: `{projectId, deploymentId}`). */
export const LIVE_TOPIC = 'deployments:live';
