import { createOpenAI } from '@ai-sdk/openai';
import { APICallError } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loopTool, runToolLoop, type LoopPart } from '../../api/assistant/tool-loop.ts';
import { startChatServer, type ChatRequest, type ChatServer, type ScriptedReply } from '../support/openai-chat-server.ts';

/**
 * The tool loop the assistant and the agent run, against a local server speaking OpenAI's streaming
 * chat completions through the AI SDK's OpenAI provider (the production path): each test scripts
 * the model's replies in turn.
 */
let chat: ChatServer;
let replies: ScriptedReply[] = [];

beforeAll(async () => {
  chat = await startChatServer((_request, index) => replies[index - firstRequest] ?? { text: 'No more replies were scripted.' });
});
afterAll(async () => {
  await chat?.close();
});

let firstRequest = 0;
/** The requests of the current test. */
const requests = (): ChatRequest[] => chat.requests.slice(firstRequest);

function script(...scripted: ScriptedReply[]) {
  replies = scripted;
  firstRequest = chat.requests.length;
}

/** The queries searched, each recorded when its search ends (after `searchMs`). */
const searched: string[] = [];
let searchMs = 0;
const tools = {
  search: loopTool({
    description: 'Search the documentation.',
    inputSchema: z.object({ query: z.string() }),
    execute: async ({ query }) => {
      if (searchMs > 0) await new Promise((resolve) => setTimeout(resolve, searchMs));
      searched.push(query);
      return [{ path: '/custom-domain', title: `Results for ${query}` }];
    },
  }),
  finish: loopTool({
    description: 'Say the work is done.',
    inputSchema: z.object({ summary: z.string() }),
    execute: async ({ summary }) => ({ summary }),
  }),
};

async function run(options: { maxSteps?: number; maxRetries?: number; stopAfter?: string; signal?: AbortSignal } = {}): Promise<LoopPart[]> {
  const parts: LoopPart[] = [];
  const model = createOpenAI({ baseURL: chat.baseURL, apiKey: 'sk-local' }).chat('scripted-1');
  for await (const part of runToolLoop({
    model,
    system: 'Answer from the documentation.',
    messages: [{ role: 'user', content: 'How do I set up a custom domain?' }],
    tools,
    maxSteps: options.maxSteps ?? 4,
    maxRetries: options.maxRetries ?? 0,
    stopAfter: options.stopAfter,
    abortSignal: options.signal,
  })) {
    parts.push(part);
  }
  return parts;
}

const types = (parts: LoopPart[]) => parts.map((part) => part.type).filter((type) => type !== 'text-delta');
const textOf = (parts: LoopPart[]) => parts.map((part) => (part.type === 'text-delta' ? part.text : '')).join('');
/** What the model was told a tool gave, in the request after the call. */
const toolMessage = (request: ChatRequest) => request.body.messages.findLast((message) => message.role === 'tool');

describe('the tool loop', () => {
  it('runs the tools the model calls, gives it their results, and streams its answer', async () => {
    searched.length = 0;
    script({ toolCalls: [{ name: 'search', arguments: { query: 'custom domain' } }] }, { text: 'Add a CNAME record.', chunkSize: 4 });
    const parts = await run();
    expect(types(parts)).toEqual(['start-step', 'tool-call', 'tool-result', 'finish-step', 'start-step', 'finish-step', 'finish']);
    expect(parts[1]).toMatchObject({ type: 'tool-call', toolName: 'search', input: { query: 'custom domain' } });
    expect(parts[2]).toMatchObject({
      type: 'tool-result',
      toolName: 'search',
      output: [{ path: '/custom-domain', title: 'Results for custom domain' }],
      isError: false,
    });
    expect(textOf(parts)).toBe('Add a CNAME record.');
    expect(parts.filter((part) => part.type === 'text-delta').length).toBeGreaterThan(1);
    expect(searched).toEqual(['custom domain']);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop', totalUsage: { inputTokens: 240, outputTokens: 80 } });

    const [first, second] = requests();
    expect(first!.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(first!.body.tools!.map((tool) => tool.function.name)).toEqual(['search', 'finish']);
    expect(second!.body.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(second!.body.messages[2]!.tool_calls![0]!.function).toEqual({ name: 'search', arguments: '{"query":"custom domain"}' });
    expect(JSON.parse(String(toolMessage(second!)!.content))).toEqual([{ path: '/custom-domain', title: 'Results for custom domain' }]);
  });

  it("makes the next model call once the tools are done, while the caller has not yet asked for the step's parts", async () => {
    let release: () => void = () => undefined;
    script(
      { toolCalls: [{ name: 'search', arguments: { query: 'custom domain' } }] },
      { text: 'Add a CNAME record.', until: new Promise<void>((resolve) => (release = resolve)) },
    );
    const model = createOpenAI({ baseURL: chat.baseURL, apiKey: 'sk-local' }).chat('scripted-1');
    const loop = runToolLoop({ model, system: 'Answer.', messages: [{ role: 'user', content: 'Custom domain?' }], tools, maxSteps: 4, maxRetries: 0 });
    expect((await loop.next()).value).toMatchObject({ type: 'start-step' });
    searched.length = 0;
    searchMs = 30;
    expect((await loop.next()).value).toMatchObject({ type: 'tool-call', toolName: 'search' });
    searchMs = 0;
    // The call is passed on once its search has run and the model has been asked again.
    expect(searched).toEqual(['custom domain']);
    await expect.poll(() => requests().length).toBe(2);
    const rest: LoopPart[] = [];
    release();
    for await (const part of loop) rest.push(part);
    expect(types(rest)).toEqual(['tool-result', 'finish-step', 'start-step', 'finish-step', 'finish']);
    expect(textOf(rest)).toBe('Add a CNAME record.');
  });

  it('stops reading the model when the caller stops', async () => {
    script({ text: 'One two three four five six seven eight nine ten.', chunkSize: 3, pieceDelayMs: 30 });
    const model = createOpenAI({ baseURL: chat.baseURL, apiKey: 'sk-local' }).chat('scripted-1');
    const abandonedBefore = chat.abandoned;
    for await (const part of runToolLoop({ model, system: 'Answer.', messages: [{ role: 'user', content: 'Count.' }], tools, maxSteps: 4, maxRetries: 0 })) {
      if (part.type === 'text-delta') break;
    }
    await expect.poll(() => chat.abandoned, { timeout: 3000 }).toBeGreaterThan(abandonedBefore);
  });

  it('tells the model, not the tool, about a call it cannot run: input that is not valid, not JSON, or an unknown tool', async () => {
    searched.length = 0;
    script(
      { toolCalls: [{ name: 'search', arguments: { words: 'custom domain' } }] },
      { toolCalls: [{ name: 'search', arguments: '{"query": "custom' }] },
      { toolCalls: [{ name: 'deleteEverything', arguments: {} }] },
      { text: 'I could not search.' },
    );
    const parts = await run();
    const results = parts.filter((part) => part.type === 'tool-result');
    expect(results.map((part) => [part.toolName, part.isError])).toEqual([
      ['search', true],
      ['search', true],
      ['deleteEverything', true],
    ]);
    const errors = results.map((part) => (part.output as { error: string }).error);
    expect(errors[0]).toMatch(/input of search is not valid/);
    expect(errors[1]).toMatch(/not JSON/);
    expect(errors[2]).toMatch(/no tool named deleteEverything; the tools are search, finish/);
    expect(searched).toEqual([]);
    const told = requests()
      .slice(1)
      .map((request) => String(toolMessage(request)!.content));
    expect(told[0]).toMatch(/not valid/);
    expect(told[1]).toMatch(/not JSON/);
    expect(told[2]).toMatch(/no tool named/);
    expect(textOf(parts)).toBe('I could not search.');
  });

  it('retries a call the service says may pass (503) as often as asked, then fails with its error', async () => {
    script({ failure: { status: 503, retryAfterSeconds: 0 } }, { text: 'Answered on the second try.' });
    expect(textOf(await run({ maxRetries: 1 }))).toBe('Answered on the second try.');
    expect(requests()).toHaveLength(2);

    script({ failure: { status: 503, retryAfterSeconds: 0 } }, { text: 'Never asked.' });
    const failure = await run({ maxRetries: 0 }).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure) && failure.statusCode).toBe(503);
    expect(requests()).toHaveLength(1);
  });

  it('does not retry a call the service refused (400)', async () => {
    script({ failure: { status: 400 } }, { text: 'Never asked.' });
    const failure = await run({ maxRetries: 2 }).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure) && failure.statusCode).toBe(400);
    expect(requests()).toHaveLength(1);
  });

  it('stops once the tool named stopAfter has run, and after maxSteps', async () => {
    script({ toolCalls: [{ name: 'finish', arguments: { summary: 'Done.' } }] }, { text: 'Never asked.' });
    const finished = await run({ stopAfter: 'finish' });
    expect(types(finished)).toEqual(['start-step', 'tool-call', 'tool-result', 'finish-step', 'finish']);
    expect(finished.at(-1)).toMatchObject({ finishReason: 'tool-calls' });
    expect(requests()).toHaveLength(1);

    // A call of it written wrongly does not stop the loop: the model is told, and calls it again.
    script({ toolCalls: [{ name: 'finish', arguments: {} }] }, { toolCalls: [{ name: 'finish', arguments: { summary: 'Done.' } }] }, { text: 'Never asked.' });
    const corrected = await run({ stopAfter: 'finish' });
    expect(corrected.filter((part) => part.type === 'tool-result').map((part) => part.isError)).toEqual([true, false]);
    expect(requests()).toHaveLength(2);

    const searchAgain = { toolCalls: [{ name: 'search', arguments: { query: 'again' } }] };
    script(searchAgain, searchAgain, searchAgain, searchAgain);
    const limited = await run({ maxSteps: 2 });
    expect(limited.filter((part) => part.type === 'start-step')).toHaveLength(2);
    expect(requests()).toHaveLength(2);
  });

  it('ends without a finish when aborted while the model streams', async () => {
    const controller = new AbortController();
    script({ text: 'A long answer, streamed slowly piece by piece.', chunkSize: 2, pieceDelayMs: 20 });
    const parts: LoopPart[] = [];
    const model = createOpenAI({ baseURL: chat.baseURL, apiKey: 'sk-local' }).chat('scripted-1');
    const loop = runToolLoop({
      model,
      system: 'Answer.',
      messages: [{ role: 'user', content: 'Hi' }],
      tools,
      maxSteps: 2,
      maxRetries: 0,
      abortSignal: controller.signal,
    });
    const ended = (async () => {
      for await (const part of loop) {
        parts.push(part);
        if (part.type === 'text-delta') controller.abort();
      }
    })().catch((error: unknown) => error);
    const error = await ended;
    expect(controller.signal.aborted).toBe(true);
    expect(error === undefined || (error as Error).name === 'AbortError').toBe(true);
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    expect(textOf(parts).length).toBeLessThan('A long answer, streamed slowly piece by piece.'.length);
  });
});
