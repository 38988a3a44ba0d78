import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../../api/auth/keys.ts';
import { API_ROUTES, type ApiRoute } from '../../api/rest/routes.ts';
import { keyOf, seedProject, type SeededProject, VALID_BODIES } from '../support/fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let a: SeededProject;
let b: SeededProject;
const revoked = { admin: '', assistant: '' };
const originLimited = { admin: '', assistant: '' };
const THREAD_ID = 'auth-matrix-thread';

beforeAll(async () => {
  t = await startTestApp();
  a = await seedProject(t, 'Project A');
  b = await seedProject(t, 'Project B');
  for (const kind of ['admin', 'assistant'] as const) {
    const key = await createApiKey(t.db, a.projectId, kind);
    await revokeApiKey(t.db, key.prefix);
    revoked[kind] = key.key;
    originLimited[kind] = (await createApiKey(t.db, a.projectId, kind, { allowedOrigins: ['https://docs.example.com'] })).key;
  }
  await t.db.thread.create({ data: { id: THREAD_ID, projectId: a.projectId, fingerprint: 'reader' } });
});
afterAll(() => t.close());

/**
 * What the own key of the right kind is answered where the seeded project lacks what the route names:
 * the route itself answers, past every check of the key. Their success is the business of their own tests.
 */
const ANSWERED_BY_THE_ROUTE: Readonly<Record<string, { status: number; code: string; error: RegExp }>> = {
  'POST /v1/page/:domain': { status: 404, code: 'NOT_FOUND', error: /^No page at "\/quickstart" on this site/ },
  'POST /v1/analytics/:projectId/gaps/:gapId/fix': { status: 404, code: 'NOT_FOUND', error: /^No content gap "gap-1"/ },
};

const nameOf = (route: ApiRoute) => `${route.method} ${route.path}`;
const otherKind = (route: ApiRoute) => (route.keyKind === 'admin' ? 'assistant' : 'admin');

/** The route called on project A's resources, with the body it needs to get past validation. */
function callOf(route: ApiRoute, key: string | undefined, headers?: Record<string, string>) {
  const values: Record<string, string> = {
    domain: a.subdomain,
    projectId: a.projectId,
    statusId: a.statusId,
    id: a.sessionId,
    threadId: THREAD_ID,
    gapId: 'gap-1',
  };
  const path = route.path.replace(/:(\w+)/g, (_match, name: string) => values[name] ?? `no value for :${name} in test/rest/auth-matrix.test.ts`);
  return t.call(route.method, path, { key, headers, json: route.hasBody ? VALID_BODIES[route.path] : undefined });
}

// Generated from the route table: a route added to it is checked here without a change to this file
// (a route that takes a body fails the first case below until VALID_BODIES has one for it).
describe.each(API_ROUTES.map((route) => [nameOf(route), route] as const))('%s', (_name, route) => {
  it('has a valid body to send, when it takes one', () => {
    expect(!route.hasBody || VALID_BODIES[route.path] !== undefined, `add a valid body for ${route.path} to VALID_BODIES in test/support/fixtures.ts`).toBe(
      true,
    );
  });

  it('answers 401 with WWW-Authenticate when no key is sent', async () => {
    const res = await callOf(route, undefined);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(res.body).toEqual({ code: 'UNAUTHENTICATED', error: 'Missing API key: send the header "Authorization: Bearer <key>".' });
  });

  it('answers 401 for a malformed header, an unknown key and a revoked key', async () => {
    const malformed = await callOf(route, undefined, { authorization: 'Basic Zm9vOmJhcg==' });
    expect(malformed.status).toBe(401);
    expect(malformed.body).toEqual({ code: 'UNAUTHENTICATED', error: 'Malformed Authorization header: expected "Bearer <key>".' });
    for (const key of [`${keyOf(a, route.keyKind).slice(0, -4)}AAAA`, revoked[route.keyKind]]) {
      const res = await callOf(route, key);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'UNAUTHENTICATED', error: 'Invalid API key: it is unknown or has been revoked.' });
    }
  });

  it('answers 403 for a key of the wrong kind', async () => {
    const res = await callOf(route, keyOf(a, otherKind(route)));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', error: `This endpoint needs an ${route.keyKind} key; the request used an ${otherKind(route)} key.` });
  });

  it('answers 403 naming the origins for a key limited to them, sent from elsewhere', async () => {
    const res = await callOf(route, originLimited[route.keyKind]);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'FORBIDDEN',
      error: 'This key may be used only from https://docs.example.com; this request comes from no browser page (no Origin header).',
    });
  });

  it("answers 403 for another project's key of the right kind", async () => {
    const res = await callOf(route, keyOf(b, route.keyKind));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', error: 'This API key belongs to another project.' });
  });

  it("is answered by the route itself with the project's own key of the right kind", async () => {
    const res = await callOf(route, keyOf(a, route.keyKind));
    const expected = ANSWERED_BY_THE_ROUTE[nameOf(route)];
    if (!expected) return expect(res.status, JSON.stringify(res.body)).toBe(route.status);
    expect(res.status).toBe(expected.status);
    expect(res.body).toMatchObject({ code: expected.code, error: expect.stringMatching(expected.error) });
  });
});

describe('GraphQL', () => {
  const query = (key: string | undefined, statusId: string) =>
    t.call('POST', '/graphql', { key, json: { query: `{ updateStatus(statusId: "${statusId}") { _id status } }` } });

  it('applies the same rules: 401, 403 wrong kind, 403 wrong project, then data', async () => {
    const none = await query(undefined, a.statusId);
    expect(none.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const revokedKey = await query(revoked.admin, a.statusId);
    expect(revokedKey.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const wrongKind = await query(a.assistantKey, a.statusId);
    expect(wrongKind.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const wrongProject = await query(b.adminKey, a.statusId);
    expect(wrongProject.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const ok = await query(a.adminKey, a.statusId);
    expect(ok.body).toEqual({ data: { updateStatus: { _id: a.statusId, status: 'queued' } } });
  });

  it('answers with the HTTP status of the refusal', async () => {
    const none = await query(undefined, a.statusId);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(none.body.data).toBeNull();
    expect(none.body.errors[0].message).toContain('Missing API key');
    expect((await query(b.adminKey, a.statusId)).status).toBe(403);
  });
});
