import { processDataStream } from '@ai-sdk/ui-utils';
import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { call as appCall, createTestProject, isolatedTestApp, startTestApp, type TestApp } from '../support/test-app.ts';

/** Job creation refuses what it cannot run, before anything streams; and the per-project hourly limit. */
const isolated = isolatedTestApp({ isWorker: false });
let t: TestApp;
let site: CreatedProject;
let other: CreatedProject;
beforeAll(async () => {
  t = isolated.app;
  site = await createTestProject(t.db, 'Requests');
  other = await createTestProject(t.db, 'Other');
});

const create = (body: unknown, key = site.adminKey, projectId = site.projectId) => t.call('POST', `/v1/agent/${projectId}/job`, { key, json: body });

/**
 * Creates a job and lets go of its stream once the answer has begun (no worker runs these jobs, so their
 * streams would never end): status, headers, and the body only of a refusal.
 */
async function start(app: TestApp['app'], projectId: string, key: string, body: unknown) {
  const response = await app.fetch(`http://folio.test/v1/agent/${projectId}/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status === 200) await response.body?.cancel();
  return { status: response.status, headers: response.headers, body: response.status === 200 ? undefined : await response.json() };
}
const valid = { branch: 'docs/update', messages: [{ role: 'user', content: 'Document the --port flag.' }] };

describe('a 400 naming the field', () => {
  it.each([
    ['no branch', { messages: valid.messages }, 'branch', /branch is required/],
    ['no messages', { branch: 'docs/x' }, 'messages', /messages is required/],
    ['empty messages', { branch: 'docs/x', messages: [] }, 'messages', /at least one message/],
    ['the deployment branch', { ...valid, branch: 'main' }, 'branch', /is the deployment branch/],
    ['empty content', { branch: 'docs/x', messages: [{ role: 'user', content: '   ' }] }, 'messages.0.content', /must not be empty/],
    ['a role outside system and user', { branch: 'docs/x', messages: [{ role: 'assistant', content: 'hi' }] }, 'messages.0.role', /must be system or user/],
    ['asDraft not a boolean', { ...valid, asDraft: 'yes' }, 'asDraft', /true or false/],
    ['an unknown field', { ...valid, draft: true }, 'draft', /Unknown field "draft"/],
    ['a NUL in content', { branch: 'docs/x', messages: [{ role: 'user', content: 'a\u0000' }] }, 'messages.0.content', /NUL/],
  ])('%s', async (_name, body, field, message) => {
    const before = await t.db.agentJob.count({ where: { projectId: site.projectId } });
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_INPUT', field });
    expect(res.body.error).toMatch(message);
    expect(await t.db.agentJob.count({ where: { projectId: site.projectId } })).toBe(before); // no job was created
  });
});

describe('a branch name git refuses, or one that names no branch of its own, is a 400 saying why', () => {
  it.each([
    ['HEAD', /"HEAD" cannot be a branch name: HEAD is git's name for the checked-out commit/],
    ['docs/HEAD', /HEAD is git's name for the checked-out commit/],
    ['refs/heads/main', /it is a ref name, which would become refs\/heads\/refs\/heads\/main; give the branch's own name, "main"/],
    ['refs/heads/docs/x', /would become refs\/heads\/refs\/heads\/docs\/x; give the branch's own name, "docs\/x"/],
    ['heads/main', /would become refs\/heads\/heads\/main; give the branch's own name, "main"/],
    ['tags/v1', /starts with "tags\/", which git reads as a ref other than a branch/],
    ['remotes/origin/docs', /starts with "remotes\/", which git reads as a ref other than a branch/],
    ['refs/tags/v1', /starts with "refs\/", which git reads as a ref other than a branch/],
    ['my branch', /git does not allow spaces in branch names/],
    ['docs/\tx', /it holds U\+0009, a character that does not show/],
    ['docs/\u200bx', /it holds U\+200B, a character that does not show/],
    ['docs/..bad', /git does not allow "\.\." in branch names/],
    ...['~', '^', ':', '?', '*', '[', '\\'].map((char) => [`docs/a${char}b`, new RegExp(`git does not allow "\\${char}" in branch names`)] as [string, RegExp]),
    ['docs@{1}', /git does not allow "@\{" in branch names/],
    ['@', /git reads "@" alone as HEAD/],
    ['-docs', /starts with "-", which git would read as an option/],
    ['/docs', /start or end with "\/", or to hold "\/\/"/],
    ['docs/', /start or end with "\/", or to hold "\/\/"/],
    ['docs//x', /start or end with "\/", or to hold "\/\/"/],
    ['docs.', /to end with "\."/],
    ['docs/.hidden', /a part of a branch name to start with "\."/],
    ['docs.lock/x', /a part of a branch name to end with "\.lock"/],
    ['x'.repeat(201), /branch must be at most 200 characters long/],
  ])('%s', async (branch, message) => {
    const before = await t.db.agentJob.count({ where: { projectId: site.projectId } });
    const res = await start(t.app, site.projectId, site.adminKey, { ...valid, branch });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_INPUT', field: 'branch' });
    expect(res.body.error).toMatch(message);
    expect(await t.db.agentJob.count({ where: { projectId: site.projectId } })).toBe(before);
  });

  it.each(['docs/port-flag', 'fix-123', 'release/v2.1', 'user@topic', 'docs/über-uns', 'Feature/JIRA-7'])('%s is taken', async (branch) => {
    const created = await start(t.app, site.projectId, site.adminKey, { ...valid, branch });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await t.db.agentJob.findUniqueOrThrow({ where: { id: created.headers.get('x-session-id')! } })).toMatchObject({ branch });
  });
});

describe('keys and projects', () => {
  it.each([
    ['no key', undefined, 'site', 401],
    ['an assistant key', 'assistant', 'site', 403],
    ["another project's admin key", 'other', 'site', 403],
    ['an unknown project', 'admin', 'unknown', 404],
  ] as const)('%s', async (_name, key, project, status) => {
    const keyOf = key === 'assistant' ? site.assistantKey : key === 'other' ? other.adminKey : key === 'admin' ? site.adminKey : undefined;
    const projectId = project === 'site' ? site.projectId : '000000000000000000000000';
    const res = await t.call('POST', `/v1/agent/${projectId}/job`, { key: keyOf, json: valid });
    expect(res.status).toBe(status);
  });

  it("another project's job is a 404 on the job route", async () => {
    const created = await start(t.app, other.projectId, other.adminKey, { ...valid, branch: 'docs/mine' });
    const jobId = created.headers.get('x-session-id')!;
    const res = await t.call('GET', `/v1/agent/${site.projectId}/job/${jobId}`, { key: site.adminKey });
    expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});

describe('no model configured', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await listen(t.app, '127.0.0.1', 0);
  });
  afterAll(() => server.close());
  const noModel = /^No model is configured for agent jobs: set OPENAI_API_KEY \(and OPENAI_BASE_URL for a server other than OpenAI's\) and ANSWER_MODEL/;

  it('twelve jobs on twelve branches end as they are created, saying why; their streams show it and end, and nothing is queued', async () => {
    const responses: Response[] = [];
    for (let i = 0; i < 12; i++) {
      responses.push(
        await fetch(`${server.url}/v1/agent/${site.projectId}/job`, {
          method: 'POST',
          headers: { authorization: `Bearer ${site.adminKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ...valid, branch: `docs/no-model-${i}` }),
        }),
      );
    }
    const ids = responses.map((response) => response.headers.get('x-session-id')!);
    const jobs = await t.db.agentJob.findMany({ where: { id: { in: ids } } });
    expect(jobs).toHaveLength(12);
    for (const job of jobs) expect(job).toMatchObject({ halted: true, haltReason: 'error', messageToUser: expect.stringMatching(noModel) });
    const queued = await t.db.$queryRaw<{ count: bigint }[]>`SELECT count(*) FROM pgboss.job WHERE name = 'agent.run'`;
    expect(queued[0]!.count).toBe(0n);

    for (const response of responses) {
      const data: any[] = [];
      await processDataStream({ stream: response.body!, onDataPart: (items) => void data.push(...(items as any[])) });
      expect(data.map((item) => item.type)).toEqual(['session', 'outcome']);
      expect(data[1]).toEqual({ type: 'outcome', haulted: true, haultReason: 'error', messageToUser: expect.stringMatching(noModel) });
    }
    const job = await t.call('GET', `/v1/agent/${site.projectId}/job/${ids[0]}`, { key: site.adminKey });
    expect(job.body).toMatchObject({ haulted: true, haultReason: 'error', messageToUser: expect.stringMatching(noModel) });
    const sse = createClient({ url: `${server.url}/graphql/stream`, headers: { authorization: `Bearer ${site.adminKey}` }, retryAttempts: 0 });
    const states: unknown[] = [];
    for await (const event of sse.iterate({ query: `subscription { agentSessionUpdated(sessionId: "${ids[0]}") { haulted haultReason messageToUser } }` })) {
      states.push(event.data!.agentSessionUpdated);
    }
    expect(states).toEqual([{ haulted: true, haultReason: 'error', messageToUser: expect.stringMatching(noModel) }]);
    // A job the console did not start: its stored events from the first, ending with its outcome.
    const follow = async (args: string) => {
      const events: { seq: number; kind: string }[] = [];
      for await (const event of sse.iterate({ query: `subscription { agentJobEvents(projectId: "${site.projectId}", ${args}) { seq kind payload } }` }))
        events.push(event.data!.agentJobEvents as never);
      return events;
    };
    const events = await follow(`sessionId: "${ids[0]}"`);
    expect(events.at(-1)).toMatchObject({ kind: 'outcome', payload: { haulted: true, haultReason: 'error' } });
    expect((await follow(`sessionId: "${ids[0]}", afterSeq: ${events.at(-2)?.seq ?? -1}`)).map((event) => event.kind)).toEqual(['outcome']);
    await expect(follow('sessionId: "nope"')).rejects.toThrow(/404/);
    sse.dispose();
  });

  it('a worker without a model ends, the same way, a job that a web process with one queued', async () => {
    const web = await startTestApp({ databaseUrl: isolated.databaseUrl, env: { ANSWER_BASE_URL: 'http://127.0.0.1:9/v1', ANSWER_API_KEY: 'k' } });
    const worker = await startTestApp({ databaseUrl: isolated.databaseUrl, isWorker: true, env: { ANSWER_MODEL: 'offline' } });
    try {
      const res = await appCall(web.app, 'POST', `/v1/agent/${site.projectId}/job`, { key: site.adminKey, json: { ...valid, branch: 'docs/model-elsewhere' } });
      expect(res.status).toBe(200);
      expect(res.body).toContain('"type":"outcome"');
      const job = await t.db.agentJob.findUniqueOrThrow({ where: { id: res.headers.get('x-session-id')! } });
      expect(job).toMatchObject({ halted: true, haltReason: 'error', messageToUser: expect.stringMatching(noModel) });
    } finally {
      await worker.close();
      await web.close();
    }
  });
});

describe('100 jobs per project per hour, counted across web processes', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp({ databaseUrl: isolated.databaseUrl });
  });
  afterAll(() => second.close());

  it('the 101st is a 429 with Retry-After, whichever process it reaches; other projects are not affected', async () => {
    const fresh = await createTestProject(t.db, 'Limited');
    const apps = [createApp(t.runtime), createApp(second.runtime)];
    const already = await t.db.agentJob.count({ where: { projectId: fresh.projectId } });
    for (let i = already; i < 100; i++) {
      const res = await start(apps[i % 2]!, fresh.projectId, fresh.adminKey, { ...valid, branch: `docs/n${i}` });
      expect(res.status).toBe(200);
    }
    for (const app of apps) {
      const refused = await start(app, fresh.projectId, fresh.adminKey, { ...valid, branch: 'docs/one-more' });
      expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', error: expect.stringContaining('100 agent jobs in the last hour') } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    }
    expect((await start(t.app, site.projectId, site.adminKey, { ...valid, branch: 'docs/elsewhere' })).status).toBe(200);
  });
});
