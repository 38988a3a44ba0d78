import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../api/db/generated/prisma/client.ts';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { deployedSite } from '../support/docs-site.ts';
import { startChatServer, type ChatServer, type ScriptedReply } from '../support/openai-chat-server.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** The answer's stream as a whole: one subscription behind both routes and graphql-sse; disconnects; failures. */
const LONG_ANSWER = `${'Add a CNAME record pointing docs to cname.acme.dev. '.repeat(40)}Done.`;
let second: ScriptedReply = { text: 'Add a CNAME record.' };
let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer((request) =>
    request.body.messages.at(-1)!.role === 'user' ? { toolCalls: [{ name: 'search', arguments: { query: 'custom domain' } }] } : second,
  );
});
const isolated = isolatedTestApp({ isWorker: true, env: () => ({ ANSWER_BASE_URL: chat.baseURL, ANSWER_API_KEY: 'k', ANSWER_MODEL: 'm' }) });
let t: TestApp;
let server: RunningServer;
let site: CreatedProject;

beforeAll(async () => {
  t = isolated.app;
  server = await listen(t.app, '127.0.0.1', 0);
  site = await deployedSite(t, 'acme-streams');
});
afterAll(async () => {
  await server.close();
  await chat.close();
});

const body = (text = 'How do I add a custom domain?') => ({ fp: 'visitor', messages: [{ id: 'u1', role: 'user', content: text }] });
const open = (signal?: AbortSignal) =>
  fetch(`${server.url}/v1/assistant/${site.subdomain}/message`, {
    method: 'POST',
    headers: { authorization: `Bearer ${site.assistantKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body()),
    signal,
  });

describe('one subscription behind every view', () => {
  it('graphql-sse clients subscribe to assistantMessage and get the same events', async () => {
    second = { text: 'Add a CNAME record.' };
    const client = createClient({ url: `${server.url}/graphql/stream`, headers: { authorization: `Bearer ${site.assistantKey}` }, retryAttempts: 0 });
    const events: { type: string; threadId?: string; toolName?: string; text?: string }[] = [];
    for await (const result of client.iterate({
      query:
        'subscription($input: JSON!) { assistantMessage(domain: "acme-streams", input: $input) { __typename ... on AssistantStarted { type threadId } ... on AssistantToolCall { type toolName } ... on AssistantTextDelta { type text } ... on AssistantFinished { type threadId } ... on AssistantStepStarted { type } ... on AssistantToolResult { type } ... on AssistantStepFinished { type } ... on AssistantSource { type } } }',
      variables: { input: body() },
    })) {
      events.push(result.data!.assistantMessage as never);
    }
    client.dispose();
    expect(events[0]).toMatchObject({ type: 'started', threadId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const types = events.map((event) => event.type).filter((type, i, all) => type !== 'text-delta' || all[i - 1] !== 'text-delta');
    expect(types).toEqual(['started', 'step-started', 'tool-call', 'tool-result', 'step-finished', 'step-started', 'text-delta', 'step-finished', 'finished']);
    expect(
      events
        .filter((event) => event.type === 'text-delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('Add a CNAME record.');
    expect(events[2]!.toolName).toBe('search');
    expect(events.at(-1)!.threadId).toBe(events[0]!.threadId);
  });

  it('a refused subscription is an HTTP error with {error, code}', async () => {
    const res = await fetch(`${server.url}/graphql/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.assistantKey}`, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'subscription($input: JSON!) { assistantMessage(domain: "acme-streams", input: $input) { __typename } }',
        variables: { input: { fp: 'a', messages: [] } },
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', field: 'messages' });
  });
});

describe('a client that disconnects mid-answer', () => {
  it('stops the generation, and the thread keeps what was streamed', async () => {
    second = { text: LONG_ANSWER, chunkSize: 10, pieceDelayMs: 20 };
    const client = new AbortController();
    const res = await open(client.signal);
    const threadId = res.headers.get('x-thread-id')!;
    const reader = res.body!.getReader();
    let seen = '';
    while (!/\n0:/.test(seen)) seen += new TextDecoder().decode((await reader.read()).value);
    client.abort();
    let stored: Message | null = null;
    for (let i = 0; i < 50; i++) {
      stored = await t.db.message.findFirst({ where: { threadId, role: 'assistant' } });
      if (stored?.finishReason) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stored!.finishReason).toBe('aborted');
    expect(stored!.content.length).toBeGreaterThan(0);
    expect(stored!.content.length).toBeLessThan(LONG_ANSWER.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(chat.abandoned).toBeGreaterThan(0); // the model's stream was cut off, not read to the end
  });
});

describe('a failure after the stream began', () => {
  it('is a 3: error part, and the stream ends cleanly', async () => {
    second = { text: LONG_ANSWER, chunkSize: 10, breakAfter: 3 };
    const res = await open();
    expect(res.status).toBe(200);
    const text = await res.text();
    const lines = text.trimEnd().split('\n');
    expect(lines.every((line) => /^[0-9a-k]:/.test(line))).toBe(true);
    expect(lines.at(-1)).toMatch(/^3:"The answer model failed.*try again in a moment\."$/);
    const threadId = res.headers.get('x-thread-id')!;
    expect((await t.db.message.findFirst({ where: { threadId, role: 'assistant' } }))!.finishReason).toBe('error');
  });
});

describe('admin keys read the threads through GraphQL', () => {
  it('lists a site’s threads with their messages, and refuses assistant keys', async () => {
    second = { text: 'Add a CNAME record.' };
    const answered = await open();
    await answered.text(); // the answer is generated as the client reads it
    const threadId = answered.headers.get('x-thread-id')!;
    const query = `{ assistantThreads(projectId: "${site.projectId}", fp: "visitor", first: 50) { id fp messages { role content finishReason parts } } }`;
    const listed = await t.call('POST', '/graphql', { key: site.adminKey, json: { query } });
    const thread = listed.body.data.assistantThreads.find((candidate: { id: string }) => candidate.id === threadId);
    expect(thread).toMatchObject({
      fp: 'visitor',
      messages: [
        { role: 'user', content: 'How do I add a custom domain?' },
        { role: 'assistant', finishReason: 'stop' },
      ],
    });
    expect(thread.messages[1].parts.map((part: { type: string }) => part.type)).toEqual(['step-start', 'tool-invocation', 'step-start', 'text']);
    const one = await t.call('POST', '/graphql', {
      key: site.adminKey,
      json: { query: `{ assistantThread(projectId: "${site.projectId}", id: "${threadId}") { id } }` },
    });
    expect(one.body.data.assistantThread.id).toBe(threadId);
    const refused = await t.call('POST', '/graphql', { key: site.assistantKey, json: { query } });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('the OpenAPI document', () => {
  it('documents both assistant routes, their bodies and stream media types', async () => {
    const doc = (await t.call('GET', '/v1/openapi.json')).body;
    const v1 = doc.paths['/v1/assistant/{domain}/message'].post;
    const v2 = doc.paths['/v2/assistant/{domain}/message'].post;
    expect(Object.keys(v1.responses['200'].content)).toEqual(['text/plain; charset=utf-8']);
    expect(Object.keys(v2.responses['200'].content)).toEqual(['text/event-stream']);
    expect(v1.requestBody.content['application/json'].schema.required).toEqual(['fp', 'messages']);
    expect(v1.responses['200'].headers['X-Thread-Id']).toBeDefined();
  });
});
