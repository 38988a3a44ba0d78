import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey, createApiKey } from '../../api/auth/keys.ts';
import { keyOf, routeCalls, seedProject, type SeededProject } from '../support/fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let a: SeededProject;
let b: SeededProject;
let revokedAdmin: string;
let revokedAssistant: string;

beforeAll(async () => {
  t = await startTestApp();
  a = await seedProject(t, 'Project A');
  b = await seedProject(t, 'Project B');
  const admin = await createApiKey(t.db, a.projectId, 'admin');
  const assistant = await createApiKey(t.db, a.projectId, 'assistant');
  await revokeApiKey(t.db, admin.prefix);
  await revokeApiKey(t.db, assistant.prefix);
  revokedAdmin = admin.key;
  revokedAssistant = assistant.key;
});
afterAll(() => t.close());

describe.each(routeCalls({} as SeededProject).map((r) => r.name))('%s', (name) => {
  const route = () => routeCalls(a).find((r) => r.name === name)!;

  it('answers 401 with WWW-Authenticate when no key is sent', async () => {
    const r = route();
    const res = await t.call(r.method, r.path, { json: r.json });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(res.body).toEqual({ code: 'UNAUTHENTICATED', error: expect.stringContaining('Missing API key') });
  });

  it('answers 401 for an unknown key and for a malformed header', async () => {
    const r = route();
    const unknown = await t.call(r.method, r.path, { json: r.json, key: `${keyOf(a, r.kind).slice(0, -4)}AAAA` });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('UNAUTHENTICATED');
    expect(unknown.body.error).toContain('Invalid API key');
    const malformed = await t.call(r.method, r.path, { json: r.json, headers: { authorization: 'Basic Zm9vOmJhcg==' } });
    expect(malformed.status).toBe(401);
    expect(malformed.body.error).toContain('Malformed Authorization header');
  });

  it('answers 401 for a revoked key', async () => {
    const r = route();
    const res = await t.call(r.method, r.path, { json: r.json, key: r.kind === 'admin' ? revokedAdmin : revokedAssistant });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('answers 403 for a key of the wrong kind', async () => {
    const r = route();
    const res = await t.call(r.method, r.path, { json: r.json, key: keyOf(a, r.kind === 'admin' ? 'assistant' : 'admin') });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', error: expect.stringMatching(/needs an? (admin|assistant) key/) });
  });

  it("answers 403 for another project's key of the right kind", async () => {
    const r = route();
    const res = await t.call(r.method, r.path, { json: r.json, key: keyOf(b, r.kind) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', error: 'This API key belongs to another project.' });
  });

  it("succeeds with the project's own key of the right kind", async () => {
    const r = route();
    const res = await t.call(r.method, r.path, { json: r.json, key: keyOf(a, r.kind) });
    expect(res.status).toBeLessThan(300);
  });
});

describe('GraphQL', () => {
  const query = (key: string | undefined, statusId: string) =>
    t.call('POST', '/graphql', { key, json: { query: `{ updateStatus(statusId: "${statusId}") { _id status } }` } });

  it('applies the same rules: 401, 403 wrong kind, 403 wrong project, then data', async () => {
    const none = await query(undefined, a.statusId);
    expect(none.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const revoked = await query(revokedAdmin, a.statusId);
    expect(revoked.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
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
