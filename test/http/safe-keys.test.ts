import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../api/auth/keys.ts';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { deployedSite } from '../support/docs-site.ts';
import { runFolio } from '../support/folio-process.ts';
import { call, isolatedTestApp, startTestApp, type TestApp } from '../support/test-app.ts';

/** Keys safe to publish in a page: limited to origins, rate limited per key and per client across web processes. */
const LIMITS = {
  SEARCHES_PER_MINUTE_PER_CLIENT: '5',
  SEARCHES_PER_HOUR: '8',
  ASSISTANT_MESSAGES_PER_MINUTE_PER_CLIENT: '2',
  ASSISTANT_MESSAGES_PER_HOUR: '1000',
  TRUSTED_PROXIES: '1',
};
const isolated = isolatedTestApp({ isWorker: true, env: () => LIMITS });
let t: TestApp;
let second: TestApp;
let site: CreatedProject;

beforeAll(async () => {
  t = isolated.app;
  second = await startTestApp({ databaseUrl: isolated.databaseUrl, env: LIMITS });
  site = await deployedSite(t, 'safe-keys');
});
afterAll(() => second.close());

const search = (app: TestApp, key: string, headers: Record<string, string> = {}, domain = site.subdomain) =>
  call(app.app, 'POST', `/v1/search/${domain}`, { key, json: { query: 'custom domain' }, headers });

describe('a key limited to origins', () => {
  it('works from its origins, answering CORS to that origin only; anywhere else, or outside a browser, it is a 403', async () => {
    const limited = await createApiKey(t.db, site.projectId, 'assistant', { allowedOrigins: ['https://docs.acme.com'] });
    const allowed = await search(t, limited.key, { origin: 'https://docs.acme.com', 'x-forwarded-for': '10.0.0.1' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://docs.acme.com');
    expect(allowed.headers.get('vary')).toContain('Origin');
    for (const headers of [{ origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const refused = await search(t, limited.key, { ...headers, 'x-forwarded-for': '10.0.0.1' });
      expect(refused).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', error: expect.stringContaining('may be used only from https://docs.acme.com') },
      });
    }
    const graphql = await call(t.app, 'POST', '/graphql', {
      key: limited.key,
      json: { query: `{ search(domain: "${site.subdomain}", query: "fonts") { path } }` },
      headers: { origin: 'https://evil.example' },
    });
    expect(graphql.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('"self" works from pages of the host Folio is reached at, whatever the scheme a proxy changed', async () => {
    const self = await createApiKey(t.db, site.projectId, 'assistant', { allowedOrigins: ['self'] });
    expect((await search(t, self.key, { origin: 'https://folio.test', 'x-forwarded-for': '10.0.0.2' })).status).toBe(200);
    expect((await search(t, self.key, { origin: 'http://elsewhere.test', 'x-forwarded-for': '10.0.0.2' })).status).toBe(403);
  });

  it('is set by GraphQL and the CLI, and bad origins are refused naming the field', async () => {
    const created = await call(t.app, 'POST', '/graphql', {
      key: site.adminKey,
      json: {
        query: `mutation { createApiKey(projectId: "${site.projectId}", kind: assistant, allowedOrigins: ["https://a.example"]) { key prefix allowedOrigins } }`,
      },
    });
    const { prefix, allowedOrigins } = created.body.data.createApiKey;
    expect(allowedOrigins).toEqual(['https://a.example']);
    const changed = await call(t.app, 'POST', '/graphql', {
      key: site.adminKey,
      json: {
        query: `mutation { setApiKeyOrigins(projectId: "${site.projectId}", prefix: "${prefix}", allowedOrigins: ["https://b.example", "self"]) { allowedOrigins } }`,
      },
    });
    expect(changed.body.data.setApiKeyOrigins.allowedOrigins).toEqual(['https://b.example', 'self']);
    const bad = await call(t.app, 'POST', '/graphql', {
      key: site.adminKey,
      json: { query: `mutation { createApiKey(projectId: "${site.projectId}", kind: assistant, allowedOrigins: ["docs.acme.com"]) { key } }` },
    });
    expect(bad.body.errors[0]).toMatchObject({ extensions: { code: 'INVALID_INPUT', field: 'allowedOrigins.0' } });

    const cli = await runFolio(
      ['key', 'create', '--project', site.projectId, '--kind', 'assistant', '--origins', 'https://c.example,https://d.example:8443', '--json'],
      { DATABASE_URL: isolated.databaseUrl },
    );
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout).allowedOrigins).toEqual(['https://c.example', 'https://d.example:8443']);
    const refused = await runFolio(['key', 'create', '--project', site.projectId, '--kind', 'assistant', '--origins', 'nope'], {
      DATABASE_URL: isolated.databaseUrl,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('"nope" is not an origin');
  });
});

describe('rate limits, held across two web processes', () => {
  it('per client: the next search past the limit is a 429 with Retry-After, from either process; other clients go on', async () => {
    const key = (await createApiKey(t.db, site.projectId, 'assistant')).key;
    const client = { 'x-forwarded-for': '192.0.2.10' };
    for (let i = 0; i < 5; i++) expect((await search(i % 2 ? second : t, key, client)).status).toBe(200);
    for (const app of [t, second]) {
      const refused = await search(app, key, client);
      expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', error: expect.stringContaining('searched 5 times in the last minute') } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    expect((await search(t, key, { 'x-forwarded-for': '192.0.2.11' })).status).toBe(200);
  });

  it('a client whose window has ended is counted afresh, whichever process it reaches', async () => {
    const [first, next] = [(await createApiKey(t.db, site.projectId, 'assistant')).key, (await createApiKey(t.db, site.projectId, 'assistant')).key];
    const client = { 'x-forwarded-for': '192.0.2.20' };
    for (let i = 0; i < 5; i++) expect((await search(t, first, client)).status).toBe(200);
    expect((await search(t, first, client)).status).toBe(429);
    await t.db.$executeRaw`UPDATE rate_limits SET expire = ${Date.now() - 1} WHERE key = ${`search-client:${site.projectId}:192.0.2.20`}`;
    for (let i = 0; i < 5; i++) expect((await search(second, next, client)).status).toBe(200);
    expect((await search(second, next, client)).status).toBe(429);
  });

  it('per key: 8 searches an hour here, whichever clients send them', async () => {
    const key = (await createApiKey(t.db, site.projectId, 'assistant')).key;
    for (let i = 0; i < 8; i++) expect((await search(i % 2 ? second : t, key, { 'x-forwarded-for': `198.51.100.${i}` })).status).toBe(200);
    const refused = await search(second, key, { 'x-forwarded-for': '198.51.100.99' });
    expect(refused).toMatchObject({ status: 429, body: { error: expect.stringContaining('This key has searched 8 times in the last hour') } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('the assistant counts questions per client, before anything streams', async () => {
    const key = (await createApiKey(t.db, site.projectId, 'assistant')).key;
    const ask = (app: TestApp) =>
      call(app.app, 'POST', `/v1/assistant/${site.subdomain}/message`, {
        key,
        headers: { 'x-forwarded-for': '203.0.113.5' },
        json: { fp: 'a', messages: [{ role: 'user', content: 'How do I add a custom domain?' }] },
      });
    expect((await ask(t)).status).toBe(200);
    expect((await ask(second)).status).toBe(200);
    const refused = await ask(t);
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('the demo page', () => {
  it("shows the site's search and assistant with a published key that works only from Folio's own pages", async () => {
    const page = await call(t.app, 'GET', `/demo/${site.subdomain}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.body).toContain('<script type="module" src="/widget.js"></script>');
    const key = /<folio-search domain="safe-keys" api-key="(folio_assistant_[^"]+)"><\/folio-search>/.exec(page.body)?.[1];
    expect(key).toBeDefined();
    expect(page.body).toContain(`<folio-assistant domain="safe-keys" api-key="${key}">`);
    expect((await call(t.app, 'GET', `/demo/${site.subdomain}`)).body).toContain(key); // the same key each time
    expect((await search(t, key!, { origin: 'http://folio.test', 'x-forwarded-for': '10.1.1.1' })).status).toBe(200);
    expect((await search(t, key!, { origin: 'https://copied-the-key.example', 'x-forwarded-for': '10.1.1.1' })).status).toBe(403);
    expect((await call(t.app, 'GET', '/demo/no-such-site')).status).toBe(404);
  });
});
