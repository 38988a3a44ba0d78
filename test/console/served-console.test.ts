import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleBuild } from '../../scripts/browser-bundle.ts';
import { CONSOLE_GZIP_GOAL_BYTES, ensureConsoleBuilt } from '../../console/build.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** The console as Folio serves it: a page at /console/ (revalidated, locked down) loading its hashed bundle (cached a year). */
let t: TestApp;
let build: BundleBuild;

beforeAll(async () => {
  build = await ensureConsoleBuilt();
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (target: string, headers: Record<string, string> = {}) => t.app.fetch(`http://folio.test${target}`, { headers });

describe('the served console', () => {
  it('serves its page at /console/ and /console, naming the hashed bundle, revalidated, with a strict Content-Security-Policy', async () => {
    for (const target of ['/console/', '/console', '/console/index.html']) {
      const response = await get(target);
      expect([target, response.status]).toEqual([target, 200]);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'; ");
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      const page = await response.text();
      expect(page).toContain(`<script type="module" src="/console/assets/${build.file}"></script>`);
      expect(page).toContain('<folio-console></folio-console>');
    }
  });

  it('serves the bundle for a year, gzip when accepted, and nothing else from its folders', async () => {
    expect(build.file).toMatch(/^console-[0-9a-f]{12}\.js$/);
    const plain = await get(`/console/assets/${build.file}`);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const code = Buffer.from(await plain.arrayBuffer());
    expect(code.toString()).toContain('folio-console');
    const gzip = await get(`/console/assets/${build.file}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer()))).toEqual(code);
    for (const target of [
      '/console/build.json',
      '/console/../package.json',
      '/console/assets/../build.json',
      '/console/deployments',
      '/console/screenshots/light-keys.png',
    ]) {
      const response = await get(target);
      expect([target, response.status]).toEqual([target, 404]);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it(`is one module within the ${CONSOLE_GZIP_GOAL_BYTES / 1024} kB gzipped goal`, () => {
    expect(build.gzipBytes).toBeLessThanOrEqual(CONSOLE_GZIP_GOAL_BYTES);
  });
});
