import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** A site whose navigation makes pages of an OpenAPI document, beside a page written for one operation. */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let site: CreatedProject;
let logs: string[];

beforeAll(async () => {
  t = isolated.app;
  const repo = makeRepo({
    'docs.json': JSON.stringify({
      name: 'Plants',
      navigation: {
        groups: [
          { group: 'Guides', pages: ['intro', 'guides/get-a-plant'] },
          { group: 'API', openapi: 'openapi/plants.yaml' },
          { group: 'Elsewhere', openapi: 'https://api.example.com/openapi.json' },
        ],
      },
    }),
    'intro.mdx': '---\ntitle: Introduction\n---\n\nWelcome to the plant store.\n',
    'guides/get-a-plant.mdx': '---\ntitle: Fetch one plant\nopenapi: "openapi/plants.yaml GET /plants/{plantId}"\n---\n\nAsk for a plant by its id.\n',
    'openapi/plants.yaml': fs.readFileSync(new URL('../fixtures/openapi/plants.yaml', import.meta.url), 'utf8'),
  });
  site = await createProject(t.db, { name: 'Plants', subdomain: 'plants', repo: repo.dir });
  const deployment = await deployAndWait(t, site.projectId);
  expect(deployment.status).toBe('success');
  logs = deployment.logs;
});

const get = (path: string) => t.call('GET', `/sites/plants${path}`);

describe('API reference pages from an OpenAPI document', () => {
  it('says what it read, made and could not fetch', () => {
    expect(logs).toContainEqual(expect.stringMatching(/^OpenAPI: 1 document \(openapi\/plants\.yaml\); the navigation makes \d+ API pages of them\.$/));
    expect(logs).toContainEqual(
      'Warning: navigation: the OpenAPI document https://api.example.com/openapi.json is a URL; Folio does not fetch documents from the network: add the file to the repository',
    );
  });

  it("makes a page per operation at Mintlify's address, in the sidebar grouped by tag, showing the whole operation", async () => {
    const page = await get('/api-reference/plant-care/list-plants');
    expect(page.status).toBe(200);
    const html = page.body as string;
    expect(html).toContain('<div class="api-endpoint" data-method="get" data-path="/plants" data-spec="openapi/plants.yaml">');
    expect(html).toMatch(/<p class="nav-group-title">API<\/p>[\s\S]*<p class="nav-subgroup">Plant care<\/p>/);
    for (const name of ['limit', 'pot', 'X-Trace-Id', 'session']) expect(html, name).toContain(`<code class="field-name">${name}</code>`);
    expect(html).toContain('id="200"');
    // The operation's description is Markdown, its braces and tags as the document wrote them.
    expect(html).toContain('<code>{&quot;pot&quot;: &quot;clay&quot;}</code>');
  });

  it('serves an x-hidden operation by its address only, and makes no page of an x-excluded one', async () => {
    const hidden = await get('/api-reference/plant-care/list-hidden-plants');
    expect(hidden.status).toBe(200);
    expect(hidden.body).toContain('<meta name="robots" content="noindex">');
    expect((await get('/api-reference/plant-care/list-plants')).body).not.toContain('list-hidden-plants');
    expect((await get('/api-reference/plant-care/list-secret-plants')).status).toBe(404);
  });

  it("shows a page's own text above the operation its frontmatter names", async () => {
    const html = (await get('/guides/get-a-plant')).body as string;
    expect(html).toContain('<h1>Fetch one plant</h1>');
    expect(html).toContain('data-method="get" data-path="/plants/{plantId}"');
    expect(html.indexOf('Ask for a plant by its id.')).toBeLessThan(html.indexOf('<code class="field-name">plantId</code>'));
  });

  it('is content for AI tools and search: Markdown, llms.txt and its document, found by operation id', async () => {
    const markdown = (await get('/api-reference/plant-care/list-plants.md')).body as string;
    expect(markdown).toContain('`GET /plants`');
    expect(markdown).toMatch(/`limit` \(query, integer/);
    const llms = (await get('/llms.txt')).body as string;
    expect(llms).toMatch(/## OpenAPI Specs\n\n- \[plants\]\(https?:\/\/[^)]+\/sites\/plants\/openapi\/plants\.yaml\)/);
    const spec = await get('/openapi/plants.yaml');
    expect([spec.status, spec.headers.get('content-type')]).toEqual([200, 'application/yaml; charset=utf-8']);
    const results = await t.call('POST', '/v1/search/plants', { key: site.assistantKey, json: { query: 'listPlants' } });
    expect(results.body[0].path).toMatch(/^\/api-reference\/plant-care\/list-plants/);
  });
});
