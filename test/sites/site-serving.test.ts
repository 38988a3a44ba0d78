import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { SMALL_SITE } from '../support/docs-site.ts';
import { commit, makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** A 1x1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Someone who can push to the docs repository writes this; it must not run anything in Folio's origin. */
const HOSTILE = `---
title: Hostile
description: Tries everything.
---

<script>alert('inline')</script>

<iframe src="https://evil.example/frame"></iframe>

<img src="x.png" onerror="alert('img')" />

[a javascript link](javascript:alert('link')) and [a data link](data:text/html,<script>alert(1)</script>)

<a href="javascript:alert('raw')">raw link</a> <b onclick="alert(1)">bold</b>

<Card title="Card" href="javascript:alert('card')">Card text</Card>

<div style="background:url(javascript:alert(1))" onmouseover="alert(1)">
  Inside a div <style>body{display:none}</style>
</div>

{alert('expression')}

<svg onload="alert(1)"><circle r="5" /></svg>

<UnknownWidget prop={{ a: 1 }}>Unknown text stays</UnknownWidget>

## Safe heading
`;

const isolated = isolatedTestApp({ isWorker: true, env: () => ({ SITE_DOMAIN: 'docs.test', PUBLIC_URL: 'https://folio.docs.test' }) });
let t: TestApp;
let site: CreatedProject;
let repo: { dir: string };
let firstDeployment: string;

beforeAll(async () => {
  t = isolated.app;
  repo = makeRepo({
    ...SMALL_SITE,
    'docs.json': JSON.stringify({
      name: 'Acme Docs',
      colors: { primary: '#9be7ff' },
      logo: '/images/logo.png',
      favicon: '/images/logo.png',
      navigation: { groups: [{ group: 'Guides', pages: ['quickstart', 'custom-domain', 'fonts', 'hostile', 'guides/pictures'] }] },
      redirects: [
        { source: '/old-fonts', destination: '/fonts' },
        { source: '/blog/:slug', destination: 'https://acme.example/blog/:slug', permanent: false },
      ],
    }),
    'hostile.mdx': HOSTILE,
    'guides/pictures.mdx':
      '---\ntitle: Pictures\n---\n\n![The logo](/images/logo.png)\n\n<Frame caption="Framed">\n  <img src="../images/logo.png" alt="Framed logo" />\n</Frame>\n',
    'images/evil.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    '.mintignore': '# Not for publishing\ndrafts/\n',
    'landing.mdx': '---\ntitle: Landing\nmode: custom\n---\n\n<div className="text-red-700 dark:text-sky-300 mt-4">\n  Welcome aboard.\n</div>\n',
    'theme/brand.css': '.dark .brand-note { color: #ffd; }\nhtml:not(.dark) .brand-note { color: #330; }\n',
    'drafts/secret.mdx': '---\ntitle: Secret plans\n---\n\nNot yet.\n',
  });
  fs.mkdirSync(path.join(repo.dir, 'images'), { recursive: true });
  fs.writeFileSync(path.join(repo.dir, 'images', 'logo.png'), PNG);
  commit(repo.dir, {}, 'Add the logo');
  site = await createProject(t.db, { name: 'Acme Docs', subdomain: 'acme', repo: repo.dir });
  const deployment = await deployAndWait(t, site.projectId);
  expect(deployment.status).toBe('success');
  firstDeployment = deployment.id;
});

const get = (path: string, headers: Record<string, string> = {}) => t.call('GET', path, { headers });
/** A request to Folio under another host name (as a browser on that host sends it). */
const onHost = (host: string, path: string, init: RequestInit = {}) => t.app.fetch(`http://${host}${path}`, init);

describe('serving a site', () => {
  it('renders a hostile page inert: no script, frame to another site, handler or javascript: target survives', async () => {
    const answer = await get('/sites/acme/hostile');
    expect(answer.status).toBe(200);
    const body = answer.body as string;
    const content = body.slice(body.indexOf('<main'), body.indexOf('</main>'));
    expect(content).not.toMatch(/<script|<iframe|<style|\son\w+=|javascript:|data:text/i);
    // Inline SVG is drawn, without anything that runs; a frame to a site that is no known player becomes a link to it.
    expect(content).toMatch(/<svg>\s*<circle r="5"><\/circle><\/svg>/);
    expect(content).toContain('<p class="embed-link"><a href="https://evil.example/frame" rel="noopener noreferrer">Embedded content</a></p>');
    expect(content).not.toContain("alert('inline')");
    expect(content).toContain('Unknown text stays');
    expect(content).toContain('Inside a div');
    expect(content).toContain('<a>a javascript link</a>');
    expect(content).toContain('<a>a data link</a>');
    expect(content).toContain('<a>raw link</a>');
    expect(content).toContain('<h2 id="safe-heading">');
    // Only Folio's own script, and a policy that allows no other.
    expect(body.match(/<script[^>]*>/g)).toEqual(['<script type="module" src="/widget.js">']);
    expect(answer.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("serves the repository's images, never running an SVG's script, and nothing outside the deployment", async () => {
    const logo = await t.app.fetch('http://folio.test/sites/acme/images/logo.png');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
    const svg = await get('/sites/acme/images/evil.svg');
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
    expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
    for (const path of [
      '/sites/acme/../acme/docs.json',
      '/sites/acme/docs.json',
      '/sites/acme/quickstart.mdx',
      '/sites/acme/%2e%2e/%2e%2e/etc/passwd',
      '/sites/acme/.git/config',
      '/sites/acme/images/%00.png',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    const pictures = (await get('/sites/acme/guides/pictures')).body as string;
    expect(pictures).toContain('<img src="../images/logo.png" alt="The logo" loading="lazy">');
    expect(pictures).toMatch(
      /<figure class="frame">\s*<img src="..\/images\/logo.png" alt="Framed logo" loading="lazy">\s*<figcaption>Framed<\/figcaption><\/figure>/,
    );
    const home = (await get('/sites/acme/quickstart')).body as string;
    expect(home).toContain('<img class="logo logo-light" src="/sites/acme/images/logo.png" alt="Acme Docs">');
    expect(home).toContain('<link rel="icon" href="/sites/acme/images/logo.png">');
  });

  it('makes a pale docs.json colour readable', async () => {
    const body = (await get('/sites/acme/quickstart')).body as string;
    const accent = /--accent:(#[0-9a-f]{6})/.exec(body)![1]!;
    expect(accent).not.toBe('#9be7ff');
  });

  it('answers 304 to a matching ETag, and a new ETag after a redeploy, which switches what is served', async () => {
    const first = await get('/sites/acme/fonts');
    const etag = first.headers.get('etag')!;
    expect(etag).toContain(firstDeployment);
    expect((await get('/sites/acme/fonts', { 'if-none-match': etag })).status).toBe(304);
    commit(repo.dir, { 'fonts.mdx': '---\ntitle: Typefaces\n---\n\n## Pick a typeface\n\nAny Google font.\n' });
    const second = await deployAndWait(t, site.projectId);
    expect(second.status).toBe('success');
    const after = await get('/sites/acme/fonts', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body).toContain('<h1>Typefaces</h1>');
    expect(after.body).toContain('<h2 id="pick-a-typeface">');
    expect(after.headers.get('etag')).toContain(second.id);
    expect((await get('/sites/acme/quickstart')).body).toContain('>Typefaces</a>'); // the sidebar follows
  });

  it('compresses pages for clients that accept gzip', async () => {
    const response = await t.app.fetch('http://folio.test/sites/acme/quickstart', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toContain('<h1>Quickstart</h1>');
  });

  it('redirects as docs.json says, and to canonical addresses', async () => {
    const moved = await get('/sites/acme/old-fonts');
    expect([moved.status, moved.headers.get('location')]).toEqual([308, '/sites/acme/fonts']);
    const away = await get('/sites/acme/blog/launch');
    expect([away.status, away.headers.get('location')]).toEqual([307, 'https://acme.example/blog/launch']);
    expect((await get('/sites/acme')).headers.get('location')).toBe('/sites/acme/');
    expect((await get('/sites/acme/fonts/')).headers.get('location')).toBe('/sites/acme/fonts');
    expect((await get('/sites/acme/')).headers.get('location')).toBe('/sites/acme/quickstart');
    // A route that is not ASCII is redirected percent-encoded (it was a 500: a header holds only bytes).
    const emoji = await get('/sites/acme/blog/%F0%9F%98%80%20launch');
    expect([emoji.status, emoji.headers.get('location')]).toEqual([307, 'https://acme.example/blog/%F0%9F%98%80%20launch']);
    expect((await get('/sites/acme/fonts%C3%A9/')).headers.get('location')).toBe('/sites/acme/fonts%C3%A9');
    // A folder's address leads to its first page of the navigation, as on Mintlify.
    const folder = await get('/sites/acme/guides');
    expect([folder.status, folder.headers.get('location')]).toEqual([307, '/sites/acme/guides/pictures']);
  });

  it("serves a page in Mintlify's custom mode with the Tailwind utilities and stylesheets its repository uses", async () => {
    const landing = (await get('/sites/acme/landing')).body as string;
    expect(landing).toContain('<body class="mode-custom">');
    expect(landing).not.toContain('<nav class="sidebar"');
    expect(landing).toContain('<div class="text-red-700 dark:text-sky-300 mt-4">');
    const href = /<link rel="stylesheet" href="(\/sites\/acme\/_folio\/site\.css\?v=[\w-]+)">/.exec(landing)?.[1];
    expect(href).toBeDefined();
    const css = await t.app.fetch(`http://folio.test${href}`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const text = await css.text();
    expect(text).toMatch(/#content \.text-red-700 \{[^}]*color: rgb\(185 28 28/);
    expect(text).toMatch(/@media \(prefers-color-scheme: dark\) \{\s*#content \.dark\\:text-sky-300/);
    expect(text).toMatch(/#content \.mt-4 \{\s*margin-top: 1rem/);
    // The repository's own stylesheet, its Mintlify dark class read as the reader's colour scheme.
    expect(text).toMatch(/@media \(prefers-color-scheme: dark\) \{\s*\.brand-note \{ color: #ffd; \}/);
    expect(text).toMatch(/@media \(prefers-color-scheme: light\) \{\s*\.brand-note \{ color: #330; \}/);
  });

  it('leaves out what .mintignore excludes: not served, not searched', async () => {
    expect((await get('/sites/acme/drafts/secret')).status).toBe(404);
    expect((await get('/sites/acme/drafts/secret.md')).status).toBe(404);
    const results = await t.call('POST', '/v1/search/acme', { key: site.assistantKey, json: { query: 'secret plans' } });
    expect(results.body.map((result: { path: string }) => result.path)).not.toContainEqual(expect.stringContaining('drafts'));
  });

  it('answers a missing page 404 with the site around it, and a missing site 404', async () => {
    const missing = await get('/sites/acme/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page not found');
    expect(missing.body).toContain('<nav class="sidebar"');
    expect((await get('/sites/nobody/')).status).toBe(404);
    const post = await t.call('POST', '/sites/acme/quickstart');
    expect([post.status, post.body.code]).toEqual([405, 'METHOD_NOT_ALLOWED']);
  });

  it('serves the site at the root of {subdomain}.SITE_DOMAIN, where the API and the widget still answer', async () => {
    const fonts = await onHost('acme.docs.test', '/fonts');
    expect(fonts.status).toBe(200);
    const html = await fonts.text();
    expect(html).toContain('<h1>Typefaces</h1>');
    expect(html).toContain('<a href="/quickstart">Quickstart</a>');
    expect(html).toMatch(/<folio-search domain="acme" api-key="[^"]+" site-url="\/"/);
    const search = await onHost('acme.docs.test', '/v1/search/acme', {
      method: 'POST',
      headers: { authorization: `Bearer ${site.assistantKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'typeface' }),
    });
    expect(search.status).toBe(200);
    expect(await (await onHost('acme.docs.test', '/health')).json()).toMatchObject({ status: 'ok' });
    expect((await onHost('acme.docs.test', '/widget.js')).headers.get('content-type')).toContain('javascript');
    expect((await onHost('other.example', '/fonts')).status).toBe(404);
    // Folio's own address stays Folio's, even under SITE_DOMAIN.
    expect(await (await onHost('folio.docs.test', '/sites/acme/fonts')).text()).toContain('<h1>Typefaces</h1>');
  });

  it("publishes a key that only pages of the site's own origin may use", async () => {
    const key = /api-key="([^"]+)"/.exec(await (await onHost('acme.docs.test', '/fonts')).text())![1]!;
    const search = (origin: string) =>
      onHost('acme.docs.test', '/v1/search/acme', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'typeface' }),
      });
    expect((await search('https://acme.docs.test')).status).toBe(200);
    expect((await search('https://evil.example')).status).toBe(403);
  });
});
