import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { revokeApiKey } from '../../api/auth/keys.ts';
import { loadConfig } from '../../api/config.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { createLogger } from '../../api/logger.ts';
import { prefixOf, seedProject, type SeededProject } from '../support/fixtures.ts';
import { exchange, parseAnswer } from '../support/raw-http.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let server: RunningServer;
let a: SeededProject;
let b: SeededProject;
const logged: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  // The same runtime, logging into `logged`, so a test can tell that nothing was logged as a failure.
  const log = createLogger('error', (line) => logged.push(line));
  server = await listen(createApp({ ...t.runtime, log }), '127.0.0.1', 0);
  a = await seedProject(t, 'A');
  b = await seedProject(t, 'B');
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const raw = (request: string) => exchange(server.url, (socket) => socket.write(request)).then(({ text }) => parseAnswer(text));

describe('requests the server cannot route are a 400 {error, code}, not a 500 with a stack', () => {
  it.each([
    ['a Host that makes no URL', 'GET /health HTTP/1.1\r\nHost: [::1\r\n\r\n'],
    ['the asterisk target', 'OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['an absolute target naming another host', 'GET http://evil.example/v1/openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['no Host header in HTTP/1.1', 'GET /health HTTP/1.1\r\n\r\n'],
  ])('%s', async (_name, request) => {
    logged.length = 0;
    const answer = await raw(request);
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.body).toEqual({ error: expect.any(String), code: 'INVALID_INPUT' });
    expect(JSON.stringify(answer.body)).not.toMatch(/node_modules|\/api\//);
    expect(logged).toEqual([]);
  });

  it('HTTP/1.0 without a Host is still served', async () => {
    expect(await raw('GET /health HTTP/1.0\r\n\r\n')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});

describe('/health', () => {
  it('answers with any query string', async () => {
    const res = await fetch(`${server.url}/health?x=1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('is only /health: a site whose domain is "health" is searched, not health-checked', async () => {
    const res = await fetch(`${server.url}/v1/search/health`, { method: 'POST' });
    expect(res.status).toBe(401);
  });
});

describe('HTTP-level refusals are {error, code} on every route, /graphql included', () => {
  it.each(['/health', '/v1/openapi.json', `/v1/search/acme`, '/graphql', '/graphql/stream', '/widget.js'])(
    'an Expect header other than 100-continue, on %s',
    async (path) => {
      const answer = await raw(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nExpect: bogus\r\nContent-Length: 0\r\n\r\n`);
      expect(answer.status).toBe(417);
      expect(answer.body).toEqual({ error: expect.stringContaining('Expect'), code: 'EXPECTATION_FAILED' });
    },
  );

  it.each(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'])('%s on /graphql is a 405 naming GET and POST', async (method) => {
    // fetch cannot send TRACE: the request is written as is, and the (chunked) answer read as text.
    const { text } = await exchange(server.url, (socket) =>
      socket.write(`${method} /graphql HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${a.adminKey}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`),
    );
    expect(text).toMatch(/^HTTP\/1\.1 405 /);
    expect(text.toLowerCase()).toContain('allow: get, post');
    expect(JSON.parse(/\{.*\}/.exec(text)![0])).toEqual({ error: expect.any(String), code: 'METHOD_NOT_ALLOWED' });
  });

  it('a mutation over GET /graphql is a 405 {error, code}', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent(`mutation { triggerUpdate(projectId: "${a.projectId}") { statusId } }`)}`, {
      headers: { authorization: `Bearer ${a.adminKey}` },
    });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/mutation/i), code: 'METHOD_NOT_ALLOWED' });
  });

  it('a 3 MiB chunked body to /graphql is a 413 {error, code}', async () => {
    const chunk = `{"query": "{ __typename }", "x": "${'x'.repeat(3 * 1024 * 1024)}"}`;
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.adminKey}`, 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('a client that leaves in the middle of its body', () => {
  it.each([
    ['/v1/project/update/x', 'admin'],
    ['/v1/search/acme', 'assistant'],
    ['/v1/assistant/acme/message', 'assistant'],
    ['/graphql', 'admin'],
    ['/graphql/stream', 'admin'],
  ])('on %s is no error in the log', async (path, kind) => {
    logged.length = 0;
    const key = kind === 'admin' ? a.adminKey : a.assistantKey;
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"que`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(logged).toEqual([]);
  });
});

describe('graphql-sse stream tokens', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('an unknown token named like a built-in property (%s) is a 404', async (token) => {
    logged.length = 0;
    const requests: { url: string; headers: Record<string, string> }[] = [
      { url: `${server.url}/graphql/stream?token=${token}`, headers: { accept: 'text/event-stream' } },
      { url: `${server.url}/graphql/stream`, headers: { accept: 'text/event-stream', 'x-graphql-event-stream-token': token } },
    ];
    for (const init of requests) {
      const res = await fetch(init.url, { headers: init.headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(logged).toEqual([]);
  });

  it("a reserved stream takes operations only from the key that reserved it; another key's are refused", async () => {
    const stream = `${server.url}/graphql/stream`;
    const as = (key: string, headers: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...headers });
    const token = await (await fetch(stream, { method: 'PUT', headers: as(a.adminKey) })).text();
    const connection = new AbortController();
    const events = await fetch(stream, {
      headers: as(a.adminKey, { accept: 'text/event-stream', 'x-graphql-event-stream-token': token }),
      signal: connection.signal,
    });
    expect(events.status).toBe(200);
    const operation = (key: string, statusId: string, id: string) =>
      fetch(stream, {
        method: 'POST',
        headers: as(key, { 'content-type': 'application/json', 'x-graphql-event-stream-token': token }),
        body: JSON.stringify({ query: `subscription { deploymentUpdated(statusId: "${statusId}") { _id } }`, extensions: { operationId: id } }),
      });

    const intruder = await operation(b.adminKey, b.statusId, 'b-1');
    expect(intruder.status).toBe(403);
    expect(await intruder.json()).toMatchObject({ code: 'FORBIDDEN', error: 'This stream was reserved with another API key.' });
    expect((await operation(a.adminKey, a.statusId, 'a-1')).status).toBe(202);

    const reader = events.body!.getReader();
    let text = '';
    while (!text.includes(a.statusId)) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).not.toContain(b.statusId);
    connection.abort();
  });
});

describe('a subscription whose key is revoked', () => {
  it('ends within a few seconds with an UNAUTHENTICATED error', async () => {
    const seeded = await seedProject(t, 'Revoked');
    const res = await fetch(`${server.url}/graphql/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seeded.adminKey}`, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ query: `subscription { deploymentUpdated(statusId: "${seeded.statusId}") { _id } }` }),
    });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes(seeded.statusId)) text += new TextDecoder().decode((await reader.read()).value);
    const revokedAt = Date.now();
    await revokeApiKey(t.db, prefixOf(seeded.adminKey));
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
    expect(Date.now() - revokedAt).toBeLessThan(8_000);
    expect(text).toMatch(/"code":"UNAUTHENTICATED"/);
    expect(text).toContain('event: complete');
  });
});

describe('an idle reserved stream (single-connection mode) whose key is revoked', () => {
  it('closes within a few seconds, and its token is no longer valid', async () => {
    const seeded = await seedProject(t, 'Idle');
    const stream = `${server.url}/graphql/stream`;
    const token = await (await fetch(stream, { method: 'PUT', headers: { authorization: `Bearer ${seeded.adminKey}` } })).text();
    const events = await fetch(stream, {
      headers: { authorization: `Bearer ${seeded.adminKey}`, accept: 'text/event-stream', 'x-graphql-event-stream-token': token },
    });
    expect(events.status).toBe(200);
    const reader = events.body!.getReader();
    const revokedAt = Date.now();
    await revokeApiKey(t.db, prefixOf(seeded.adminKey));
    const ended = await Promise.race([
      (async () => {
        while (!(await reader.read()).done);
        return true;
      })(),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
    ]);
    expect(ended).toBe(true);
    expect(Date.now() - revokedAt).toBeLessThan(8_000);
    const reconnect = await fetch(stream, {
      headers: { authorization: `Bearer ${seeded.adminKey}`, accept: 'text/event-stream', 'x-graphql-event-stream-token': token },
    });
    expect(reconnect.status).toBeGreaterThanOrEqual(400);
    await reconnect.body?.cancel();
  });
});

describe('CORS', () => {
  const preflight = (url: string, origin: string) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });

  it.each(['/v1/search/acme', '/v2/assistant/acme/message', '/graphql'])(
    'answers a preflight for %s from any origin by default, without credentials',
    async (path) => {
      const res = await preflight(`${server.url}${path}`, 'https://docs.example.com');
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type/);
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    },
  );

  it('exposes the headers clients read, and never allows credentials', async () => {
    const res = await fetch(`${server.url}/v1/project/update-status/${a.statusId}`, {
      headers: { origin: 'https://evil.example', authorization: `Bearer ${a.adminKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Thread-Id.*X-Session-Id.*Retry-After/);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('with CORS_ORIGINS, allows only those origins', async () => {
    const config = loadConfig({ DATABASE_URL: t.runtime.config.databaseUrl, CORS_ORIGINS: 'https://docs.acme.com, http://localhost:5173' });
    const limited = await listen(createApp({ ...t.runtime, config }), '127.0.0.1', 0);
    try {
      const allowed = await preflight(`${limited.url}/v1/search/acme`, 'https://docs.acme.com');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://docs.acme.com');
      expect(allowed.headers.get('vary')).toContain('Origin');
      const refused = await preflight(`${limited.url}/v1/search/acme`, 'https://evil.example');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.stringContaining('https://evil.example') });
      const answer = await fetch(`${limited.url}/health`, { headers: { origin: 'https://evil.example' } });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await limited.close();
    }
  });

  it('a bad CORS_ORIGINS is a configuration error naming it', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'docs.acme.com' })).toThrow(/CORS_ORIGINS must be \* or origins/);
  });
});
