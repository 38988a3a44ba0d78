import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelApiFetch } from '../../api/http/model-api-fetch.ts';

/** A local server: /stream sends a piece, then the rest when /release is called; /cut sends a piece and drops the connection. */
let server: http.Server;
let base: string;
const connections: unknown[] = [];
let release: (() => void) | undefined;
const received: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method, headers: request.headers, body });
      if (request.url === '/stream') {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'x-model': 'local' });
        response.write('data: first\n\n');
        release = () => response.end('data: [DONE]\n\n');
      } else if (request.url === '/cut') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: first\n\n', () => setTimeout(() => response.socket?.destroy(), 20));
      } else if (request.url === '/busy') {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' }).end('{"error":{"message":"slow down"}}');
      } else if (request.url === '/empty') {
        response.writeHead(204).end();
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body }));
      }
    });
  });
  server.on('connection', (socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const decoder = new TextDecoder();

describe('the fetch model APIs are called with', () => {
  it('sends the method, headers and body, and reads the answer', async () => {
    const response = await modelApiFetch(`${base}/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer key', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ echo: '{"model":"m"}' });
    expect(received.at(-1)).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer key', 'content-length': '13' } });
  });

  it('hands over each piece of a streamed answer as it arrives, and keeps the connection for the next call', async () => {
    const before = connections.length;
    const response = await modelApiFetch(`${base}/stream`, { method: 'POST', body: '{}' });
    expect(response.headers.get('x-model')).toBe('local');
    const reader = response.body!.getReader();
    expect(decoder.decode((await reader.read()).value)).toBe('data: first\n\n');
    release!();
    expect(decoder.decode((await reader.read()).value)).toBe('data: [DONE]\n\n');
    expect((await reader.read()).done).toBe(true);
    await (await modelApiFetch(`${base}/echo`, { method: 'POST', body: 'again' })).json();
    expect(connections.length - before).toBeLessThanOrEqual(1);
  });

  it('passes on an error status with its headers and body', async () => {
    const response = await modelApiFetch(`${base}/busy`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.json()).toEqual({ error: { message: 'slow down' } });
    const empty = await modelApiFetch(`${base}/empty`);
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('rejects like fetch when no server answers, so the provider retries', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await modelApiFetch(`http://127.0.0.1:${port}/v1`, { method: 'POST', body: '{}' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });

  it('ends the body with an error when the connection is cut mid-answer', async () => {
    const response = await modelApiFetch(`${base}/cut`, { method: 'POST', body: '{}' });
    const reader = response.body!.getReader();
    expect(decoder.decode((await reader.read()).value)).toBe('data: first\n\n');
    await expect(reader.read()).rejects.toThrow('terminated');
  });

  it('stops on an abort, before the answer or during its body, with the signal reason', async () => {
    const early = new AbortController();
    early.abort();
    await expect(modelApiFetch(`${base}/echo`, { signal: early.signal })).rejects.toMatchObject({ name: 'AbortError' });

    const during = new AbortController();
    const response = await modelApiFetch(`${base}/stream`, { method: 'POST', body: '{}', signal: during.signal });
    const reader = response.body!.getReader();
    await reader.read();
    during.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });
});
