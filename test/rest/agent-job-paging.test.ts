import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgentJob, seedProject, type SeededProject } from '../support/fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** GET /v1/agent/{projectId}/jobs pages with `skip` and `take` (Mintlify's later admin API); without them it lists every job. */
let t: TestApp;
let a: SeededProject;
let newestFirst: string[];
beforeAll(async () => {
  t = await startTestApp();
  a = await seedProject(t);
  for (let i = 0; i < 4; i++) await insertAgentJob(t.db, a.projectId);
  const jobs = await t.db.agentJob.findMany({ where: { projectId: a.projectId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  newestFirst = jobs.map((job) => job.id);
});
afterAll(() => t.close());

const jobs = (query = '') => t.call('GET', `/v1/agent/${a.projectId}/jobs${query}`, { key: a.adminKey });
const ids = (body: { allSessions: { sessionId: string }[] }) => body.allSessions.map((session) => session.sessionId);

describe('paging the agent job list', () => {
  it('lists every job, newest first, without skip or take', async () => {
    const res = await jobs();
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(newestFirst);
    expect(newestFirst).toHaveLength(5);
  });

  it('skips and takes', async () => {
    expect(ids((await jobs('?skip=1&take=2')).body)).toEqual(newestFirst.slice(1, 3));
    expect(ids((await jobs('?take=1')).body)).toEqual(newestFirst.slice(0, 1));
    expect(ids((await jobs('?skip=4')).body)).toEqual(newestFirst.slice(4));
    expect(ids((await jobs('?skip=9')).body)).toEqual([]);
  });

  it('answers the same through GraphQL', async () => {
    const res = await t.call('POST', '/graphql', {
      key: a.adminKey,
      json: { query: `{ agentJobs(projectId: "${a.projectId}", skip: 1, take: 2) { allSessions { sessionId } } }` },
    });
    expect(res.body.data.agentJobs.allSessions.map((session: { sessionId: string }) => session.sessionId)).toEqual(newestFirst.slice(1, 3));
  });

  it.each([
    ['?take=0', 'take', /take must be from 1 to 100/],
    ['?take=101', 'take', /take must be from 1 to 100/],
    ['?skip=-1', 'skip', /skip must be a whole number/],
    ['?skip=abc', 'skip', /skip must be a whole number/],
    ['?take=1.5', 'take', /take must be a whole number/],
    ['?take=99999999999999999999', 'take', /take must be a whole number/],
    ['?take=1&take=2', 'take', /more than once/],
    ['?page=2', 'page', /Unknown query parameter "page": this endpoint takes skip and take/],
  ])('%s is a 400 naming %s', async (query, field, message) => {
    const res = await jobs(query);
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field } });
    expect(res.body.error).toMatch(message);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await t.call('GET', '/v1/openapi.json')).body;
    const parameters = document.paths['/v1/agent/{projectId}/jobs'].get.parameters;
    expect(parameters).toEqual([
      expect.objectContaining({ name: 'projectId', in: 'path' }),
      expect.objectContaining({ name: 'skip', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } }),
      expect.objectContaining({ name: 'take', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } }),
    ]);
  });
});
