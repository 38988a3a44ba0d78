import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../api/openapi/endpoint.ts';
import { buildRequest, PlaygroundInputError, type PlaygroundValues } from '../../site-script/playground/build-request.ts';

const PAGE = 'https://docs.example.com/api/users/create';
const ENDPOINT: Endpoint = {
  method: 'POST',
  path: '/v1/users/{id}/items/{item}',
  servers: [{ url: 'https://{region}.api.example.com/base/', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }, { url: '/relative-api' }],
  security: [],
  parameters: [],
  body: {
    contents: [
      { mediaType: 'application/json' },
      { mediaType: 'multipart/form-data', fields: [] },
      { mediaType: 'application/x-www-form-urlencoded', fields: [] },
    ],
  },
  display: 'interactive',
};

const values = (overrides: Partial<PlaygroundValues> = {}): PlaygroundValues => ({
  server: 0,
  variables: {},
  credentials: [],
  parameters: [
    { in: 'path', name: 'id', value: 'a b/c', isArray: false },
    { in: 'path', name: 'item', value: '7', isArray: false },
  ],
  ...overrides,
});

describe('the request the playground sends', () => {
  it('goes to the chosen server (variables filled) and the path (parameters encoded), with the query', () => {
    const { url, init } = buildRequest(
      ENDPOINT,
      values({
        variables: { region: 'us' },
        parameters: [
          ...values().parameters,
          { in: 'query', name: 'tags', value: 'x, y', isArray: true },
          { in: 'query', name: 'q', value: 'café & co', isArray: false },
          { in: 'query', name: 'empty', value: '', isArray: false },
          { in: 'header', name: 'X-Trace', value: 'abc', isArray: false },
        ],
      }),
      PAGE,
    );
    expect(url.href).toBe('https://us.api.example.com/base/v1/users/a%20b%2Fc/items/7?tags=x&tags=y&q=caf%C3%A9+%26+co');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', mode: 'cors' });
    expect(Object.fromEntries(init.headers as Headers)).toEqual({ 'x-trace': 'abc' });
  });

  it('reads a relative server against the page', () => {
    expect(buildRequest(ENDPOINT, values({ server: 1 }), PAGE).url.href).toBe('https://docs.example.com/relative-api/v1/users/a%20b%2Fc/items/7');
  });

  it('sends each credential where its scheme says', () => {
    const headers = (credentials: PlaygroundValues['credentials']) => {
      const { url, init } = buildRequest(ENDPOINT, values({ credentials }), PAGE);
      return { ...Object.fromEntries(init.headers as Headers), query: url.search };
    };
    expect(headers([{ kind: 'bearer', value: 'tok' }])).toEqual({ authorization: 'Bearer tok', query: '' });
    expect(
      headers([
        { kind: 'basic-user', value: 'ada' },
        { kind: 'basic-password', value: 'pässword' },
      ]),
    ).toEqual({
      authorization: `Basic ${Buffer.from('ada:pässword').toString('base64')}`,
      query: '',
    });
    expect(
      headers([
        { kind: 'header', name: 'X-API-Key', value: 'k1' },
        { kind: 'query', name: 'api_key', value: 'k2' },
      ]),
    ).toEqual({
      'x-api-key': 'k1',
      query: '?api_key=k2',
    });
    expect(headers([{ kind: 'bearer', value: '' }])).toEqual({ query: '' });
  });

  it('sends a JSON body with its type, and refuses one that is not JSON, saying why', async () => {
    const { init } = buildRequest(ENDPOINT, values({ body: '{"name": "Ada"}' }), PAGE);
    expect(init.body).toBe('{"name": "Ada"}');
    expect((init.headers as Headers).get('content-type')).toBe('application/json');
    expect(() => buildRequest(ENDPOINT, values({ body: '{"name": ' }), PAGE)).toThrow(PlaygroundInputError);
    expect(() => buildRequest(ENDPOINT, values({ body: '{"name": ' }), PAGE)).toThrow(/^The body is not valid JSON: /);
    expect(buildRequest(ENDPOINT, values({ body: '  ' }), PAGE).init.body).toBeUndefined();
  });

  it('sends form bodies as multipart (files included, the browser choosing the boundary) or URL-encoded', async () => {
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    const multipart = buildRequest(
      ENDPOINT,
      values({
        content: 1,
        body: [
          { name: 'title', value: 'Report' },
          { name: 'file', value: file },
          { name: 'skipped', value: '' },
        ],
      }),
      PAGE,
    );
    const sent = new Request('https://x.example/', { method: 'POST', body: multipart.init.body! });
    expect(sent.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await sent.formData();
    expect([...form.keys()]).toEqual(['title', 'file']);
    expect(await (form.get('file') as File).text()).toBe('hello');
    expect((multipart.init.headers as Headers).has('content-type')).toBe(false);

    const encoded = buildRequest(
      ENDPOINT,
      values({
        content: 2,
        body: [
          { name: 'tag', value: 'a' },
          { name: 'tag', value: 'b c' },
        ],
      }),
      PAGE,
    );
    expect(String(encoded.init.body)).toBe('tag=a&tag=b+c');
  });

  it('sends no body with a GET, and refuses a server that is not http(s)', () => {
    expect(buildRequest({ ...ENDPOINT, method: 'GET' }, values({ body: '{}' }), PAGE).init.body).toBeUndefined();
    expect(() => buildRequest({ ...ENDPOINT, servers: [{ url: 'javascript:alert(1)//' }] }, values(), PAGE)).toThrow(
      'The server javascript:alert(1)// is not an http or https address.',
    );
    expect(() => buildRequest({ ...ENDPOINT, servers: [] }, values(), PAGE)).toThrow('This endpoint names no server to send the request to.');
  });
});
