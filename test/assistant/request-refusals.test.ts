import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { ASSISTANT_LIMITS } from '../../api/assistant/limits.ts';
import { deployedSite } from '../support/docs-site.ts';
import { startChatServer, type ChatServer } from '../support/openai-chat-server.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Everything the assistant routes refuse is refused before the first byte, as a JSON error with the
 * right status that names the field; what real clients send is accepted.
 */
let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer((request) =>
    request.body.messages.at(-1)!.role === 'user' ? { toolCalls: [{ name: 'search', arguments: { query: 'domain' } }] } : { text: 'Add a CNAME record.' },
  );
});
const isolated = isolatedTestApp({ isWorker: true, env: () => ({ ANSWER_BASE_URL: chat.baseURL, ANSWER_API_KEY: 'k', ANSWER_MODEL: 'm' }) });
let t: TestApp;
let site: CreatedProject;
let other: CreatedProject;

beforeAll(async () => {
  t = isolated.app;
  site = await deployedSite(t, 'acme-refusals');
  other = await deployedSite(t, 'other-refusals');
});
afterAll(() => chat.close());

const ask = (body: unknown, options: { key?: string; domain?: string; version?: 'v1' | 'v2' } = {}) =>
  t.call('POST', `/${options.version ?? 'v1'}/assistant/${options.domain ?? site.subdomain}/message`, { key: options.key ?? site.assistantKey, json: body });
const user = (text: string) => ({ id: 'm1', role: 'user', content: text, parts: [{ type: 'text', text }] });
const valid = { fp: 'anonymous', messages: [user('How do I add a custom domain?')] };

describe('a 400 naming the field, before anything streams', () => {
  it.each<[string, unknown, string, RegExp]>([
    ['no fp', { messages: valid.messages }, 'fp', /fp is required/],
    ['fp not a string', { ...valid, fp: 7 }, 'fp', /fp must be a string/],
    ['an empty fp', { ...valid, fp: '' }, 'fp', /fp must not be empty/],
    ['no messages', { fp: 'a' }, 'messages', /messages is required/],
    ['messages not an array', { fp: 'a', messages: 'hi' }, 'messages', /must be an array/],
    ['empty messages', { fp: 'a', messages: [] }, 'messages', /at least one message/],
    ['a message without a role', { fp: 'a', messages: [{ content: 'hi' }] }, 'messages.0.role', /role/],
    ['an unknown role', { fp: 'a', messages: [{ role: 'robot', content: 'hi' }] }, 'messages.0.role', /must be user, assistant, system or data/],
    [
      'a last message not from the user',
      { fp: 'a', messages: [user('hi'), { role: 'assistant', content: 'Hello' }] },
      'messages.1.role',
      /last message must be the user's question/,
    ],
    ['a question with no text', { fp: 'a', messages: [{ role: 'user', content: '', parts: [] }] }, 'messages.0', /has no text/],
    ['a part without a type', { fp: 'a', messages: [{ role: 'user', content: 'hi', parts: [{ text: 'hi' }] }] }, 'messages.0.parts.0.type', /is required/],
    ['a text part without text', { fp: 'a', messages: [{ role: 'user', content: 'hi', parts: [{ type: 'text' }] }] }, 'messages.0.parts.0.text', /"text" part/],
    [
      'a malformed tool invocation',
      { fp: 'a', messages: [{ role: 'assistant', parts: [{ type: 'tool-invocation', toolInvocation: { state: 'result' } }] }, user('hi')] },
      'messages.0.parts.0.toolInvocation.toolCallId',
      /"tool-invocation" part/,
    ],
    ['retrievalPageSize 0', { ...valid, retrievalPageSize: 0 }, 'retrievalPageSize', /from 1 to 20/],
    ['retrievalPageSize 21', { ...valid, retrievalPageSize: 21 }, 'retrievalPageSize', /from 1 to 20/],
    ['retrievalPageSize a fraction', { ...valid, retrievalPageSize: 2.5 }, 'retrievalPageSize', /whole number/],
    ['retrievalPageSize a string', { ...valid, retrievalPageSize: '5' }, 'retrievalPageSize', /whole number/],
    ['an unknown filter field', { ...valid, filter: { lang: 'fr' } }, 'filter.lang', /unknown field "lang"/],
    ['a filter that is not an object', { ...valid, filter: 'fr' }, 'filter', /object/],
    ['threadId not a string', { ...valid, threadId: 5 }, 'threadId', /string/],
    [
      'a message over the size limit',
      { fp: 'a', messages: [user('x'.repeat(ASSISTANT_LIMITS.maxMessageLength + 1))] },
      'messages.0.content',
      /at most 20000 characters/,
    ],
    [
      'a conversation over the size limit',
      { fp: 'a', messages: [...Array.from({ length: 6 }, () => user('x'.repeat(18_000))), user('and?')] },
      'messages',
      /more than 100000 characters/,
    ],
    ['too many messages', { fp: 'a', messages: Array.from({ length: 101 }, () => user('hi')) }, 'messages', /at most 100 messages/],
    ['a NUL in a message', { fp: 'a', messages: [user('a\u0000b')] }, 'messages.0.content', /NUL/],
    [
      'a lone surrogate in a question',
      { fp: 'a', messages: [{ role: 'user', content: 'custom domain \ud800' }] },
      'messages.0.content',
      /lone UTF-16 surrogate/,
    ],
    [
      'a lone surrogate in a text part',
      { fp: 'a', messages: [{ role: 'user', parts: [{ type: 'text', text: '\udc00 domain' }] }] },
      'messages.0.parts.0.text',
      /lone UTF-16 surrogate/,
    ],
    ['a lone surrogate in a field name', { ...valid, '\ud83d': 1 }, '\ud83d', /lone UTF-16 surrogate/],
    ...['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'no-such-part'].map(
      (type) =>
        [
          `a part of type "${type}"`,
          { fp: 'a', messages: [{ role: 'user', content: 'hi', parts: [{ type }] }] },
          'messages.0.parts.0.type',
          /must be a message part type/,
        ] as [string, unknown, string, RegExp],
    ),
  ])('%s', async (_name, body, field, message) => {
    for (const version of ['v1', 'v2'] as const) {
      const before = chat.requests.length;
      const threadsBefore = await t.db.thread.count();
      const res = await ask(body, { version });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_INPUT', field });
      expect(res.body.error).toMatch(message);
      expect(chat.requests.length).toBe(before); // the model was never called
      expect(await t.db.thread.count()).toBe(threadsBefore); // and nothing was stored
    }
  });

  it('accepts the part types of AI SDK 4 to 7 clients, tools and data parts included', async () => {
    const parts = [
      { type: 'step-start' },
      { type: 'reasoning', text: 'thinking' },
      { type: 'tool-search', toolCallId: 'c1', state: 'output-available', input: {}, output: [] },
      { type: 'data-weather', data: {} },
      { type: 'custom', kind: 'x' },
      { type: 'text', text: 'How do I add a custom domain?' },
    ];
    for (const version of ['v1', 'v2'] as const) {
      const res = await ask({ fp: 'a', messages: [{ id: 'u1', role: 'user', parts }] }, { version });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  it.each([
    ['not JSON', { body: '{"fp":', headers: { 'content-type': 'application/json' } }, 400, 'INVALID_JSON'],
    ['not declared as JSON', { body: JSON.stringify(valid), headers: { 'content-type': 'text/plain' } }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a JSON array', { json: [valid] }, 400, 'INVALID_INPUT'],
  ])('a body %s', async (_name, options, status, code) => {
    const res = await t.call('POST', `/v1/assistant/${site.subdomain}/message`, { key: site.assistantKey, ...options });
    expect(res).toMatchObject({ status, body: { code } });
  });

  it('a query parameter', async () => {
    const res = await t.call('POST', `/v1/assistant/${site.subdomain}/message?stream=1`, { key: site.assistantKey, json: valid });
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'stream' } });
  });
});

describe('keys, sites and threads', () => {
  it.each([
    ['no key', { key: '' }, 401, 'UNAUTHENTICATED'],
    ['an admin key', { key: 'admin' }, 403, 'FORBIDDEN'],
    ["another site's key", { key: 'other' }, 403, 'FORBIDDEN'],
    ['an unknown domain', { domain: 'no-such-site' }, 404, 'NOT_FOUND'],
  ] as [string, { key?: string; domain?: string }, number, string][])('%s', async (_name, options, status, code) => {
    const key = options.key === 'admin' ? site.adminKey : options.key === 'other' ? other.assistantKey : (options.key ?? site.assistantKey);
    for (const version of ['v1', 'v2'] as const) {
      const res = await t.call('POST', `/${version}/assistant/${options.domain ?? site.subdomain}/message`, { key: key || undefined, json: valid });
      expect(res).toMatchObject({ status, body: { code } });
    }
  });

  it('a bad key is what is reported, whatever else is wrong with the request, and nothing is stored', async () => {
    const threadsBefore = await t.db.thread.count();
    const cases = [
      { key: `folio_assistant_nosuchkey1_${'x'.repeat(43)}`, body: '{"fp":', contentType: 'application/json', status: 401 },
      { key: `folio_assistant_nosuchkey1_${'x'.repeat(43)}`, body: JSON.stringify(valid), contentType: 'text/plain', status: 401 },
      { key: site.adminKey, body: JSON.stringify({ fp: 'a' }), contentType: 'application/json', status: 403 },
      { key: site.assistantKey, body: '{"fp":', contentType: 'application/json', status: 400 },
    ];
    for (const { key, body, contentType, status } of cases) {
      for (const version of ['v1', 'v2']) {
        const res = await t.call('POST', `/${version}/assistant/${site.subdomain}/message`, { key, body, headers: { 'content-type': contentType } });
        expect(res.status, JSON.stringify(res.body)).toBe(status);
      }
    }
    expect(await t.db.thread.count()).toBe(threadsBefore);
  });

  it('a threadId that does not exist, belongs to another site, or was started with another fp is a 404', async () => {
    const started = await ask(valid);
    expect(started.status).toBe(200);
    const threadId = started.headers.get('x-thread-id')!;
    const otherThread = (await ask(valid, { key: other.assistantKey, domain: other.subdomain })).headers.get('x-thread-id')!;
    for (const [body, options] of [
      [{ ...valid, threadId: '0123456789abcdef0123456789abcdef' }, {}],
      [{ ...valid, threadId: otherThread }, {}],
      [{ ...valid, threadId, fp: 'someone-else' }, {}],
    ] as const) {
      const res = await ask(body, options);
      expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', error: expect.stringContaining('thread') } });
    }
    expect((await ask({ ...valid, threadId })).status).toBe(200);
  });

  it('thread ids are random, not time-ordered', async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await ask(valid)).headers.get('x-thread-id')!));
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(3);
  });
});

describe('what real clients send is accepted', () => {
  it('AI SDK 4.3 useChat: the chat id, v4 messages with tool invocations, revision ids, step-start and source parts', async () => {
    const body = {
      id: 'chat-abc',
      fp: 'anonymous',
      retrievalPageSize: 5,
      threadId: null,
      filter: null,
      messages: [
        {
          id: 'u1',
          createdAt: '2026-11-22T10:00:00.000Z',
          role: 'user',
          content: 'How do I add a domain?',
          parts: [{ type: 'text', text: 'How do I add a domain?' }],
        },
        {
          id: 'a1',
          createdAt: '2026-11-22T10:00:01.000Z',
          role: 'assistant',
          content: 'Add a CNAME.',
          revisionId: 'rev-1',
          annotations: [],
          toolInvocations: [
            {
              state: 'result',
              step: 0,
              toolCallId: 'c1',
              toolName: 'search',
              args: { query: 'domain' },
              result: [{ content: 'x', path: '/custom-domain', metadata: {} }],
            },
          ],
          parts: [
            { type: 'step-start' },
            {
              type: 'tool-invocation',
              toolInvocation: { state: 'result', step: 0, toolCallId: 'c1', toolName: 'search', args: { query: 'domain' }, result: [] },
            },
            { type: 'step-start' },
            { type: 'text', text: 'Add a CNAME.' },
            { type: 'source', source: { sourceType: 'url', id: 's1', url: '/custom-domain', title: 'Custom domain' } },
          ],
        },
        {
          id: 'u2',
          createdAt: '2026-11-22T10:00:05.000Z',
          role: 'user',
          content: 'And an apex domain?',
          parts: [{ type: 'text', text: 'And an apex domain?' }],
        },
      ],
    };
    const res = await ask(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toContain('2:[{"type":"finish"');
  });

  it('AI SDK 5 DefaultChatTransport: id, trigger and messageId at the top level, v5 parts', async () => {
    const body = {
      id: 'chat-xyz',
      trigger: 'submit-message',
      messageId: undefined,
      fp: 'anonymous',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How do I change the font?' }], metadata: {} }],
    };
    const res = await ask(body, { version: 'v2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(res.body).toMatch(/^data: \{"type":"start"/);
    expect(res.body.trimEnd()).toMatch(/data: \[DONE\]$/);
  });
});
