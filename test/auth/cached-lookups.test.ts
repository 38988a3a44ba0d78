import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ChangeInvalidatedCache } from '../../api/db/change-invalidated-cache.ts';
import { prefixOf } from '../support/fixtures.ts';
import { createTestProject, startTestApp, type TestApp } from '../support/test-app.ts';

// Keys and sites are kept in each web process's memory; these tests change them the way another
// process would (its own database connection, plain SQL) and expect every process to notice.
let t: TestApp;
let sql: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  sql = new pg.Client({ connectionString: inject('databaseUrl') });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await t.close();
});

/** Calls `attempt` until `isDone` holds of its result, for at most two seconds; returns the last result. */
async function eventually<T>(attempt: () => Promise<T>, isDone: (result: T) => boolean): Promise<T> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const result = await attempt();
    if (isDone(result) || Date.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('API keys kept in memory', () => {
  it('stop working on the server once another process revokes them', async () => {
    const site = await createTestProject(t.db);
    const search = () => t.call('POST', `/v1/search/${site.subdomain}`, { key: site.assistantKey, json: { query: 'install' } });
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(200); // answered from memory now

    await sql.query('UPDATE api_keys SET revoked_at = now() WHERE prefix = $1', [prefixOf(site.assistantKey)]);
    const after = await eventually(search, (result) => result.status === 401);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 'UNAUTHENTICATED', error: 'Invalid API key: it is unknown or has been revoked.' });
  });

  it('are refused from origins another process has since removed', async () => {
    const site = await createTestProject(t.db);
    const search = () =>
      t.call('POST', `/v1/search/${site.subdomain}`, { key: site.assistantKey, json: { query: 'install' }, headers: { origin: 'https://docs.acme.com' } });
    expect((await search()).status).toBe(200);

    await sql.query("UPDATE api_keys SET allowed_origins = '{https://other.example}' WHERE prefix = $1", [prefixOf(site.assistantKey)]);
    const after = await eventually(search, (result) => result.status === 403);
    expect(after.status).toBe(403);
    expect(after.body.error).toContain('may be used only from https://other.example');
  });
});

describe('the site of a domain kept in memory', () => {
  it('follows a deployment another process made live', async () => {
    const site = await createTestProject(t.db);
    expect(await t.runtime.sites.find(site.subdomain)).toMatchObject({ id: site.projectId, liveDeploymentId: null });
    const deployment = await t.db.deployment.create({ data: { projectId: site.projectId, source: 'api', status: 'success' } });

    await sql.query('UPDATE projects SET live_deployment_id = $1 WHERE id = $2', [deployment.id, site.projectId]);
    const after = await eventually(
      () => t.runtime.sites.find(site.subdomain),
      (found) => found?.liveDeploymentId === deployment.id,
    );
    expect(after?.liveDeploymentId).toBe(deployment.id);
  });

  it('is forgotten when another process deletes the site', async () => {
    const site = await createTestProject(t.db);
    const search = () => t.call('POST', `/v1/search/${site.subdomain}`, { key: site.assistantKey, json: { query: 'install' } });
    expect((await search()).status).toBe(200);

    await sql.query('DELETE FROM projects WHERE id = $1', [site.projectId]);
    const after = await eventually(search, (result) => result.status !== 200);
    expect(after.status).toBe(401); // its keys went with it
  });
});

describe('ChangeInvalidatedCache', () => {
  it('answers from memory until a change is announced, then looks up again', async () => {
    const cache = new ChangeInvalidatedCache<string>(t.runtime.events, { topics: ['test:cache-a'], maxEntries: 10, maxAgeMs: 60_000 });
    let lookups = 0;
    const load = async () => `value ${++lookups}`;
    expect(await cache.get('k', load)).toBe('value 1');
    expect(await cache.get('k', load)).toBe('value 1');

    const announced = t.runtime.events.subscribe('test:cache-a');
    await t.runtime.events.publish('test:cache-a');
    await announced.next(); // the cache, subscribed earlier, has seen it too
    await announced.return?.();
    expect(await cache.get('k', load)).toBe('value 2');
    cache.close();
  });

  it('does not keep what a lookup under way when a change was announced found', async () => {
    const cache = new ChangeInvalidatedCache<string>(t.runtime.events, { topics: ['test:cache-b'], maxEntries: 10, maxAgeMs: 60_000 });
    let release: (value: string) => void = () => undefined;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));

    const announced = t.runtime.events.subscribe('test:cache-b');
    await t.runtime.events.publish('test:cache-b');
    await announced.next();
    await announced.return?.();
    release('read before the change');
    expect(await slow).toBe('read before the change');
    expect(await cache.get('k', async () => 'read after the change')).toBe('read after the change');
    cache.close();
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new ChangeInvalidatedCache<string>(t.runtime.events, { topics: ['test:cache-c'], maxEntries: 2, maxAgeMs: 60_000 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2'); // a is the most recent now
    await cache.get('c', async () => 'c1'); // b goes
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
    cache.close();
  });
});
