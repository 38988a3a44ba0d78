import { beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../api/http/html.ts';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { CORPUS, makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** The bundled corpus (984 navigation pages in 4 languages), deployed and served as a site. */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let site: CreatedProject;
let deploymentId: string;

beforeAll(async () => {
  t = isolated.app;
  site = await createProject(t.db, { name: 'Mintlify', subdomain: 'corpus', repo: makeRepo({ copyFrom: CORPUS }).dir });
  const deployment = await deployAndWait(t, site.projectId);
  expect(deployment.status).toBe('success');
  deploymentId = deployment.id;
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const page = (path: string, headers: Record<string, string> = {}) => t.call('GET', `/sites/corpus${path}`, { headers });

describe('the rendered corpus', () => {
  it('answers every navigation page with its title and the anchors of its headings', async () => {
    const pages = await t.db.deploymentPage.findMany({
      where: { deploymentId },
      select: { route: true, page: { select: { title: true, chunks: { select: { anchor: true } } } } },
    });
    expect(pages).toHaveLength(984);
    const routes = new Map(pages.map((p) => [p.route, p.page]));
    for (const [route, stored] of routes) {
      const answer = await page(route === '/' ? '/' : route);
      expect(answer.status, route).toBe(200);
      // A page in Mintlify's frame or custom mode (the home page) is its body alone: its title is the document's.
      expect(answer.body, route).toMatch(new RegExp(`<h1>${escapeRegExp(escapeHtml(stored.title))}</h1>|<body class="mode-(frame|custom)">`));
      expect(answer.body, route).toContain(`<title>${escapeHtml(stored.title)} - `);
      for (const { anchor } of stored.chunks) if (anchor) expect(answer.body, `${route}#${anchor}`).toContain(`id="${escapeHtml(anchor)}"`);
    }
  });

  it('has, on the page, every anchor that search results point at', async () => {
    for (const query of ['custom domain', 'accordion', 'openapi', 'analytics', 'domaine personnalisé', 'navegación']) {
      const results = await t.call('POST', '/v1/search/corpus', {
        key: site.assistantKey,
        json: { query, pageSize: 20, ...(/é/.test(query) ? { filter: { language: 'fr' } } : /ó/.test(query) ? { filter: { language: 'es' } } : {}) },
      });
      expect(results.status).toBe(200);
      expect(results.body.length).toBeGreaterThan(0);
      for (const result of results.body as { path: string }[]) {
        const [route, anchor] = result.path.split('#') as [string, string | undefined];
        const answer = await page(route);
        expect(answer.status, result.path).toBe(200);
        if (anchor) expect(answer.body, result.path).toContain(`id="${anchor}"`);
      }
    }
  });

  it('renders Mintlify components readably', async () => {
    const callouts = (await page('/components/callouts')).body;
    for (const kind of ['note', 'warning', 'tip', 'info', 'check', 'danger']) expect(callouts).toContain(`class="callout callout-${kind}" role="note"`);
    expect((await page('/components/cards')).body).toMatch(/<div class="card-group" data-cols="\d">[\s\S]*<div class="card">/);
    expect((await page('/components/steps')).body).toMatch(/<ol class="steps">[\s\S]*<li class="step"><p class="step-title">/);
    expect((await page('/components/tabs')).body).toMatch(/<div class="tabs">[\s\S]*<div class="tab"><p class="tab-title">/);
    expect((await page('/components/accordions')).body).toMatch(/<details class="accordion"><summary>[^<]+<\/summary>/);
    const codeGroups = (await page('/components/code-groups')).body;
    expect(codeGroups).toContain('<div class="code-group">');
    expect(codeGroups).toMatch(/<p class="code-title">[^<]+<\/p><pre tabindex="0"><code class="hljs language-\w+">[\s\S]*<span class="hljs-/);
    expect((await page('/components/frames')).body).toMatch(/<figure class="frame">/);
  });

  it("shows the sidebar of the page's tab and language, tabs, switchers, search and the assistant", async () => {
    const html = (await page('/components/callouts')).body;
    expect(html).toMatch(/<nav class="sidebar" aria-label="Sidebar">[\s\S]*<p class="nav-group-title">Create content<\/p>/);
    expect(html).toContain('<a href="/sites/corpus/components/callouts" aria-current="page">');
    expect(html).toMatch(/<nav class="site-tabs" aria-label="Sections">.*<a href="\/sites\/corpus\/[^"]*" aria-current="page">Documentation<\/a>/);
    expect(html).toContain('<summary>Language: English</summary>');
    expect(html).toContain('<a href="/sites/corpus/fr/components/callouts" lang="fr">français</a>');
    expect(html).toMatch(
      /<folio-search domain="corpus" api-key="folio_assistant_[^"]+" site-url="\/sites\/corpus" theme="auto" language="en"><\/folio-search>/,
    );
    expect(html).toContain('<folio-assistant domain="corpus"');
    expect(html).toContain('<script type="module" src="/widget.js"></script>');
    const french = (await page('/fr/components/callouts')).body;
    expect(french).toContain('<html lang="fr">');
    expect(french).toContain('language="fr"');
  });

  it("shows the home page's images in every language: each image of the site it shows is served", async () => {
    for (const home of ['/', '/fr', '/es', '/zh']) {
      const address = `http://folio.test/sites/corpus${home}`;
      const html = (await page(home)).body as string;
      // Resolved as a browser resolves them against the page's address; images from elsewhere are not Folio's.
      const images = [...html.matchAll(/<img [^>]*src="([^"]+)"/g)]
        .map((match) => new URL(match[1]!, address))
        .filter((url) => url.origin === 'http://folio.test')
        .map((url) => url.pathname);
      expect(images, home).toEqual(expect.arrayContaining(['/sites/corpus/images/hero/background-light.svg', '/sites/corpus/images/hero/background-dark.svg']));
      for (const image of images) {
        const answer = await t.call('GET', image);
        expect(answer.status, `${home}: ${image}`).toBe(200);
        expect(answer.headers.get('content-type'), image).toMatch(/^image\//);
      }
    }
  });

  it('serves hidden pages by URL, marked noindex, and honours docs.json redirects', async () => {
    const hidden = await page('/organize/hidden-page-example');
    expect(hidden.status).toBe(200);
    expect(hidden.body).toContain('<meta name="robots" content="noindex">');
    expect((await page('/quickstart')).body).not.toContain('noindex');
    const moved = await page('/editor/drafts');
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe('/sites/corpus/editor/branching-and-publishing');
    const wildcard = await page('/api-reference/chat/create-assistant-message');
    expect(wildcard.headers.get('location')).toBe('/sites/corpus/api/assistant/create-assistant-message');
  });
});
