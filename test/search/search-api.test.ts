import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { startFolio } from '../support/folio-process.ts';
import { commit, CORPUS, makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** POST /v1/search over the deployed mintlify-docs corpus, with this process as web and worker. */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let corpus: CreatedProject;

beforeAll(async () => {
  t = isolated.app;
  corpus = await createProject(t.db, { name: 'Mintlify', subdomain: 'mintlify', repo: makeRepo({ copyFrom: CORPUS }).dir });
  expect((await deployAndWait(t, corpus.projectId)).status).toBe('success');
});

const search = async (body: Record<string, unknown>, project: CreatedProject = corpus) => {
  const res = await t.call('POST', `/v1/search/${project.subdomain}`, { key: project.assistantKey, json: body });
  expect(res.status).toBe(200);
  return res.body as { content: string; path: string; metadata: Record<string, unknown> }[];
};
const pages = (results: { path: string }[]) => results.map((r) => r.path.split('#')[0]!);

describe('relevance on the real corpus', () => {
  it.each([
    ['a keyword query', 'custom domain', '/customize/custom-domain', 1],
    ['a keyword query', 'keyboard shortcuts', '/editor/keyboard-shortcuts', 1],
    ['an exact identifier (component)', 'ParamField', '/components/fields', 1],
    ['an exact identifier (file)', 'llms-full.txt', '/ai/llmstxt', 1],
    ['an identifier with a dash', 'x-hidden', '/api-playground/managing-page-visibility', 1],
    ["a paraphrase without the page's words", 'change the typeface used for headings and body text', '/customize/fonts', 3],
    ["a paraphrase without the page's words", 'download everything as one printable file', '/optimize/pdf-exports', 3],
  ])('%s: "%s" finds %s in the top %i', async (_kind, query, page, within) => {
    const results = await search({ query, pageSize: 10 });
    expect(pages(results).slice(0, within)).toContain(page);
  });

  it.each(['xqzvbnmwk', '.-_/.-_/', '\u65e5\u672c\u8a9e'])('finds nothing for %j, which has no known word, in any mode', async (query) => {
    for (const mode of ['hybrid', 'vector', 'keyword']) expect(await search({ query, mode })).toEqual([]);
  });

  it('forgives a typo: "analitycs" finds analytics pages', async () => {
    const results = await search({ query: 'analitycs', pageSize: 3 });
    expect(results).toHaveLength(3);
    for (const result of results) expect(result.path).toMatch(/analytics/);
  });

  it('answers the documented shape: content as plain text, path with anchor, metadata', async () => {
    const [first] = await search({ query: 'configure DNS for a custom domain', pageSize: 3 });
    expect(first!.path).toMatch(/^\/customize\/custom-domain(#[a-z0-9-]+)?$/);
    expect(first!.content).not.toMatch(/<[A-Z][a-zA-Z]*|^---/m);
    expect(first!.metadata).toEqual({
      title: 'Custom domain',
      description: expect.stringContaining('own domain'),
      section: expect.any(String),
      version: '',
      language: 'en',
      score: expect.any(Number),
    });
  });

  it('keeps pageSize, and lets no page take more than two places', async () => {
    const results = await search({ query: 'accordion', pageSize: 7 });
    expect(results).toHaveLength(7);
    const counts = pages(results).reduce((m, p) => m.set(p, (m.get(p) ?? 0) + 1), new Map<string, number>());
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
    const scores = results.map((r) => r.metadata.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('ranking the way people ask', () => {
  it.each([
    ['mint dev', '/cli/commands#mint-dev'],
    ['mint broken-links', '/cli/commands#mint-broken-links'],
  ])('a command ranks the section named after it first: "%s"', async (query, path) => {
    const [first] = await search({ query });
    expect(first!.path).toBe(path);
  });

  it('a settings key finds the pages that define it', async () => {
    const results = await search({ query: 'seo.indexing' });
    expect(['/organize/settings-seo', '/organize/settings-reference']).toContain(pages(results)[0]);
  });

  it('an error message finds the help center article about it (a hidden tab marked searchable)', async () => {
    const results = await search({ query: 'Failed to fetch OpenAPI file for anchor or tab' });
    expect(pages(results).slice(0, 3)).toContain('/help-center/openapi-url-fetch-fails-during-build');
  });

  it('a paraphrase finds the page in the words of the site', async () => {
    expect(pages(await search({ query: 'change the typeface used for headings and body text' }))[0]).toBe('/customize/fonts');
  });

  it("shows a page by its opening for a question about the page's subject, and by the section a rarer word names", async () => {
    // "set" is the only word besides the title's: it must not pick "Set a canonical URL".
    const subject = await search({ query: 'How do I set up a custom domain?', pageSize: 5 });
    expect(subject.find((r) => pages([r])[0] === '/customize/custom-domain')?.path).toBe('/customize/custom-domain');
    const apex = await search({ query: 'custom domain on an apex domain', pageSize: 5 });
    expect(apex.map((r) => r.path)).toContain('/customize/custom-domain#apex-domains');
  });
});

describe('scoreThreshold', () => {
  it('keeps only results scoring at or above it, on a scale from 0 to 1', async () => {
    const all = await search({ query: 'custom domain', pageSize: 20 });
    const scores = all.map((r) => r.metadata.score as number);
    for (const score of scores) {
      expect(score).toBeGreaterThan(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    const threshold = scores[4]!;
    const kept = await search({ query: 'custom domain', pageSize: 20, scoreThreshold: threshold });
    expect(kept.map((r) => r.path)).toEqual(all.filter((r) => (r.metadata.score as number) >= threshold).map((r) => r.path));
    expect(await search({ query: 'custom domain', scoreThreshold: 1 })).toEqual([]);
  });

  it('means the same across queries: one threshold keeps the answer to a good query and nothing of an unrelated one', async () => {
    expect(pages(await search({ query: 'custom domain', scoreThreshold: 0.5 }))[0]).toBe('/customize/custom-domain');
    expect(await search({ query: 'banana orchestra', scoreThreshold: 0.5 })).toEqual([]);
  });

  it.each([1.5, -0.1, 'high'])('answers 400 naming the field for %j', async (scoreThreshold) => {
    const res = await t.call('POST', `/v1/search/${corpus.subdomain}`, { key: corpus.assistantKey, json: { query: 'domain', scoreThreshold } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: typeof scoreThreshold === 'string' ? 'scoreThreshold must be a number.' : 'scoreThreshold must be a number from 0 to 1.',
      code: 'INVALID_INPUT',
      field: 'scoreThreshold',
    });
  });
});

describe('language and version filters', () => {
  it('without a filter, only the default language', async () => {
    const results = await search({ query: 'custom domain CNAME', pageSize: 20 });
    expect(new Set(results.map((r) => r.metadata.language))).toEqual(new Set(['en']));
  });

  it('with a language filter, only that language', async () => {
    const results = await search({ query: 'domaine personnalisé', pageSize: 10, filter: { language: 'fr' } });
    expect(results.length).toBeGreaterThan(0);
    expect(new Set(results.map((r) => r.metadata.language))).toEqual(new Set(['fr']));
    expect(pages(results)[0]).toBe('/fr/customize/custom-domain');
    expect(await search({ query: 'domain', filter: { language: 'de' } })).toEqual([]);
  });

  it('never returns a page of another language for a language filter, whatever the query', async () => {
    for (const [language, query] of [
      ['fr', 'custom domain'],
      ['fr', 'docs.json'],
      ['es', 'mint dev'],
      ['es', 'use my own web address'],
      ['zh', 'SSO'],
    ]) {
      const results = await search({ query, pageSize: 50, filter: { language } });
      expect(results.length).toBeGreaterThan(0);
      for (const result of results) {
        expect(result.metadata.language).toBe(language);
        expect(result.path.startsWith(`/${language}/`)).toBe(true);
      }
    }
  });

  it('with a version filter, only that version; without one, the default version', async () => {
    const repo = makeRepo({
      'docs.json': JSON.stringify({
        navigation: {
          versions: [
            { version: 'v2', default: true, groups: [{ group: 'Guide', pages: ['v2/webhooks'] }] },
            { version: 'v1', groups: [{ group: 'Guide', pages: ['v1/webhooks'] }] },
          ],
        },
      }),
      'v2/webhooks.mdx': '---\ntitle: Webhooks\n---\nWebhooks are signed with an HMAC secret in v2.',
      'v1/webhooks.mdx': '---\ntitle: Webhooks\n---\nWebhooks carry a static token in v1.',
    });
    const versioned = await createProject(t.db, { name: 'Versioned', subdomain: `versioned-${Date.now()}`, repo: repo.dir });
    await deployAndWait(t, versioned.projectId);
    const byDefault = await search({ query: 'webhooks' }, versioned);
    expect(byDefault.map((r) => [r.path, r.metadata.version])).toEqual([['/v2/webhooks', 'v2']]);
    const old = await search({ query: 'webhooks', filter: { version: 'v1' } }, versioned);
    expect(old.map((r) => [r.path, r.metadata.version])).toEqual([['/v1/webhooks', 'v1']]);
  });
});

describe('freshness', () => {
  it('answers from a new deployment made by another process as soon as it is live', async () => {
    const repo = makeRepo({ 'docs.json': JSON.stringify({ navigation: { pages: ['index'] } }), 'index.mdx': '# Home\nWelcome to the old docs.' });
    const project = await createProject(t.db, { name: 'Fresh', subdomain: `fresh-${Date.now()}`, repo: repo.dir });
    await deployAndWait(t, project.projectId);
    expect(await search({ query: 'zanzibar' }, project)).toEqual([]); // index built and cached

    commit(repo.dir, { 'index.mdx': '# Home\nOur office moved to Zanzibar.' });
    const workerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-fresh-'));
    const worker = await startFolio('worker', { DATABASE_URL: isolated.databaseUrl, DATA_DIR: workerDir });
    try {
      await t.runtime.jobs.boss.offWork('deploy.run'); // only the other process deploys now
      const res = await t.call('POST', `/v1/project/update/${project.projectId}`, { key: project.adminKey });
      const { statusId } = res.body;
      for (;;) {
        const row = await t.db.deployment.findUniqueOrThrow({ where: { id: statusId } });
        if (row.status === 'success') break;
        expect(row.status).not.toBe('failure');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const results = await search({ query: 'zanzibar' }, project);
      expect(results.map((r) => r.content)).toEqual(['Our office moved to Zanzibar.']);
    } finally {
      await worker.stop();
    }
  });
});
