import fs from 'node:fs';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOf, routeCalls, seedProject, type SeededProject } from '../support/fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Mintlify's own OpenAPI documents (copied from the spec), the contract Folio's /v1 must honour; the later admin document adds /v2/agent. */
const specs = ['openapi.json', 'admin-openapi.json', 'discovery-openapi.json', 'later/admin-openapi.json'].map((file) =>
  JSON.parse(fs.readFileSync(new URL(`../fixtures/mintlify-openapi/${file}`, import.meta.url), 'utf8')),
);
/** ISO 8601 UTC with milliseconds, as every date-time Folio writes. */
const formats = { 'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/ };
const ajv = new Ajv({ strict: false, allErrors: true, formats });

function specResponse(method: string, path: string, status: number): object {
  for (const spec of specs) {
    const operation = spec.paths[path]?.[method.toLowerCase()];
    if (operation) {
      const response = operation.responses[String(status)];
      if (!response) throw new Error(`spec has no ${status} response for ${method} ${path}`);
      // With the document's components, which its schemas refer to.
      return { ...Object.values(response.content as Record<string, { schema: object }>)[0]!.schema, components: spec.components };
    }
  }
  throw new Error(`spec has no ${method} ${path}`);
}

let t: TestApp;
let a: SeededProject;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedProject(t);
});
afterAll(() => t.close());

describe('every /v1 and /v2 JSON route answers with the status and body shape of the spec', () => {
  const cases: [string, string, number][] = [
    ['search', '/search/{domain}', 200],
    ['trigger update', '/project/update/{projectId}', 202],
    ['update status', '/project/update-status/{statusId}', 200],
    ['list agent jobs', '/agent/{projectId}/jobs', 200],
    ['get agent job', '/agent/{projectId}/job/{id}', 200],
    ['create agent job (v2)', '/v2/agent/{projectId}/job', 201],
    ['get agent job (v2)', '/v2/agent/{projectId}/job/{id}', 200],
    ['send follow-up message (v2)', '/v2/agent/{projectId}/job/{id}/message', 200],
  ];
  it.each(cases)('%s', async (name, specPath, status) => {
    const route = routeCalls(a).find((r) => r.name === name)!;
    const res = await t.call(route.method, route.path, { json: route.json, key: keyOf(a, route.kind) });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/json');
    const validate = ajv.compile(specResponse(route.method, specPath, status));
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('response bodies carry the spec fields with their values', () => {
  it('trigger update answers {statusId} of a queued update that update status then reads', async () => {
    const trigger = await t.call('POST', `/v1/project/update/${a.projectId}`, { key: a.adminKey });
    expect(Object.keys(trigger.body)).toEqual(['statusId']);
    const status = await t.call('GET', `/v1/project/update-status/${trigger.body.statusId}`, { key: a.adminKey });
    expect(status.body).toMatchObject({
      _id: trigger.body.statusId,
      projectId: a.projectId,
      status: 'queued',
      subdomain: a.subdomain,
      source: 'api',
      logs: ['Queued by the API.'],
      commit: { filesChanged: { added: [], modified: [], removed: [] } },
    });
    expect(new Date(status.body.createdAt).toISOString()).toBe(status.body.createdAt);
    // Folio's extension fields come after the documented ones.
    expect(Object.keys(status.body)).toEqual([
      '_id',
      'projectId',
      'createdAt',
      'status',
      'summary',
      'logs',
      'subdomain',
      'commit',
      'source',
      'branch',
      'isPreview',
    ]);
    expect(status.body).toMatchObject({ branch: 'main', isPreview: false });
    expect(status.body).not.toHaveProperty('endedAt'); // null fields are left out of REST bodies
  });

  it('agent job routes answer the session with haulted, todos and createdAt', async () => {
    const list = await t.call('GET', `/v1/agent/${a.projectId}/jobs`, { key: a.adminKey });
    const one = await t.call('GET', `/v1/agent/${a.projectId}/job/${a.sessionId}`, { key: a.adminKey });
    expect(one.body).toEqual(list.body.allSessions.find((session: { sessionId: string }) => session.sessionId === a.sessionId));
    expect(one.body).toMatchObject({
      sessionId: a.sessionId,
      subdomain: a.subdomain,
      branch: 'docs/update-quickstart',
      haulted: false,
      todos: [{ content: 'Rewrite step 2', status: 'pending', priority: 'high', id: expect.any(String) }],
    });
  });

  it('search on a site with nothing deployed answers []', async () => {
    const res = await t.call('POST', `/v1/search/${a.subdomain}`, { key: a.assistantKey, json: { query: 'install', pageSize: 5, filter: { language: 'en' } } });
    expect(res).toMatchObject({ status: 200, body: [] });
  });
});

describe('/v1/openapi.json', () => {
  it('documents exactly the reachable routes, their bodies, success and error responses, and bearer auth', async () => {
    const res = await t.call('GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/v1/agent/{projectId}/job',
      '/v1/agent/{projectId}/job/{id}',
      '/v1/agent/{projectId}/jobs',
      '/v1/analytics/{projectId}/assistant',
      '/v1/analytics/{projectId}/assistant/caller-stats',
      '/v1/analytics/{projectId}/assistant/threads/{threadId}',
      '/v1/analytics/{projectId}/feedback',
      '/v1/analytics/{projectId}/feedback/by-page',
      '/v1/analytics/{projectId}/gaps',
      '/v1/analytics/{projectId}/gaps/{gapId}/fix',
      '/v1/analytics/{projectId}/searches',
      '/v1/analytics/{projectId}/views',
      '/v1/analytics/{projectId}/visitors',
      '/v1/assistant/{domain}/message',
      '/v1/feedback/{domain}',
      '/v1/page/{domain}',
      '/v1/project/preview/{projectId}',
      '/v1/project/update-status/{statusId}',
      '/v1/project/update/{projectId}',
      '/v1/search/{domain}',
      '/v1/search/{domain}/click',
      '/v2/agent/{projectId}/job',
      '/v2/agent/{projectId}/job/{id}',
      '/v2/agent/{projectId}/job/{id}/message',
      '/v2/assistant/{domain}/message',
    ]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const search = doc.paths['/v1/search/{domain}'].post;
    expect(search.requestBody.content['application/json'].schema).toMatchObject({
      required: ['query'],
      additionalProperties: false,
      properties: { query: { type: 'string' }, pageSize: { type: ['integer', 'null'], default: 10 } },
    });
    expect(search.parameters).toEqual([
      { name: 'domain', in: 'path', required: true, schema: { type: 'string' } },
      {
        name: 'X-Folio-Search',
        in: 'header',
        required: false,
        description: expect.stringMatching(/^`typing` for a search made as the reader types/),
        schema: { type: 'string', enum: ['typing', 'settled'] },
      },
    ]);
    expect(Object.keys(search.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '413', '415']));
    expect(doc.paths['/v1/project/update/{projectId}'].post.responses['202']).toBeDefined();
    const preview = doc.paths['/v1/project/preview/{projectId}'].post;
    expect(preview.requestBody.content['application/json'].schema).toMatchObject({ required: ['branch'], properties: { branch: { type: 'string' } } });
    expect(Object.keys(preview.responses['202'].content['application/json'].schema.properties ?? doc.components.schemas.PreviewTrigger.properties)).toEqual([
      'statusId',
      'previewUrl',
    ]);
    expect(doc.components.schemas.Deployment.properties.source.enum).toContain('github-app-installation');
    expect(doc.components.schemas.Deployment.properties._id).toEqual({ type: 'string', description: 'The status id of the update.' });
    expect(doc.components.schemas.AgentSession.properties.haultReason.enum).toEqual(['completed', 'github_missconfigured', 'error']);
  });

  it('describes real answers: each route body validates against its own documented schema', async () => {
    const doc = (await t.call('GET', '/v1/openapi.json')).body;
    const local = new Ajv({ strict: false, formats });
    local.addSchema({ $id: 'folio', components: doc.components }, 'folio');
    for (const route of routeCalls(a)) {
      const path = route.path;
      const templated = Object.keys(doc.paths).find((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))!;
      const operation = doc.paths[templated][route.method.toLowerCase()];
      const [status, response] = Object.entries(operation.responses).find(([s]) => s.startsWith('2'))! as [string, any];
      const schema = JSON.parse(JSON.stringify(response.content['application/json'].schema).replaceAll('"#/components', '"folio#/components'));
      const res = await t.call(route.method, route.path, { json: route.json, key: keyOf(a, route.kind) });
      expect(res.status).toBe(Number(status));
      expect(local.validate(schema, res.body), `${route.name}: ${JSON.stringify(local.errors)}`).toBe(true);
    }
  });
});

describe('only the listed routes are reachable', () => {
  it.each([
    ['GET', '/v1/project/123'],
    ['GET', '/v1/agent-jobs'],
    ['POST', '/v1/webhook'],
    ['DELETE', '/v1/webhook/abc'],
    ['GET', '/v1/deployments'],
    ['GET', '/v1/agent/x/job/y/z'],
    ['GET', '/v2/search/x'],
  ])('%s %s is 404', async (method, path) => {
    const res = await t.call(method, path, { key: a.adminKey, json: method === 'POST' ? { url: 'http://127.0.0.1:9' } : undefined });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', error: `No endpoint ${method} ${path}.` });
  });
});
