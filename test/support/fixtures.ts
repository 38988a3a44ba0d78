import type { Db } from '../../api/db/database.ts';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { triggerDeployment } from '../../api/deploy/trigger.ts';
import type { TestApp } from './test-app.ts';
import { createTestProject } from './test-app.ts';

/** `folio_admin_k3v9q2x7mb` of `folio_admin_k3v9q2x7mb_<secret>`: the visible prefix `folio key revoke` takes. */
export const prefixOf = (key: string) => key.split('_').slice(0, 3).join('_');

/** A project with one deployment and one agent job (`sessionId`, as the routes name it), so every /v1 route has something to find. */
export interface SeededProject extends CreatedProject {
  statusId: string;
  sessionId: string;
}

export async function seedProject(testApp: TestApp, name?: string): Promise<SeededProject> {
  const project = await createTestProject(testApp.db, name);
  const deployment = await triggerDeployment({ db: testApp.db, jobs: testApp.runtime.jobs, events: testApp.runtime.events }, project.projectId, 'api');
  const job = await insertAgentJob(testApp.db, project.projectId);
  return { ...project, statusId: deployment.id, sessionId: job.id };
}

/** Agent jobs are created by the agent issue's endpoint; until then tests insert the row they read. */
export function insertAgentJob(db: Db, projectId: string) {
  return db.agentJob.create({
    data: {
      projectId,
      branch: 'docs/update-quickstart',
      messages: [{ role: 'user', content: 'Update the quickstart' }],
      todos: { create: [{ position: 0, content: 'Rewrite step 2', status: 'pending', priority: 'high' }] },
    },
  });
}

export interface RouteCall {
  name: string;
  method: string;
  path: string;
  json?: unknown;
  kind: 'admin' | 'assistant';
}

/**
 * A valid body for each API route that takes one, by its path in the route table: what a call on a
 * seeded project needs to get past validation to the key's project check and the route itself.
 */
export const VALID_BODIES: Readonly<Record<string, unknown>> = {
  '/v1/assistant/:domain/message': { fp: 'reader', messages: [{ role: 'user', content: 'How do I install it?' }] },
  '/v2/assistant/:domain/message': { fp: 'reader', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'How do I install it?' }] }] },
  '/v1/search/:domain': { query: 'install' },
  '/v1/page/:domain': { path: '/quickstart' },
  '/v1/search/:domain/click': { query: 'install', path: '/quickstart' },
  '/v1/feedback/:domain': { source: 'contextual', helpful: true, path: '/quickstart' },
  '/v1/project/preview/:projectId': { branch: 'docs/preview' },
  '/v1/agent/:projectId/job': { branch: 'docs/update-faq', messages: [{ role: 'user', content: 'Update the FAQ' }] },
  '/v1/analytics/:projectId/gaps/:gapId/fix': {},
  '/v2/agent/:projectId/job': { prompt: 'Update the quickstart' },
  '/v2/agent/:projectId/job/:id/message': { prompt: 'Also update the FAQ' },
};

/** One valid call of every /v1 and /v2 JSON route against `project`. */
export function routeCalls(project: SeededProject): RouteCall[] {
  return [
    { name: 'search', method: 'POST', path: `/v1/search/${project.subdomain}`, json: VALID_BODIES['/v1/search/:domain'], kind: 'assistant' },
    { name: 'trigger update', method: 'POST', path: `/v1/project/update/${project.projectId}`, kind: 'admin' },
    { name: 'update status', method: 'GET', path: `/v1/project/update-status/${project.statusId}`, kind: 'admin' },
    { name: 'list agent jobs', method: 'GET', path: `/v1/agent/${project.projectId}/jobs`, kind: 'admin' },
    { name: 'get agent job', method: 'GET', path: `/v1/agent/${project.projectId}/job/${project.sessionId}`, kind: 'admin' },
    {
      name: 'create agent job (v2)',
      method: 'POST',
      path: `/v2/agent/${project.projectId}/job`,
      json: VALID_BODIES['/v2/agent/:projectId/job'],
      kind: 'admin',
    },
    { name: 'get agent job (v2)', method: 'GET', path: `/v2/agent/${project.projectId}/job/${project.sessionId}`, kind: 'admin' },
    {
      name: 'send follow-up message (v2)',
      method: 'POST',
      path: `/v2/agent/${project.projectId}/job/${project.sessionId}/message`,
      json: VALID_BODIES['/v2/agent/:projectId/job/:id/message'],
      kind: 'admin',
    },
  ];
}

export const keyOf = (project: CreatedProject, kind: 'admin' | 'assistant') => (kind === 'admin' ? project.adminKey : project.assistantKey);
