import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProject, type SeededProject } from '../support/fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let a: SeededProject;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedProject(t);
});
afterAll(() => t.close());

const search = (options: Parameters<TestApp['call']>[2]) => t.call('POST', `/v1/search/${a.subdomain}`, { key: a.assistantKey, ...options });

describe('search body', () => {
  it.each([
    ['malformed JSON', { body: '{"query": ', headers: { 'content-type': 'application/json' } }, 'INVALID_JSON', undefined, /not valid JSON/],
    [
      'invalid UTF-8',
      { body: new Uint8Array([0x7b, 0xff, 0x7d]), headers: { 'content-type': 'application/json' } },
      'INVALID_JSON',
      undefined,
      /not valid UTF-8/,
    ],
    ['a JSON array', { json: [{ query: 'x' }] }, 'INVALID_INPUT', undefined, /must be a JSON object/],
    ['a JSON string', { json: 'install' }, 'INVALID_INPUT', undefined, /must be a JSON object/],
    ['no body at all', {}, 'INVALID_INPUT', 'query', /Missing required field "query"/],
    ['missing query', { json: { pageSize: 3 } }, 'INVALID_INPUT', 'query', /Missing required field "query"/],
    ['query null', { json: { query: null } }, 'INVALID_INPUT', 'query', /query must not be null/],
    ['query a number', { json: { query: 42 } }, 'INVALID_INPUT', 'query', /query must be a string/],
    ['empty query', { json: { query: '' } }, 'INVALID_INPUT', 'query', /must not be empty/],
    ['blank query', { json: { query: '   ' } }, 'INVALID_INPUT', 'query', /must not be empty/],
    ['query over 1000 characters', { json: { query: 'a'.repeat(1001) } }, 'INVALID_INPUT', 'query', /at most 1000 characters/],
    ['pageSize a string', { json: { query: 'x', pageSize: 'ten' } }, 'INVALID_INPUT', 'pageSize', /pageSize must be a whole number/],
    ['pageSize a fraction', { json: { query: 'x', pageSize: 2.5 } }, 'INVALID_INPUT', 'pageSize', /pageSize must be a whole number/],
    ['pageSize 0', { json: { query: 'x', pageSize: 0 } }, 'INVALID_INPUT', 'pageSize', /pageSize must be from 1 to 50/],
    ['pageSize 1000', { json: { query: 'x', pageSize: 1000 } }, 'INVALID_INPUT', 'pageSize', /pageSize must be from 1 to 50/],
    ['pageSize beyond 32 bits', { json: { query: 'x', pageSize: 1e12 } }, 'INVALID_INPUT', 'pageSize', /pageSize must be a whole number/],
    [
      'unknown top-level field',
      { json: { query: 'x', limit: 3 } },
      'INVALID_INPUT',
      'limit',
      /Unknown field "limit"; this endpoint accepts: query, pageSize, filter, mode/,
    ],
    ['an unknown mode', { json: { query: 'x', mode: 'fuzzy' } }, 'INVALID_INPUT', 'mode', /^mode must be one of hybrid, keyword, vector\.$/],
    ['unknown filter key', { json: { query: 'x', filter: { locale: 'fr' } } }, 'INVALID_INPUT', 'filter.locale', /Unknown field "locale" in filter/],
    ['filter not an object', { json: { query: 'x', filter: 'fr' } }, 'INVALID_INPUT', 'filter', /filter must be a JSON object/],
    ['filter.language a number', { json: { query: 'x', filter: { language: 7 } } }, 'INVALID_INPUT', 'filter.language', /filter.language must be a string/],
    ['a NUL character', { json: { query: 'a\u0000b' } }, 'INVALID_INPUT', 'query', /NUL character/],
  ])('%s: 400 naming the field', async (_name, options, code, field, message) => {
    const res = await search(options as Parameters<TestApp['call']>[2]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toMatch(message);
  });

  it('415 for a body that is not JSON', async () => {
    const res = await search({ body: 'query=install', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', error: 'Send the body as JSON with "Content-Type: application/json".' });
  });

  it('413 for a body over the limit, by Content-Length and when streamed without one', async () => {
    const huge = JSON.stringify({ query: 'x'.repeat(1024 * 1024 + 10) });
    const declared = await search({ body: huge, headers: { 'content-type': 'application/json' } });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', error: expect.stringContaining('limit of 1048576 bytes') });

    const encoder = new TextEncoder();
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(encoder.encode('x'.repeat(64 * 1024)));
        controller.close();
      },
    });
    const response = await t.app.fetch(`http://folio.test/v1/search/${a.subdomain}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.assistantKey}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('accepts the optional fields as null and a JSON content type with parameters', async () => {
    const res = await search({
      body: JSON.stringify({ query: 'x', pageSize: null, filter: null }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res).toMatchObject({ status: 200, body: [] });
  });
});

describe('paths and methods', () => {
  it('405 with Allow for a known path and a wrong method', async () => {
    const res = await t.call('GET', `/v1/search/${a.subdomain}`, { key: a.assistantKey });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.body).toEqual({ code: 'METHOD_NOT_ALLOWED', error: 'GET is not allowed here; use POST.' });
    const put = await t.call('PUT', `/v1/project/update-status/${a.statusId}`, { key: a.adminKey });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET');
  });

  it.each([
    ['unknown domain', 'POST', '/v1/search/no-such-site', 'assistant', /No documentation site with domain "no-such-site"/],
    ['unknown project (trigger)', 'POST', '/v1/project/update/000000000000000000000000', 'admin', /No project with id "000000000000000000000000"/],
    ['unknown status', 'GET', '/v1/project/update-status/ffffffffffffffffffffffff', 'admin', /No update with status id "ffffffffffffffffffffffff"/],
    ['unknown project (jobs)', 'GET', '/v1/agent/nope/jobs', 'admin', /No project with id "nope"/],
    ['unknown job', 'GET', '/v1/agent/{project}/job/nope', 'admin', /No agent job with id "nope"/],
  ])('404 for an %s', async (_name, method, path, kind, message) => {
    const res = await t.call(method, path.replace('{project}', a.projectId), {
      key: kind === 'admin' ? a.adminKey : a.assistantKey,
      json: method === 'POST' && kind === 'assistant' ? { query: 'x' } : undefined,
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(res.body.error).toMatch(message);
  });

  it('400 for a path parameter with a NUL byte or broken percent-encoding, never a 500', async () => {
    const nul = await t.call('GET', '/v1/project/update-status/abc%00def', { key: a.adminKey });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 'INVALID_INPUT', field: 'statusId' });
    const broken = await t.call('GET', '/v1/project/update-status/%E0%A4%A', { key: a.adminKey });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'INVALID_INPUT', field: 'statusId', error: expect.stringContaining('percent-encoded') });
  });

  it('400 for query parameters, which would otherwise slip past the checks into the arguments', async () => {
    const mode = await t.call('POST', `/v1/search/${a.subdomain}?mode=bogus`, { key: a.assistantKey, json: { query: 'x' } });
    expect(mode).toMatchObject({
      status: 400,
      body: { code: 'INVALID_INPUT', field: 'mode', error: 'Unknown query parameter "mode": this endpoint takes none; send fields in the JSON body.' },
    });
    const query = await t.call('POST', `/v1/search/${a.subdomain}?query=zz`, { key: a.assistantKey, json: { query: 'x' } });
    expect(query).toMatchObject({ status: 400, body: { field: 'query' } });
    const status = await t.call('GET', `/v1/project/update-status/${a.statusId}?verbose=1`, { key: a.adminKey });
    expect(status).toMatchObject({ status: 400, body: { field: 'verbose', error: 'Unknown query parameter "verbose": this endpoint takes none.' } });
  });

  it('405 for the OpenAPI document with another method than GET', async () => {
    for (const method of ['POST', 'HEAD']) {
      const res = await t.call(method, '/v1/openapi.json');
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET');
    }
  });

  it('ignores a body sent to the trigger route, which takes none', async () => {
    const res = await t.call('POST', `/v1/project/update/${a.projectId}`, { key: a.adminKey, body: 'not json', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(202);
  });

  it('404 as JSON for paths outside the API', async () => {
    const res = await t.call('GET', '/wp-admin');
    expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', error: 'No endpoint GET /wp-admin.' } });
  });
});

describe('GraphQL input', () => {
  it('reports a wrong argument type as a validation error and never answers 500 for a NUL byte', async () => {
    const wrongType = await t.call('POST', '/graphql', {
      key: a.adminKey,
      json: { query: '{ updateStatus(statusId: 5) { _id } }' },
      headers: { accept: 'application/graphql-response+json' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0]).toMatchObject({
      message: 'String cannot represent a non string value: 5',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const nul = await t.call('POST', '/graphql', {
      key: a.adminKey,
      json: { query: 'query($id: String!) { updateStatus(statusId: $id) { _id } }', variables: { id: 'a\u0000b' } },
    });
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0]).toMatchObject({
      message: 'variables.id contains a NUL character.',
      extensions: { code: 'INVALID_INPUT', field: 'variables.id' },
    });
  });

  it('413 for a GraphQL body over the limit', async () => {
    const res = await t.call('POST', '/graphql', { key: a.adminKey, json: { query: `{ __typename }${' '.repeat(1024 * 1024)}` } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
