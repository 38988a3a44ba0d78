import { callChatApi, type UIMessage } from '@ai-sdk/ui-utils';
import { DefaultChatTransport, readUIMessageStream, type UIMessage as V5Message } from 'ai5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { deployedSite } from '../support/docs-site.ts';
import { startChatServer, type ChatRequest, type ChatServer } from '../support/openai-chat-server.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The assistant with an OpenAI-compatible answer model: a local server speaking streaming chat
 * completions drives the production code path (the AI SDK's OpenAI provider), and the answers are read
 * by the AI SDK's own clients (v4's callChatApi on /v1, v5's DefaultChatTransport on /v2).
 */
let chat: ChatServer;
/** What the scripted model says once it has search results: a text with a good, an invented and an outside link. */
let answerText = (_paths: string[]) => '';

// The model server starts first: the app's configuration points at it.
beforeAll(async () => {
  chat = await startChatServer((request) => script(request));
  answerText = (paths) =>
    `To serve the docs on your domain, add a CNAME record pointing \`docs\` to \`cname.acme.dev\` ([Custom domain](${paths[0]})). ` +
    'See also [Pricing](/pricing) and [this page](https://evil.example/steal).';
}, 60_000);
const isolated = isolatedTestApp({
  isWorker: true,
  env: () => ({ ANSWER_BASE_URL: chat.baseURL, ANSWER_API_KEY: 'sk-local', ANSWER_MODEL: 'scripted-1' }),
});
let t: TestApp;
let server: RunningServer;
let site: CreatedProject;

/** The scripted model: search with the question first; then answer from the results (their paths). */
function script(request: ChatRequest) {
  const last = request.body.messages.at(-1)!;
  // A model that writes its search call wrongly when asked to.
  if (last.role === 'user' && String(last.content).startsWith('Call search wrongly'))
    return { toolCalls: [{ name: 'search', arguments: { words: 'domain' } }] };
  if (last.role === 'user') return { toolCalls: [{ name: 'search', arguments: { query: String(last.content).slice(0, 80) } }] };
  if (String(last.content).includes('is not valid')) return { text: 'My search went wrong; ask me again.' };
  const results = JSON.parse(String(last.content)) as { path: string }[];
  return { text: answerText(results.map((result) => result.path)), chunkSize: 7 };
}

beforeAll(async () => {
  t = isolated.app;
  server = await listen(t.app, '127.0.0.1', 0);
  site = await deployedSite(t, 'acme-model');
});
afterAll(async () => {
  await server?.close();
  await chat?.close();
});

const url = (version: 'v1' | 'v2') => `${server.url}/${version}/assistant/${site.subdomain}/message`;

/** One turn through AI SDK 4's own client, as useChat sends it (sendExtraMessageFields, body fp and retrievalPageSize). */
async function askV4(messages: UIMessage[], extra: Record<string, unknown> = {}) {
  const data: unknown[] = [];
  let response: Response | undefined;
  let finished: UIMessage | undefined;
  await callChatApi({
    api: url('v1'),
    body: { id: 'chat-1', messages, fp: 'visitor-1', retrievalPageSize: 3, ...extra },
    streamProtocol: 'data',
    credentials: undefined,
    headers: { authorization: `Bearer ${site.assistantKey}` },
    abortController: () => null,
    restoreMessagesOnFailure: () => undefined,
    onResponse: (answer) => void (response = answer),
    onUpdate: ({ data: items }) => {
      if (items) data.splice(0, data.length, ...items);
    },
    onFinish: (message) => void (finished = message as UIMessage),
    onToolCall: undefined,
    generateId: () => `client-${Math.random()}`,
    fetch: undefined,
    lastMessage: messages.at(-1),
  });
  return { message: finished!, data, response: response! };
}

const question = (text: string, id = `q-${Math.random()}`): UIMessage => ({
  id,
  role: 'user',
  content: text,
  parts: [{ type: 'text', text }],
  createdAt: new Date(),
});

describe('v1: the AI SDK v4 data stream, read by @ai-sdk/ui-utils', () => {
  it('streams a search, its results, a cited answer, its sources and the thread id', async () => {
    const { message, data, response } = await askV4([question('How do I use my own domain?')]);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-vercel-ai-data-stream')).toBe('v1');
    const threadId = response.headers.get('x-thread-id');
    expect(threadId).toMatch(/^[0-9a-f]{32}$/);
    expect(data).toEqual([{ type: 'finish', threadId }]);

    expect(message.parts!.map((part) => part.type)).toEqual(['step-start', 'tool-invocation', 'step-start', 'text', 'source']);
    const invocation = message.toolInvocations![0]!;
    expect(invocation).toMatchObject({ toolName: 'search', args: { query: 'How do I use my own domain?' }, state: 'result' });
    const results = (invocation as { result: { path: string; content: string; metadata: { title: string } }[] }).result;
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(3); // retrievalPageSize
    expect(results[0]).toMatchObject({ path: expect.stringMatching(/^\/custom-domain#/), metadata: { title: 'Custom domain' } });

    // The good link stays; the invented page and the outside address lose their links, keeping their words.
    expect(message.content).toContain(`([Custom domain](${results[0]!.path}))`);
    expect(message.content).toContain('See also Pricing and this page.');
    const sources = message.parts!.filter((part) => part.type === 'source');
    expect(sources).toEqual([{ type: 'source', source: { sourceType: 'url', id: 'source-1', url: results[0]!.path, title: 'Custom domain' } }]);
  });

  it('ends a search call the model wrote wrongly with an error result, tells the model, and goes on', async () => {
    const { message } = await askV4([question('Call search wrongly, please.')]);
    const invocation = message.toolInvocations![0]!;
    expect(invocation).toMatchObject({ toolName: 'search', args: { words: 'domain' }, state: 'result' });
    expect((invocation as { result: { error: string } }).result.error).toMatch(/input of search is not valid/);
    expect(message.content).toBe('My search went wrong; ask me again.');
  });

  it('gives the model the system prompt and both tools, with the configured key and model', async () => {
    chat.requests.length = 0;
    await askV4([question('Which font can I use?')]);
    const [first, second] = chat.requests;
    expect(first!.authorization).toBe('Bearer sk-local');
    expect(first!.body.model).toBe('scripted-1');
    expect(first!.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('Answer only from the search results') });
    expect(first!.body.tools!.map((tool) => tool.function.name).sort()).toEqual(['markNotFound', 'search']);
    expect(second!.body.messages.at(-1)).toMatchObject({ role: 'tool' });
  });

  it('continues a thread: the second turn is given the first, and the client may send the earlier answer back whole', async () => {
    const first = await askV4([question('How do I use my own domain?', 'q1')]);
    const threadId = first.response.headers.get('x-thread-id')!;
    chat.requests.length = 0;
    const second = await askV4([question('How do I use my own domain?', 'q1'), first.message as UIMessage, question('and for an apex domain?', 'q2')], {
      threadId,
    });
    expect(second.response.headers.get('x-thread-id')).toBe(threadId);
    expect(second.data).toEqual([{ type: 'finish', threadId }]);
    const given = chat.requests[0]!.body.messages.map((entry) => [entry.role, String(entry.content)]);
    expect(given.slice(1)).toEqual([
      ['user', 'How do I use my own domain?'],
      ['assistant', expect.stringContaining('CNAME record')],
      ['user', 'and for an apex domain?'],
    ]);
    const stored = await t.db.message.findMany({ where: { threadId }, orderBy: { createdAt: 'asc' } });
    expect(stored.map((entry) => [entry.role, entry.finishReason])).toEqual([
      ['user', null],
      ['assistant', 'stop'],
      ['user', null],
      ['assistant', 'stop'],
    ]);
    expect(stored[3]!.parts).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'tool-invocation' }), expect.objectContaining({ type: 'source' })]),
    );
  });
});

describe('v2: the AI SDK v5+ UI message stream, read by DefaultChatTransport and readUIMessageStream', () => {
  it('streams the same steps, sources and thread id', async () => {
    const transport = new DefaultChatTransport<V5Message>({
      api: url('v2'),
      headers: { authorization: `Bearer ${site.assistantKey}` },
      body: { fp: 'visitor-2' },
    });
    const messages: V5Message[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How do I change the font?' }] }];
    const chunks = await transport.sendMessages({ chatId: 'chat-2', messages, trigger: 'submit-message', messageId: undefined, abortSignal: undefined });
    let final: V5Message | undefined;
    for await (const state of readUIMessageStream({ stream: chunks })) final = state;
    const threadId = (final!.metadata as { threadId: string }).threadId;
    expect(threadId).toMatch(/^[0-9a-f]{32}$/);
    const types = final!.parts.map((part) => part.type);
    expect(types).toEqual(['step-start', 'tool-search', 'step-start', 'text', 'source-url']);
    expect(final!.parts[1]).toMatchObject({ state: 'output-available', input: { query: 'How do I change the font?' } });
    expect(final!.parts[3]).toMatchObject({ type: 'text', text: expect.stringContaining('[Custom domain](') });
    expect(final!.parts[4]).toMatchObject({ type: 'source-url', url: expect.stringMatching(/^\//) });

    const again = await transport.sendMessages({
      chatId: 'chat-2',
      messages: [...messages, final!, { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And for an apex domain?' }] }],
      trigger: 'submit-message',
      messageId: undefined,
      abortSignal: undefined,
      body: { threadId },
    });
    let second: V5Message | undefined;
    for await (const state of readUIMessageStream({ stream: again })) second = state;
    expect((second!.metadata as { threadId: string }).threadId).toBe(threadId);
  });
});

describe("a model's raw HTML and script links, on both streams", () => {
  it('reach clients as inert text: tags as code, javascript: links as their words', async () => {
    const before = answerText;
    answerText = () => 'Click <a href="javascript:alert(2)">here</a>, <img src=x onerror=alert(1)> or [js](javascript:alert(1)) now.';
    try {
      const expected = 'Click `<a href="javascript:alert(2)">`here`</a>`, `<img src=x onerror=alert(1)>` or js now.';
      const { message } = await askV4([question('How do I use my own domain?')]);
      expect(message.content).toBe(expected);

      const transport = new DefaultChatTransport<V5Message>({
        api: url('v2'),
        headers: { authorization: `Bearer ${site.assistantKey}` },
        body: { fp: 'visitor-3' },
      });
      const chunks = await transport.sendMessages({
        chatId: 'chat-3',
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How do I use my own domain?' }] }],
        trigger: 'submit-message',
        messageId: undefined,
        abortSignal: undefined,
      });
      let final: V5Message | undefined;
      for await (const state of readUIMessageStream({ stream: chunks })) final = state;
      expect(final!.parts.find((part) => part.type === 'text')).toMatchObject({ text: expected });
    } finally {
      answerText = before;
    }
  });
});

describe('what the user reads and points at', () => {
  it('reaches the model as a note before the question, and the answer streams (it failed with currentPath or context)', async () => {
    chat.requests.length = 0;
    const { message } = await askV4([question('How do I use my own domain?')], {
      currentPath: '/quickstart',
      context: [{ type: 'code', value: 'CNAME docs cname.acme.dev', path: '/custom-domain' }],
    });
    expect(message.content).toContain('CNAME record');
    const given = chat.requests[0]!.body.messages.map((entry) => [entry.role, String(entry.content)]);
    expect(given.at(-2)).toEqual(['system', expect.stringContaining('The user is reading the page /quickstart.')]);
    expect(given.at(-2)![1]).toContain('Code the user points at (from /custom-domain):\nCNAME docs cname.acme.dev');
    expect(given.at(-1)).toEqual(['user', 'How do I use my own domain?']);
  });
});
