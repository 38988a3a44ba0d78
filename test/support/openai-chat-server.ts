import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a scripted model answers to one chat completion request. */
export interface ScriptedReply {
  /** Tool calls to make, after the text if there is one (finish reason `tool_calls`); arguments given as a string are sent as written. */
  toolCalls?: { name: string; arguments: Record<string, unknown> | string }[];
  /** Text to stream (finish reason `stop`), in pieces of `chunkSize` characters. */
  text?: string;
  chunkSize?: number;
  /** Wait before the first byte, and between pieces. */
  delayMs?: number;
  pieceDelayMs?: number;
  /** Wait for this too before the first byte (until the test lets the reply go). */
  until?: Promise<unknown>;
  /** Cut the connection after this many pieces of text, as a crashing server would. */
  breakAfter?: number;
  /** Answer with this HTTP error instead (and a Retry-After header, in seconds, when given). */
  failure?: { status: number; retryAfterSeconds?: number };
}

/** A chat completion request as the server received it. */
export interface ChatRequest {
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: unknown; tool_calls?: { function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
    tools?: { function: { name: string } }[];
  };
  /** When the request arrived, its first token (text or tool call) was written, and its answer ended (performance.now() of this process). */
  receivedAt: number;
  firstTokenAt?: number;
  endedAt?: number;
}

export interface ChatServer {
  baseURL: string;
  requests: ChatRequest[];
  /** Pieces written to a client that went away before they were all sent. */
  abandoned: number;
  close(): Promise<void>;
}

/**
 * A local server speaking OpenAI's streaming /v1/chat/completions protocol (server-sent chunks with
 * content deltas, tool call deltas, finish reasons and usage), driven by a script: the production code
 * path (the AI SDK's OpenAI provider) runs against it unchanged.
 */
export async function startChatServer(script: (request: ChatRequest, index: number) => ScriptedReply, port = 0): Promise<ChatServer> {
  const state: ChatServer = { baseURL: '', requests: [], abandoned: 0, close: async () => undefined };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', async () => {
      if (request.url !== '/v1/chat/completions') return response.writeHead(404).end();
      const received: ChatRequest = { authorization: request.headers.authorization, body: JSON.parse(raw), receivedAt: performance.now() };
      state.requests.push(received);
      const reply = script(received, state.requests.length - 1);
      await sleep(reply.delayMs ?? 0);
      await reply.until;
      if (reply.failure) {
        const retryAfter = reply.failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(reply.failure.retryAfterSeconds) };
        response.writeHead(reply.failure.status, { 'content-type': 'application/json', ...retryAfter });
        response.end(JSON.stringify({ error: { message: 'The scripted model failed.', type: 'server_error' } }));
        received.endedAt = performance.now();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let isGone = false;
      response.on('close', () => (isGone = !response.writableFinished));
      const send = (delta: Record<string, unknown>, finishReason: string | null = null) => {
        if (delta.content || delta.tool_calls) received.firstTokenAt ??= performance.now();
        response.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-local', object: 'chat.completion.chunk', created: 1, model: received.body.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
        );
      };
      send({ role: 'assistant', content: '' });
      const text = reply.text ?? '';
      const size = reply.chunkSize ?? 12;
      for (let at = 0, piece = 0; at < text.length; at += size, piece++) {
        if (piece === reply.breakAfter) return void response.destroy();
        if (isGone) {
          state.abandoned++;
          continue;
        }
        send({ content: text.slice(at, at + size) });
        await sleep(reply.pieceDelayMs ?? 0);
      }
      if (reply.toolCalls?.length) {
        reply.toolCalls.forEach((call, index) => {
          send({
            tool_calls: [
              {
                index,
                id: `call_${state.requests.length}_${index}`,
                type: 'function',
                function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) },
              },
            ],
          });
        });
        send({}, 'tool_calls');
      } else {
        send({}, 'stop');
      }
      response.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-local', object: 'chat.completion.chunk', created: 1, model: received.body.model, choices: [], usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 } })}\n\n`,
      );
      response.end('data: [DONE]\n\n');
      received.endedAt = performance.now();
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  state.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
