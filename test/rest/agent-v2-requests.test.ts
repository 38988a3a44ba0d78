import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgentJob, seedProject, type SeededProject } from '../support/fixtures.ts';
import { v2Schemas } from '../support/mintlify-v2-schemas.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The /v2 agent routes' answers that need no worker: v1 jobs read through v2, jobs created without a model,
 * the states that refuse a follow-up, archiving, and the rate limits. Every answer is checked against
 * Mintlify's document.
 */
let t: TestApp;
let a: SeededProject;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedProject(t);
});
afterAll(() => t.close());

async function v2(method: 'GET' | 'POST', path: string, json?: unknown, project: SeededProject = a) {
  const res = await t.call(method, `/v2/agent/${project.projectId}${path}`, { key: project.adminKey, json });
  v2Schemas.expectValid(method, path, res.status, res.body);
  return res;
}

const graphql = (query: string) => t.call('POST', '/graphql', { key: a.adminKey, json: { query } });

/** A job that has ended, as a worker leaves it. */
const endedJob = (haltReason: 'completed' | 'error', messageToUser: string) =>
  insertAgentJob(t.db, a.projectId).then((job) => t.db.agentJob.update({ where: { id: job.id }, data: { halted: true, haltReason, messageToUser } }));

describe('reading jobs through v2', () => {
  it('a v1 job reads as an AgentJob, its conversation after the documented fields', async () => {
    const res = await v2('GET', `/job/${a.sessionId}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['id', 'status', 'source', 'model', 'prLink', 'createdAt', 'archivedAt', 'messageToUser', 'messages']);
    expect(res.body).toMatchObject({
      id: a.sessionId,
      status: 'active',
      source: { ref: 'docs/update-quickstart' },
      prLink: null,
      archivedAt: null,
      messages: [{ role: 'user', content: 'Update the quickstart' }],
    });
  });

  it('maps the states: completed, and failed with why', async () => {
    const completed = await endedJob('completed', 'No change was needed.');
    expect((await v2('GET', `/job/${completed.id}`)).body).toMatchObject({ status: 'completed', prLink: null, messageToUser: 'No change was needed.' });
    const failed = await endedJob('error', 'The push failed.');
    expect((await v2('GET', `/job/${failed.id}`)).body).toMatchObject({ status: 'failed', messageToUser: 'The push failed.' });
  });

  it('a job created without a model configured has failed at once, saying how to configure one', async () => {
    const created = await v2('POST', '/job', { prompt: 'Document the --port flag.' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'failed',
      model: 'none',
      source: { ref: expect.stringMatching(/^agent\/document-the-port-flag-[0-9a-f]{6}$/) },
    });
    expect(created.body.messageToUser).toMatch(/^No model is configured for agent jobs/);
    const list = await t.call('GET', `/v1/agent/${a.projectId}/jobs`, { key: a.adminKey });
    expect(list.body.allSessions[0]).toMatchObject({ sessionId: created.body.id, haulted: true, haultReason: 'error' });
  });
});

describe('follow-ups that are refused', () => {
  it('409 to a failed job, saying why it failed', async () => {
    const failed = await endedJob('error', 'The push failed.');
    const res = await v2('POST', `/job/${failed.id}/message`, { prompt: 'Try again.' });
    expect(res).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect(res.body.error).toBe('This job failed, so it takes no follow-ups; create a new job. Why it failed: The push failed.');
  });

  it('400 naming prompt when it is missing, blank, or not a string', async () => {
    for (const [body, error] of [
      [{}, 'Missing required field "prompt".'],
      [{ prompt: '\n ' }, 'prompt must not be empty.'],
      [{ prompt: 3 }, 'prompt must be a string.'],
      [{ prompt: 'x'.repeat(20_001) }, 'prompt must be at most 20000 characters long.'],
    ] as const) {
      const res = await v2('POST', `/job/${a.sessionId}/message`, body);
      expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'prompt', error } });
    }
  });
});

describe('archiving', () => {
  it('archives a job that has ended, once; a running one is a 409', async () => {
    const running = await graphql(`mutation { archiveAgentJob(projectId: "${a.projectId}", id: "${a.sessionId}") { status } }`);
    expect(running.body.errors[0]).toMatchObject({ message: 'This job is still running; archive it once it has ended.', extensions: { code: 'CONFLICT' } });
    const completed = await endedJob('completed', 'Done.');
    const archive = `mutation { archiveAgentJob(projectId: "${a.projectId}", id: "${completed.id}") { status archivedAt } }`;
    const first = (await graphql(archive)).body.data.archiveAgentJob;
    expect(first).toEqual({ status: 'archived', archivedAt: expect.any(String) });
    expect((await graphql(archive)).body.data.archiveAgentJob).toEqual(first);
    expect((await v2('GET', `/job/${completed.id}`)).body).toMatchObject({ status: 'archived', archivedAt: first.archivedAt });
  });

  it("is refused for another project's job, as not found", async () => {
    const b = await seedProject(t, 'Project B');
    const res = await t.call('POST', '/graphql', {
      key: b.adminKey,
      json: { query: `mutation { archiveAgentJob(projectId: "${b.projectId}", id: "${a.sessionId}") { status } }` },
    });
    expect(res.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await v2('GET', `/job/${a.sessionId}`, undefined, b)).status).toBe(404);
  });
});

describe('rate limits', () => {
  it('the 101st follow-up in an hour is a 429 with Retry-After; reading is not limited', async () => {
    const fresh = await seedProject(t, 'Chatty');
    for (let i = 0; i < 100; i++) expect((await v2('POST', `/job/${fresh.sessionId}/message`, { prompt: `Step ${i}` }, fresh)).status).toBe(200);
    const refused = await v2('POST', `/job/${fresh.sessionId}/message`, { prompt: 'One more' }, fresh);
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', error: expect.stringContaining('100 follow-up messages') } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    const job = await v2('GET', `/job/${fresh.sessionId}`, undefined, fresh);
    expect(job.body.messages).toHaveLength(101); // the instruction and the 100 follow-ups waiting for their turn
  });
});
