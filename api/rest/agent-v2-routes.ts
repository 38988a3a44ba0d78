import type { JsonRoute } from './routes.ts';

const agentRoute = (route: Pick<JsonRoute, 'method' | 'path' | 'field' | 'status' | 'hasBody' | 'summary' | 'errors'>): JsonRoute => ({
  kind: 'json',
  keyKind: 'admin',
  tag: 'Admin',
  // Mintlify's document types prLink, ref and archivedAt as nullable: they are null, not left out.
  keepsNulls: true,
  ...route,
});

/** Mintlify's current agent API (admin-openapi.json, /v2/agent): jobs created by prompt and polled, and follow-ups (docs/agent-jobs.md). */
export const AGENT_V2_ROUTES: readonly JsonRoute[] = [
  agentRoute({
    method: 'POST',
    path: '/v2/agent/:projectId/job',
    field: 'Mutation.createAgentJob',
    status: 201,
    hasBody: true,
    summary: 'Create agent job',
    errors: [429],
  }),
  agentRoute({
    method: 'GET',
    path: '/v2/agent/:projectId/job/:id',
    field: 'Query.agentJobV2',
    status: 200,
    hasBody: false,
    summary: 'Get agent job',
  }),
  agentRoute({
    method: 'POST',
    path: '/v2/agent/:projectId/job/:id/message',
    field: 'Mutation.sendAgentJobMessage',
    status: 200,
    hasBody: true,
    summary: 'Send follow-up message',
    errors: [409, 429],
  }),
];
