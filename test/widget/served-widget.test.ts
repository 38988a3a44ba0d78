import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_DIR, ensureWidgetBuilt, GZIP_GOAL_BYTES, type WidgetBuild } from '../../widget/build.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** The widget as Folio serves it: `/widget.js` (revalidated) importing the content-hashed bundle (cached a year). */
let t: TestApp;
let build: WidgetBuild;

beforeAll(async () => {
  build = await ensureWidgetBuilt();
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (target: string, headers: Record<string, string> = {}) => t.app.fetch(`http://folio.test${target}`, { headers });

describe('the served widget', () => {
  it('serves /widget.js as a small module that imports the hashed bundle, revalidated each time, to any origin', async () => {
    const response = await get('/widget.js', { origin: 'https://docs.acme.com' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const text = await response.text();
    expect(text).toContain(`export * from './widget/${build.file}';`);
    expect(text.length).toBeLessThan(300);
    expect((await get('/widget.js', { 'if-none-match': etag })).status).toBe(304);
  });

  it('serves the content-hashed bundle for a year, brotli or gzip when accepted', async () => {
    expect(build.file).toMatch(/^folio-[0-9a-f]{12}\.js$/);
    const plain = await get(`/widget/${build.file}`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const code = Buffer.from(await plain.arrayBuffer());
    expect(code.toString()).toContain('customElements.define');
    const brotli = await get(`/widget/${build.file}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await brotli.arrayBuffer()))).toEqual(code);
    const gzip = await get(`/widget/${build.file}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer()))).toEqual(code);
    expect((await get('/widget/folio-000000000000.js')).status).toBe(404);
    expect((await get('/widget/../build.json')).status).toBe(404);
  });

  it(`stays within the ${GZIP_GOAL_BYTES / 1024} kB gzipped goal, in one module`, () => {
    expect(build.gzipBytes).toBeLessThanOrEqual(GZIP_GOAL_BYTES);
    const code = fs.readFileSync(path.join(BUNDLE_DIR, build.file), 'utf8');
    expect(code).not.toMatch(/\bimport\s*\(|from\s*["']/);
  });
});
