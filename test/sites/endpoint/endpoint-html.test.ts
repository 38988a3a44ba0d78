import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../api/openapi/endpoint.ts';
import { endpointHtml } from '../../../api/sites/endpoint/endpoint-html.ts';
import { pageAssets } from '../../../api/sites/page-assets.ts';

const USERS: Endpoint & { spec: string } = {
  method: 'POST',
  path: '/v1/users/{id}',
  servers: [{ url: 'https://api.example.com', description: 'Production' }],
  security: [[{ key: 'bearerAuth', type: 'http', scheme: 'bearer', default: 'sk_test_123' }]],
  parameters: [
    { in: 'path', name: 'id', required: true, type: 'string', example: 'usr_1' },
    { in: 'query', name: 'sort', type: 'enum<string>', enum: ['asc', 'desc'], default: 'desc' },
    { in: 'query', name: 'verbose', type: 'boolean' },
    { in: 'header', name: 'X-Request-Id', type: 'string', prefill: 'req-42' },
    { in: 'cookie', name: 'session', type: 'string' },
  ],
  body: { required: true, contents: [{ mediaType: 'application/json', example: { name: 'Ada', roles: ['admin'] } }] },
  display: 'interactive',
  spec: 'api-reference/admin.yaml',
};

type Element = ReturnType<typeof DomUtils.findAll>[number];
const parse = (html: string) => parseDocument(html);
const all = (html: string, test: (element: Element) => boolean) => DomUtils.findAll(test, parse(html).children);
const byClass = (html: string, name: string) => all(html, (element) => (element.attribs.class ?? '').split(' ').includes(name));
const text = (element: Element) => DomUtils.textContent(element).replace(/\s+/g, ' ').trim();

/** Each input, select and textarea of the playground with the text of its label, as a screen reader pairs them. */
function controls(html: string) {
  const labels = all(html, (element) => element.name === 'label');
  return all(html, (element) => ['input', 'select', 'textarea'].includes(element.name)).map((control) => {
    const { id = '', type, value, required, ...rest } = control.attribs;
    const selected = DomUtils.findAll((option) => option.name === 'option' && 'selected' in option.attribs, control.children)[0];
    return {
      label: labels.find((label) => label.attribs.for === id) ? text(labels.find((label) => label.attribs.for === id)!) : undefined,
      tag: control.name,
      ...(type ? { type } : {}),
      value: control.name === 'textarea' ? DomUtils.textContent(control) : control.name === 'select' ? (selected ? text(selected) : undefined) : value,
      isRequired: required !== undefined,
      ...(control.name === 'select' ? { options: DomUtils.findAll((option) => option.name === 'option', control.children).map(text) } : {}),
      data: Object.fromEntries(Object.entries(rest).filter(([name]) => name.startsWith('data-'))),
    };
  });
}

describe('an API page header', () => {
  it('names the method, the path and the spec on the element other parts rely on', () => {
    const html = endpointHtml(USERS);
    expect(html.startsWith('<div class="api-endpoint" data-method="post" data-path="/v1/users/{id}" data-spec="api-reference/admin.yaml">')).toBe(true);
    const [bar] = byClass(html, 'api-endpoint-bar');
    expect(text(bar!)).toBe('POST/v1/users/{id}');
    expect(byClass(html, 'api-method-blue').map(text)).toEqual(['POST']);
    expect(byClass(html, 'api-path-param').map(text)).toEqual(['{id}']);
    expect(byClass(html, 'api-deprecated')).toEqual([]);
  });

  it('leaves data-spec out for a hand-written api: page, and colours each method', () => {
    const html = endpointHtml({ ...USERS, spec: undefined, method: 'DELETE', path: '/v1/users' });
    expect(html.startsWith('<div class="api-endpoint" data-method="delete" data-path="/v1/users">')).toBe(true);
    expect(byClass(html, 'api-method-red').map(text)).toEqual(['DELETE']);
    for (const [method, color] of [
      ['GET', 'green'],
      ['PUT', 'yellow'],
      ['PATCH', 'orange'],
      ['OPTIONS', 'gray'],
    ]) {
      expect(byClass(endpointHtml({ ...USERS, method: method! }), `api-method-${color}`).map(text)).toEqual([method]);
    }
  });

  it('says "Deprecated", and shows a webhook by its name with no playground', () => {
    expect(byClass(endpointHtml({ ...USERS, isDeprecated: true }), 'api-deprecated').map(text)).toEqual(['Deprecated']);
    const webhook = endpointHtml({ ...USERS, path: 'user.created', isWebhook: true, display: 'none' });
    expect(text(byClass(webhook, 'api-endpoint-bar')[0]!)).toBe('Webhookuser.createdPOST');
    expect(webhook).not.toContain('api-playground');
  });

  it('is nothing for a page without an endpoint, or with one it cannot read', () => {
    expect(endpointHtml(undefined)).toBe('');
    expect(endpointHtml({ method: 'GET' })).toBe('');
    expect(endpointHtml('GET /users')).toBe('');
  });
});

describe('display modes', () => {
  it('interactive: a hidden form the script shows, and without script a note naming where requests go', () => {
    const html = endpointHtml(USERS);
    expect(byClass(html, 'api-playground-note').map(text)).toEqual([
      'The “Try it” playground needs JavaScript: it sends requests from your browser to https://api.example.com.',
    ]);
    const [form] = all(html, (element) => element.name === 'form');
    expect(form!.attribs).toMatchObject({ class: 'api-playground', hidden: '', 'aria-label': 'Try it' });
    expect(JSON.parse(form!.attribs['data-endpoint']!)).toEqual(USERS);
    expect(all(html, (element) => element.name === 'button').map((button) => [text(button), button.attribs.type])).toEqual([['Send', 'submit']]);
    const [status] = byClass(html, 'api-response-status');
    expect(status!.attribs.role).toBe('status');
    expect(pageAssets(html, { hasDismissibleBanner: false, title: 'Create a user' })).toContain('<script type="module" src="/widget/playground.js"></script>');
  });

  it('interactive: an input per credential and parameter, labelled, required marked, enums as selects, starting values filled', () => {
    expect(controls(endpointHtml(USERS))).toEqual([
      { label: 'Bearer token Authorization header', tag: 'input', type: 'text', value: 'sk_test_123', isRequired: false, data: { 'data-auth': 'bearer' } },
      { label: 'id string required', tag: 'input', type: 'text', isRequired: true, data: { 'data-in': 'path', 'data-name': 'id' } },
      {
        label: 'sort enum<string>',
        tag: 'select',
        value: 'desc',
        isRequired: false,
        options: ['Not set', 'asc', 'desc'],
        data: { 'data-in': 'query', 'data-name': 'sort' },
      },
      {
        label: 'verbose boolean',
        tag: 'select',
        isRequired: false,
        options: ['Not set', 'true', 'false'],
        data: { 'data-in': 'query', 'data-name': 'verbose' },
      },
      {
        label: 'X-Request-Id string',
        tag: 'input',
        type: 'text',
        value: 'req-42',
        isRequired: false,
        data: { 'data-in': 'header', 'data-name': 'X-Request-Id' },
      },
      {
        label: 'Body application/json required',
        tag: 'textarea',
        value: '{\n  "name": "Ada",\n  "roles": [\n    "admin"\n  ]\n}',
        isRequired: true,
        data: { 'data-body': '' },
      },
    ]);
    const html = endpointHtml(USERS);
    // An example is a hint, not a value sent unless the reader types it.
    expect(all(html, (element) => element.attribs['data-name'] === 'id')[0]!.attribs.placeholder).toBe('usr_1');
    expect(all(html, (element) => element.name === 'legend').map(text)).toEqual([
      'Authorization',
      'Path parameters',
      'Query parameters',
      'Headers',
      'Cookies',
      'Body',
    ]);
    expect(byClass(html, 'api-pg-hint').map(text)).toEqual([
      "Cookies (session) are not sent from here: a browser only sends the cookies the API's own site set.",
    ]);
  });

  it("simple: each server's address to copy (variables at their defaults), no form and no playground script", () => {
    const html = endpointHtml({
      ...USERS,
      display: 'simple',
      servers: [
        { url: 'https://{region}.api.example.com/v2/', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } },
        { url: 'https://sandbox.example.com', description: 'Sandbox' },
      ],
    });
    expect(byClass(html, 'api-url').map(text)).toEqual(['https://eu.api.example.com/v2/v1/users/{id}', 'Sandboxhttps://sandbox.example.com/v1/users/{id}']);
    expect(html).not.toContain('<form');
    const assets = pageAssets(html, { hasDismissibleBanner: false, title: 'Create a user' });
    expect(assets).toContain('/widget/site.js'); // its Copy buttons
    expect(assets).not.toContain('/widget/playground.js');
  });

  it('none, and auth (which shows the playground to signed-in readers only, and a Folio site has none): the badge and the path alone', () => {
    for (const display of ['none', 'auth'] as const) {
      const html = endpointHtml({ ...USERS, display });
      expect(byClass(html, 'api-endpoint-bar')).toHaveLength(1);
      expect(html).not.toMatch(/api-playground|api-url/);
    }
  });
});

describe('servers', () => {
  it("several: a select of them, each with its variables (an enum as a select), only the chosen server's enabled", () => {
    const html = endpointHtml({
      ...USERS,
      servers: [
        {
          url: 'https://{region}.api.example.com',
          description: 'Production',
          variables: { region: { default: 'eu', enum: ['eu', 'us'], description: 'Data region' } },
        },
        { url: 'http://localhost:{port}', variables: { port: { default: '8080' } } },
      ],
    });
    const [server, region, port] = controls(html);
    expect(server).toMatchObject({ label: 'Server', tag: 'select', options: ['Production: https://{region}.api.example.com', 'http://localhost:{port}'] });
    expect(region).toMatchObject({ label: 'region Data region required', value: 'eu', options: ['eu', 'us'], data: { 'data-variable': 'region' } });
    expect(port).toMatchObject({ label: 'port', value: '8080', data: { 'data-variable': 'port' } });
    const options = all(html, (element) => 'data-server' in element.attribs);
    expect(options.map((option) => [option.attribs['data-server'], 'hidden' in option.attribs, 'disabled' in option.attribs])).toEqual([
      ['0', false, false],
      ['1', true, true],
    ]);
    expect(byClass(html, 'api-playground-note').map(text)[0]).toContain('to https://eu.api.example.com or http://localhost:8080.');
  });

  it('one: named, with no choice to make', () => {
    const html = endpointHtml(USERS);
    expect(byClass(html, 'api-pg-server').map(text)).toEqual(['Server https://api.example.com Production']);
    expect(all(html, (element) => element.attribs.name === 'server')).toEqual([]);
  });
});

describe('authentication', () => {
  it('asks for what each scheme sends, and names what the browser cannot send', () => {
    const html = endpointHtml({
      ...USERS,
      parameters: [],
      body: undefined,
      security: [
        [
          { key: 'basicAuth', type: 'http', scheme: 'basic' },
          { key: 'apiKey', type: 'apiKey', in: 'header', name: 'X-API-Key', default: 'demo-key' },
        ],
        [{ key: 'queryKey', type: 'apiKey', in: 'query', name: 'api_key' }],
        [{ key: 'oauth', type: 'oauth2' }],
        [{ key: 'cookieKey', type: 'apiKey', in: 'cookie', name: 'sid' }],
        [{ key: 'cobo', type: 'cobo' }],
        [],
      ],
    });
    const found = controls(html).map(({ label, type, value, data, options }) => ({ label, type, value, data, ...(options ? { options } : {}) }));
    expect(found).toEqual([
      {
        label: 'Authenticate with',
        type: undefined,
        value: undefined,
        data: {},
        options: ['basicAuth and apiKey', 'queryKey', 'oauth', 'cookieKey', 'cobo', 'No authentication'],
      },
      { label: 'Username basic auth', type: 'text', value: undefined, data: { 'data-auth': 'basic-user' } },
      { label: 'Password basic auth', type: 'password', value: undefined, data: { 'data-auth': 'basic-password' } },
      { label: 'X-API-Key header', type: 'text', value: 'demo-key', data: { 'data-auth': 'header', 'data-name': 'X-API-Key' } },
      { label: 'api_key query parameter', type: 'text', value: undefined, data: { 'data-auth': 'query', 'data-name': 'api_key' } },
      { label: 'Access token Authorization header', type: 'text', value: undefined, data: { 'data-auth': 'bearer' } },
    ]);
    expect(byClass(html, 'api-pg-hint').map(text)).toEqual([
      "Cookies (sid) are not sent from here: a browser only sends the cookies the API's own site set.",
      'The playground cannot send cobo (cobo) credentials.',
    ]);
    const options = all(html, (element) => 'data-auth-option' in element.attribs);
    expect(options.map((option) => 'disabled' in option.attribs)).toEqual([false, true, true, true, true, true]);
  });
});

describe('bodies', () => {
  it('form bodies: an input per field, files as file inputs (several for an array), values from the example', () => {
    const html = endpointHtml({
      ...USERS,
      parameters: [],
      security: [],
      body: {
        contents: [
          {
            mediaType: 'multipart/form-data',
            example: { title: 'Report', kind: 'pdf' },
            fields: [
              { name: 'title', type: 'string', required: true },
              { name: 'kind', type: 'enum<string>', enum: ['pdf', 'csv'] },
              { name: 'files', type: 'file[]', file: 'binary', isArray: true },
              { name: 'avatar', type: 'file', file: 'base64' },
            ],
          },
          { mediaType: 'application/x-www-form-urlencoded', fields: [{ name: 'tags', type: 'string[]', isArray: true }] },
        ],
      },
    });
    expect(controls(html).map(({ label, type, value, data, options }) => ({ label, type, value, data, ...(options ? { options } : {}) }))).toEqual([
      { label: 'Content type', type: undefined, value: undefined, data: {}, options: ['multipart/form-data', 'application/x-www-form-urlencoded'] },
      { label: 'title string required', type: 'text', value: 'Report', data: { 'data-field': '', 'data-name': 'title' } },
      { label: 'kind enum<string>', type: undefined, value: 'pdf', data: { 'data-field': '', 'data-name': 'kind' }, options: ['Not set', 'pdf', 'csv'] },
      { label: 'files file[]', type: 'file', value: undefined, data: { 'data-field': '', 'data-name': 'files', 'data-file': 'binary' } },
      { label: 'avatar file', type: 'file', value: undefined, data: { 'data-field': '', 'data-name': 'avatar', 'data-file': 'base64' } },
      { label: 'tags string[]', type: 'text', value: undefined, data: { 'data-field': '', 'data-name': 'tags', 'data-array': '' } },
    ]);
    expect(all(html, (element) => element.attribs['data-name'] === 'files')[0]!.attribs.multiple).toBe('');
  });
});

describe('hostile values from a repository', () => {
  const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
  const hostile: Endpoint & { spec: string } = {
    method: 'GET',
    path: `/v1/{${HOSTILE}}`,
    servers: [
      {
        url: `https://api.example.com/${HOSTILE}`,
        description: HOSTILE,
        variables: { [HOSTILE]: { default: HOSTILE, enum: [HOSTILE], description: HOSTILE } },
      },
      { url: 'javascript:alert(3)' },
    ],
    security: [[{ key: HOSTILE, type: 'apiKey', in: 'header', name: HOSTILE, default: HOSTILE }], [{ key: HOSTILE, type: HOSTILE }]],
    parameters: [{ in: 'query', name: HOSTILE, type: HOSTILE, enum: [HOSTILE], default: HOSTILE }],
    body: { contents: [{ mediaType: 'text/plain', example: `</textarea>${HOSTILE}` }] },
    display: 'interactive',
    isDeprecated: true,
    spec: HOSTILE,
  };

  it('stay text in every mode: no element, attribute or script of theirs', () => {
    for (const display of ['interactive', 'simple', 'none'] as const) {
      const html = endpointHtml({ ...hostile, display });
      const names = new Set(all(html, () => true).map((element) => element.name));
      expect([...names].filter((name) => ['script', 'img'].includes(name))).toEqual([]);
      expect(all(html, (element) => Object.keys(element.attribs).some((name) => name.startsWith('on')))).toEqual([]);
    }
  });

  it('reach the script and the inputs exactly as the document wrote them', () => {
    const html = endpointHtml(hostile);
    const [root] = byClass(html, 'api-endpoint');
    expect(root!.attribs).toMatchObject({ 'data-method': 'get', 'data-path': hostile.path, 'data-spec': HOSTILE });
    const [form] = all(html, (element) => element.name === 'form');
    expect(JSON.parse(form!.attribs['data-endpoint']!)).toEqual(hostile);
    const found = controls(html);
    expect(found.find((control) => control.tag === 'textarea')!.value).toBe(`</textarea>${HOSTILE}`);
    expect(found.find((control) => control.data['data-in'] === 'query')).toMatchObject({ data: { 'data-name': HOSTILE }, value: HOSTILE });
    expect(found.find((control) => control.data['data-auth'] === 'header')).toMatchObject({ data: { 'data-name': HOSTILE }, value: HOSTILE });
  });
});
