import { execFileSync } from 'node:child_process';
import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { SMALL_SITE } from '../support/docs-site.ts';
import { deployAndWait, waitForEnd } from '../support/deployments.ts';
import { makeRepo } from '../support/git-repo.ts';
import { v2Schemas } from '../support/mintlify-v2-schemas.ts';
import { startChatServer, type ChatServer } from '../support/openai-chat-server.ts';
import { call, scriptedAgent } from '../support/scripted-agent.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Mintlify's current agent API (/v2) over real HTTP, with a worker and the scripted model: jobs created by
 * prompt and polled, follow-ups that continue a job on its branch and pull request, and a follow-up sent
 * while a turn runs. Every answer is checked against Mintlify's document.
 */
const edit = (path: string, anchor: string, added: string) => call('editPage', { path, oldString: anchor, newString: `${anchor}\n\n${added}` });
const finish = (title: string) => () => ({ toolCalls: [call('finish', { title, summary: `${title}.` })] });

/** The first turn of the held job waits here until the test lets it go. */
let arrived!: () => void;
const hasArrived = new Promise<void>((resolve) => (arrived = resolve));
let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));

let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer(
    scriptedAgent({
      port: [
        () => ({
          toolCalls: [
            call('updateTodos', { todos: [{ id: '1', content: 'Document --port', status: 'completed', priority: 'high' }] }),
            edit('quickstart.mdx', '## Preview locally', 'Pass `--port 4000` to preview on another port.'),
          ],
        }),
        finish('Document the port flag'),
      ],
      ttl: [() => ({ toolCalls: [edit('custom-domain.mdx', '## Verify', 'Set the record’s TTL to 300 seconds.')] }), finish('Mention the TTL')],
      held: [
        () => {
          arrived();
          return { until: released, toolCalls: [edit('fonts.mdx', '## Set a font', 'Fonts load from Google Fonts.')] };
        },
        finish('Say where fonts load from'),
      ],
    }),
  );
});
const isolated = isolatedTestApp({ isWorker: true, env: () => ({ ANSWER_BASE_URL: chat.baseURL, ANSWER_API_KEY: 'k', ANSWER_MODEL: 'scripted' }) });
let t: TestApp;
let server: RunningServer;
let project: CreatedProject;
let repo: string;
beforeAll(async () => {
  t = isolated.app;
  server = await listen(t.app, '127.0.0.1', 0);
  repo = makeRepo(SMALL_SITE).dir;
  project = await createProject(t.db, { name: 'Acme Docs', subdomain: 'agent-v2', repo });
  expect((await deployAndWait(t, project.projectId)).status).toBe('success');
});
afterAll(async () => {
  await server.close();
  await chat.close();
});

const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();

/** A /v2 request over HTTP; its body is checked against the document's schema for its status. */
async function v2(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${server.url}/v2/agent/${project.projectId}${path}`, {
    method,
    headers: { authorization: `Bearer ${project.adminKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  v2Schemas.expectValid(method, path, response.status, json);
  return { status: response.status, body: json };
}

/** Polls the job, as a client of the document does, until it is no longer active. */
async function pollUntilDone(id: string) {
  for (;;) {
    const job = await v2('GET', `/job/${id}`);
    expect(job.status).toBe(200);
    if (job.body.status !== 'active') return job.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The preview's page once the branch's latest preview deployment has ended. */
async function previewPage(branch: string, page: string) {
  const deployment = await t.db.deployment.findFirstOrThrow({ where: { projectId: project.projectId, branch }, orderBy: { createdAt: 'desc' } });
  expect((await waitForEnd(t, deployment.id)).status).toBe('success');
  const preview = await t.db.preview.findFirstOrThrow({ where: { projectId: project.projectId, branch } });
  return (await fetch(`${server.url}/sites/agent-v2/~preview/${preview.slug}/${page}`)).text();
}

/** The job's whole event stream, read through GraphQL (as the console does) until the job has ended. */
async function eventsOf(id: string) {
  const client = createClient({ url: `${server.url}/graphql/stream`, headers: { authorization: `Bearer ${project.adminKey}` }, retryAttempts: 0 });
  const events: { seq: number; kind: string; payload: any }[] = [];
  const query = 'subscription ($p: String!, $s: String!) { agentJobEvents(projectId: $p, sessionId: $s) { seq kind payload } }';
  for await (const event of client.iterate({ query, variables: { p: project.projectId, s: id } })) events.push((event.data as any).agentJobEvents);
  client.dispose();
  return events;
}

describe('a job created by prompt', () => {
  let id: string;
  let prLink: string;

  it('answers 201 active, then completes with a pull request on a branch of its own', async () => {
    const created = await v2('POST', '/job', { prompt: '[port] Document the --port flag.' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'active',
      source: { repository: repo, ref: expect.stringMatching(/^agent\/port-document-the-port-flag-[0-9a-f]{6}$/) },
      model: 'scripted',
      prLink: null,
      archivedAt: null,
    });
    id = created.body.id;
    const done = await pollUntilDone(id);
    expect(done).toMatchObject({ id, status: 'completed', prLink: expect.stringMatching(/\/pulls\/[0-9a-f]{32}$/) });
    prLink = done.prLink;
    expect(await previewPage(done.source.ref, 'quickstart')).toContain('to preview on another port.');
  });

  it('is an agent job like any other: in the v1 list and get routes', async () => {
    const list = await fetch(`${server.url}/v1/agent/${project.projectId}/jobs`, { headers: { authorization: `Bearer ${project.adminKey}` } });
    const one = (await list.json()).allSessions.find((session: { sessionId: string }) => session.sessionId === id);
    expect(one).toMatchObject({ haulted: true, haultReason: 'completed', pullRequestLink: prLink, todos: [{ content: 'Document --port' }] });
  });

  it('a follow-up continues it: the same branch and pull request, both changes, the preview redeployed', async () => {
    const sent = await v2('POST', `/job/${id}/message`, { prompt: '[ttl] Also give the TTL on the custom domain page.' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id, status: 'active', prLink });
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: '[ttl] Also give the TTL on the custom domain page.' });
    const done = await pollUntilDone(id);
    expect(done).toMatchObject({ status: 'completed', prLink });
    expect(done.messageToUser).toContain(`Pushed the changes to the pull request: ${prLink}`);
    expect(done.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);

    const branch = done.source.ref;
    expect(git('diff', `main...${branch}`, '--name-only').split('\n')).toEqual(['custom-domain.mdx', 'quickstart.mdx']);
    expect(git('log', '--format=%s', `main..${branch}`).split('\n')).toEqual(['Mention the TTL', 'Document the port flag']);
    const pull = await (await fetch(`${server.url}${new URL(prLink).pathname}`)).text();
    expect(pull).toContain('to preview on another port.');
    expect(pull).toContain('TTL to 300 seconds.');
    expect(await previewPage(branch, 'quickstart')).toContain('to preview on another port.');
    expect(await previewPage(branch, 'custom-domain')).toContain('TTL to 300 seconds.');

    // The model was given the conversation so far and the todo list.
    const followUpRequest = chat.requests.find((request) => request.body.messages.some((message) => String(message.content).startsWith('[ttl]')))!;
    const texts = followUpRequest.body.messages.map((message) => String(message.content));
    expect(texts[0]).toContain('This job continues');
    expect(texts[0]).toContain('[completed] Document --port');
    expect(texts.slice(1, 4)).toEqual([
      '[port] Document the --port flag.',
      expect.stringContaining('Document the port flag.'),
      expect.stringContaining('[ttl]'),
    ]);
  });

  it('shows each turn in its event stream, which ends once the job has', async () => {
    const events = await eventsOf(id);
    const kinds = events.map((event) => event.kind);
    const outcomes = events.filter((event) => event.kind === 'outcome');
    expect(outcomes).toHaveLength(2);
    expect(events.find((event) => event.kind === 'message')?.payload).toEqual({ role: 'user', content: '[ttl] Also give the TTL on the custom domain page.' });
    expect(kinds.indexOf('message')).toBeGreaterThan(kinds.indexOf('outcome'));
    expect(kinds.at(-1)).toBe('outcome');
  });

  it('can be archived through GraphQL, and then takes no follow-up', async () => {
    const archive = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${project.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: `mutation { archiveAgentJob(projectId: "${project.projectId}", id: "${id}") { status archivedAt } }` }),
    });
    expect((await archive.json()).data.archiveAgentJob).toEqual({ status: 'archived', archivedAt: expect.any(String) });
    expect((await v2('GET', `/job/${id}`)).body.status).toBe('archived');
    const refused = await v2('POST', `/job/${id}/message`, { prompt: '[ttl] Once more.' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'CONFLICT', error: expect.stringMatching(/^This job was archived .*create a new job\.$/) } });
  });
});

describe('a follow-up sent while the first turn runs', () => {
  it('is queued behind that turn and runs next, never beside it', async () => {
    const created = await v2('POST', '/job', { prompt: '[held] Say where fonts load from.' });
    await hasArrived;
    const sent = await v2('POST', `/job/${created.body.id}/message`, { prompt: '[ttl] Also give the TTL on the custom domain page.' });
    expect(sent).toMatchObject({ status: 200, body: { status: 'active' } });
    const firstTurnRequests = chat.requests.length;
    release();
    const done = await pollUntilDone(created.body.id);
    expect(done.status).toBe('completed');

    const branch = done.source.ref;
    expect(git('diff', `main...${branch}`, '--name-only').split('\n')).toEqual(['custom-domain.mdx', 'fonts.mdx']);
    const events = await eventsOf(created.body.id);
    const outcomes = events.filter((event) => event.kind === 'outcome');
    // The first turn ended saying the job goes on; the follow-up's turn started after it.
    expect(outcomes.map((event) => event.payload.haulted)).toEqual([false, true]);
    expect(events.findIndex((event) => event.kind === 'message')).toBeGreaterThan(events.indexOf(outcomes[0]!));
    const contents = (index: number) => chat.requests[index]!.body.messages.map((message) => String(message.content));
    const followUpTurn = chat.requests.findIndex(
      (_request, index) => contents(index).some((text) => text.startsWith('[held]')) && contents(index).at(-1)!.startsWith('[ttl]'),
    );
    expect(followUpTurn).toBeGreaterThanOrEqual(firstTurnRequests);
  });
});

describe('refusals', () => {
  it('400 without a prompt, or with an empty one, naming the field', async () => {
    expect(await v2('POST', '/job', {})).toMatchObject({
      status: 400,
      body: { code: 'INVALID_INPUT', field: 'prompt', error: 'Missing required field "prompt".' },
    });
    expect(await v2('POST', '/job', { prompt: ' ' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_INPUT', field: 'prompt', error: 'prompt must not be empty.' },
    });
    expect(await v2('POST', '/job', { prompt: 'x', branch: 'y' })).toMatchObject({
      status: 400,
      body: { field: 'branch', error: expect.stringContaining('accepts: prompt') },
    });
  });

  it('404 for an unknown job, on reading it and on sending it a message', async () => {
    const unknown = '000000000000000000000000';
    expect(await v2('GET', `/job/${unknown}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', error: expect.stringContaining(unknown) } });
    expect(await v2('POST', `/job/${unknown}/message`, { prompt: 'x' })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});
