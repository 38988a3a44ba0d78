import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../api/app.ts';
import { revokeApiKey } from '../../api/auth/keys.ts';
import { deploymentTopic } from '../../api/events/topics.ts';
import type { StreamEncoder } from '../../api/http/stream-encoder.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import type { FileRoute } from '../../api/http/static-files.ts';
import { API_ROUTES, type StreamRoute } from '../../api/rest/routes.ts';
import { prefixOf, seedProject, type SeededProject } from '../support/fixtures.ts';
import { call, startTestApp, type TestApp } from '../support/test-app.ts';

/** Every call of the test stream's encoder, to tell what was written after a client left. */
const encoded: unknown[] = [];

/** A streaming route over an existing subscription: each deployment change as a line of JSON. */
const deploymentLines: StreamRoute = {
  kind: 'stream',
  method: 'POST',
  path: '/v1/test/deployments/:statusId',
  field: 'Subscription.deploymentUpdated',
  keyKind: 'admin',
  status: 200,
  hasBody: true,
  summary: 'Follow a deployment (test route)',
  tag: 'Admin',
  operation: 'subscription($id: String!) { deploymentUpdated(statusId: $id) { _id status summary } }',
  variables: (params) => ({ id: params.statusId }),
  encoder: (): StreamEncoder => ({
    contentType: 'application/x-ndjson',
    headers: (first) => ({ 'x-first-status': (first as { status: string }).status }),
    encode: (event) => {
      encoded.push(event);
      return `${JSON.stringify(event)}\n`;
    },
    fail: (error) => `${JSON.stringify({ failed: error.code })}\n`,
    end: () => '{"end":true}\n',
  }),
  openApi: {
    requestBody: { type: 'object' },
    contentType: 'application/x-ndjson',
    description: 'Test stream.',
    headers: { 'X-First-Status': 'The status first seen.' },
  },
};

let t: TestApp;
let app: App;
let server: RunningServer;
let a: SeededProject;
let filesDir: string;

beforeAll(async () => {
  t = await startTestApp();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-files-'));
  fs.writeFileSync(path.join(filesDir, 'widget.abc123.js'), 'export const x = 1;\n');
  fs.writeFileSync(path.join(filesDir, 'widget.abc123.js.br'), 'brotli bytes');
  fs.writeFileSync(path.join(filesDir, '.env'), 'SECRET=1');
  fs.mkdirSync(path.join(filesDir, 'nested'));
  fs.writeFileSync(path.join(filesDir, 'nested', 'style.css'), 'a{}');
  fs.symlinkSync('/etc/hostname', path.join(filesDir, 'outside.txt'));
  const files: FileRoute = { path: '/assets', dir: filesDir, isImmutable: true };
  app = createApp(t.runtime, { api: [...API_ROUTES, deploymentLines], files: [files], pages: [] });
  server = await listen(app, '127.0.0.1', 0);
  a = await seedProject(t);
});
afterAll(async () => {
  await server.close();
  await t.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

async function change(statusId: string, data: Parameters<TestApp['db']['deployment']['update']>[0]['data']) {
  await t.db.deployment.update({ where: { id: statusId }, data });
  await t.runtime.events.publish(deploymentTopic(statusId));
}

/** Reads lines from a streamed body as they arrive. */
function lineReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  let buffered = '';
  return async (): Promise<any> => {
    while (!buffered.includes('\n')) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffered += new TextDecoder().decode(value);
    }
    const line = buffered.slice(0, buffered.indexOf('\n'));
    buffered = buffered.slice(buffered.indexOf('\n') + 1);
    return JSON.parse(line);
  };
}

const follow = (seeded: SeededProject, signal?: AbortSignal) =>
  fetch(`${server.url}/v1/test/deployments/${seeded.statusId}`, { method: 'POST', headers: { authorization: `Bearer ${seeded.adminKey}` }, signal });

describe('a streaming route', () => {
  it('answers its own status and headers, then writes each event as it happens, and ends with the subscription', async () => {
    const seeded = await seedProject(t);
    const res = await follow(seeded);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    expect(res.headers.get('x-first-status')).toBe('queued');
    const next = lineReader(res.body!);
    expect(await next()).toEqual({ _id: seeded.statusId, status: 'queued', summary: '' });
    await change(seeded.statusId, { status: 'in_progress' });
    expect(await next()).toMatchObject({ status: 'in_progress' });
    await change(seeded.statusId, { status: 'success', summary: 'Done.', endedAt: new Date() });
    expect(await next()).toMatchObject({ status: 'success', summary: 'Done.' });
    expect(await next()).toEqual({ end: true });
    expect(await next()).toBeUndefined();
  });

  it('refuses before the first byte with an ordinary JSON error', async () => {
    const unknown = await call(app, 'POST', '/v1/test/deployments/000000000000000000000000', { key: a.adminKey });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await call(app, 'POST', `/v1/test/deployments/${a.statusId}`)).status).toBe(401);
    expect((await call(app, 'POST', `/v1/test/deployments/${a.statusId}`, { key: a.assistantKey })).status).toBe(403);
    expect((await call(app, 'GET', `/v1/test/deployments/${a.statusId}`, { key: a.adminKey })).status).toBe(405);
    expect((await call(app, 'POST', `/v1/test/deployments/${a.statusId}?x=1`, { key: a.adminKey })).body).toMatchObject({ code: 'INVALID_INPUT', field: 'x' });
  });

  it('ends a stream that fails after it began (here: its key is revoked) in the stream’s own format', async () => {
    const seeded = await seedProject(t);
    const res = await follow(seeded);
    const next = lineReader(res.body!);
    expect(await next()).toMatchObject({ status: 'queued' });
    await revokeApiKey(t.db, prefixOf(seeded.adminKey));
    expect(await next()).toEqual({ failed: 'UNAUTHENTICATED' });
    expect(await next()).toBeUndefined();
  });

  it('stops its subscription when the client goes away', async () => {
    const seeded = await seedProject(t);
    const client = new AbortController();
    const res = await follow(seeded, client.signal);
    expect(await lineReader(res.body!)()).toMatchObject({ status: 'queued' });
    client.abort();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = encoded.length;
    await change(seeded.statusId, { status: 'in_progress' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(encoded.length).toBe(before);
  });

  it('is documented in the OpenAPI document with its media type and headers', async () => {
    const doc = (await call(app, 'GET', '/v1/openapi.json')).body;
    const operation = doc.paths['/v1/test/deployments/{statusId}'].post;
    expect(operation.operationId).toBe('deploymentUpdated');
    expect(Object.keys(operation.responses['200'].content)).toEqual(['application/x-ndjson']);
    expect(operation.responses['200'].headers['X-First-Status']).toBeDefined();
    expect(operation.responses['401']).toBeDefined();
  });
});

describe('a file route', () => {
  it('serves a file with its type, a strong ETag and a year of caching, and 304 when it has not changed', async () => {
    const res = await call(app, 'GET', '/assets/widget.abc123.js');
    expect(res).toMatchObject({ status: 200, body: 'export const x = 1;\n' });
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await call(app, 'GET', '/assets/widget.abc123.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await call(app, 'GET', '/assets/nested/style.css')).toMatchObject({ status: 200, body: 'a{}' });
  });

  it('serves the precompressed variant to a client that accepts it', async () => {
    const res = await call(app, 'GET', '/assets/widget.abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const refused = await call(app, 'GET', '/assets/widget.abc123.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it.each([
    '/assets/.env',
    '/assets/../package.json',
    '/assets/%2e%2e/package.json',
    '/assets/outside.txt',
    '/assets/nested',
    '/assets/missing.js',
    '/assets/',
  ])('never serves %s', async (target) => {
    const res = await call(app, 'GET', target);
    expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('answers HEAD without a body, and other methods with 405', async () => {
    const head = await call(app, 'HEAD', '/assets/widget.abc123.js');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect((await call(app, 'POST', '/assets/widget.abc123.js')).status).toBe(405);
  });
});
