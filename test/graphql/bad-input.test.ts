import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { seedProject, type SeededProject } from '../support/fixtures.ts';
import { exchange as rawExchange } from '../support/raw-http.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let a: SeededProject;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedProject(t);
});
afterAll(() => t.close());

const graphql = (body: unknown, key = a.assistantKey) => t.call('POST', '/graphql', { key, json: body });
const nested = (depth: number, open: string, close: string, inner: string) => open.repeat(depth) + inner + close.repeat(depth);
const streamOf = (chunks: number, size: number) => {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < chunks; i++) controller.enqueue(encoder.encode('x'.repeat(size)));
      controller.close();
    },
  });
};

describe('/graphql answers what a client gets wrong as a client error, never a 500', () => {
  it('a variable of the wrong type', async () => {
    const res = await graphql({ query: 'query($p: Int) { search(domain: "x", query: "a", pageSize: $p) { path } }', variables: { p: '5' } });
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors[0].message).toMatch(/Variable "\$p" got invalid value "5"; Int cannot represent non-integer value/);
  });

  it('variables that are not JSON, in a GET', async () => {
    const res = await t.call('GET', '/graphql?query=%7B__typename%7D&variables=%7Bbad', { key: a.assistantKey });
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'variables' } });
  });

  it.each([[5], [{}], [['{ __typename }']]])('a query that is not a string: %j', async (query) => {
    const res = await graphql({ query });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/query/i);
  });

  it('a NUL written as an escape in a string literal', async () => {
    const res = await graphql({ query: '{ updateStatus(statusId: "a\\u0000") { _id } }' }, a.adminKey);
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors[0]).toMatchObject({ message: 'A string in the query contains a NUL character.', extensions: { code: 'INVALID_INPUT' } });
  });

  it('5,000 nested selections are refused by the token limit before they reach the parser stack', async () => {
    const res = await graphql({ query: nested(5000, '{ a ', '}', '') });
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors[0].message).toMatch(/Document contains more tha[nt] 2000 tokens/);
  });

  it('fields nested more than 20 levels deep', async () => {
    const res = await graphql({ query: `{ __schema { types { fields { type ${nested(20, '{ ofType ', '}', '{ name }')} } } } }` });
    expect(res.body.errors.map((error: { message: string }) => error.message)).toContain('The query nests fields more than 20 levels deep.');
    const shallow = await graphql({ query: `{ __schema { types { fields { type ${nested(10, '{ ofType ', '}', '{ name }')} } } } }` });
    expect(shallow.body.errors).toBeUndefined();
  });

  it('more than 20 aliases', async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `s${i}: __schema { queryType { name } }`).join(' ')} }`;
    const many = await graphql({ query: aliases(21) });
    expect(many.body.errors[0].message).toBe('The query uses more than 20 aliases; send several requests instead.');
    expect(many.body.data).toBeUndefined();
    const enough = await graphql({ query: aliases(20) });
    expect(Object.keys(enough.body.data)).toHaveLength(20);
  });

  it('variables nested 5,000 deep are a 400 (nothing can store them), not a stack overflow', async () => {
    const res = await t.call('POST', '/graphql', {
      key: a.assistantKey,
      body: `{"query":"{ __typename }","variables":{"v":${nested(5000, '[', ']', '"x"')}}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ message: expect.stringMatching(/nested more than 64 levels deep/), extensions: { code: 'INVALID_INPUT' } });
  });

  it('a body that is not JSON gets a JSON error body', async () => {
    const res = await t.call('POST', '/graphql', { key: a.assistantKey, body: '{ __typename }', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: expect.any(String) });
  });

  it('a body over MAX_BODY_BYTES sent without a length', async () => {
    const response = await t.app.fetch('http://folio.test/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${a.assistantKey}`, 'content-type': 'application/json' },
      body: streamOf(20, 64 * 1024),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('still answers the full introspection query a GraphQL client sends', async () => {
    const res = await graphql({ query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }) });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.__schema.types.length).toBeGreaterThan(20);
  });
});

describe('/graphql/stream refuses in {error, code} too', () => {
  const stream = (method: string, options: Parameters<TestApp['call']>[2] = {}) => t.call(method, '/graphql/stream', options);

  it('a NUL escape in a subscription literal, and NUL in variables', async () => {
    const literal = await stream('POST', {
      key: a.adminKey,
      headers: { accept: 'text/event-stream' },
      json: { query: 'subscription { deploymentUpdated(statusId: "a\\u0000") { _id } }' },
    });
    expect(literal).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'query' } });
    const variables = await stream('POST', {
      key: a.adminKey,
      headers: { accept: 'text/event-stream' },
      json: { query: 'subscription($id: String!) { deploymentUpdated(statusId: $id) { _id } }', variables: { id: 'a\u0000' } },
    });
    expect(variables).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'variables.id' } });
  });

  it('deeply nested variables are a 400, not a stack overflow', async () => {
    const res = await stream('POST', {
      key: a.assistantKey,
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: `{"query":"{ __typename }","variables":{"v":${nested(5000, '[', ']', '"x"')}}}`,
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', error: expect.stringMatching(/nested more than 64 levels deep/) } });
  });

  it('requests the protocol does not know', async () => {
    const noStream = await stream('POST', { key: a.assistantKey, json: { query: '{ __typename }' } });
    expect(noStream).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', error: expect.stringContaining('Accept: text/event-stream') } });
    const patch = await stream('PATCH', { key: a.assistantKey, headers: { 'x-graphql-event-stream-token': 'nope' } });
    expect(patch).toMatchObject({ status: 405, body: { code: 'METHOD_NOT_ALLOWED' } });
    expect(patch.headers.get('allow')).toBe('GET, POST, PUT, DELETE');
    const notJson = await stream('POST', {
      key: a.assistantKey,
      headers: { accept: 'text/event-stream', 'content-type': 'text/plain' },
      body: '{ __typename }',
    });
    expect(notJson).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    const missing = await stream('POST', { key: a.assistantKey, headers: { accept: 'text/event-stream' }, json: { variables: {} } });
    expect(missing).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'query', error: expect.stringContaining('Missing query') } });
    const notText = await stream('POST', { key: a.assistantKey, headers: { accept: 'text/event-stream' }, json: { query: 1 } });
    expect(notText).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'query', error: expect.stringContaining('Invalid query') } });
  });

  it('reserving a stream takes a valid key, gives a random token, and a key may hold 20 unconnected ones', async () => {
    expect(await stream('PUT')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    const key = (await seedProject(t)).assistantKey;
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await stream('PUT', { key, headers: { 'x-graphql-event-stream-token': 'chosen-by-client' } });
      expect(res.status).toBe(201);
      tokens.add(res.body);
    }
    expect([...tokens].every((token) => /^[0-9a-f-]{36}$/.test(token))).toBe(true);
    expect(tokens.size).toBe(20);
    expect(await stream('PUT', { key })).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect((await stream('PUT', { key: a.assistantKey })).status).toBe(201); // other keys are not affected
  });

  it('a body over MAX_BODY_BYTES sent without a length', async () => {
    const response = await t.app.fetch('http://folio.test/graphql/stream', {
      method: 'POST',
      headers: { authorization: `Bearer ${a.assistantKey}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: streamOf(20, 64 * 1024),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('over a real connection', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await listen(t.app, '127.0.0.1', 0);
  });
  afterAll(() => server.close());

  const exchange = (send: Parameters<typeof rawExchange>[1]) => rawExchange(server.url, send);

  const chunkedHead = (path: string) =>
    `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${a.assistantKey}\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n`;
  const chunk = `${(64 * 1024).toString(16)}\r\n${'x'.repeat(64 * 1024)}\r\n`;

  it.each(['/v1/search/x', '/graphql', '/graphql/stream'])(
    'answers a chunked body over the limit to %s with 413, then the next request on the connection',
    async (path) => {
      const { text } = await exchange((socket) => {
        socket.write(chunkedHead(path));
        for (let i = 0; i < 20; i++) socket.write(chunk);
        socket.write('0\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
      expect(text.match(/^HTTP\/1\.1 \d{3}/gm)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
      expect(text).toContain('"code":"PAYLOAD_TOO_LARGE"');
    },
  );

  it('closes the connection after a 413 once 16 MiB of the refused body were discarded', async () => {
    const { text, closedByServer } = await exchange((socket) => {
      socket.write(chunkedHead('/v1/search/x'));
      for (let i = 0; i < 18 * 16; i++) socket.write(chunk); // 1 MiB read, 16 MiB discarded, and more
    });
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(closedByServer).toBe(true);
  });

  it('answers headers over 16 KB with 431 and a JSON body', async () => {
    const { text } = await exchange((socket) => socket.write(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`));
    expect(text).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'The request headers are larger than 16 KB.', code: 'HEADERS_TOO_LARGE' });
  });
});
