import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { deployedSite, SMALL_SITE } from '../support/docs-site.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';
import { commit, makeRepo } from '../support/git-repo.ts';
import { createProject } from '../../api/projects/create-project.ts';

/** What a site serves AI tools beside its pages, and the page API, on small sites. */
const isolated = isolatedTestApp({ isWorker: true, env: () => ({ MCP_TOOL_CALLS_PER_HOUR: '4' }) });
let t: TestApp;
let acme: CreatedProject;

const WITH_EXTRAS: Record<string, string> = {
  ...SMALL_SITE,
  'docs.json': JSON.stringify({
    name: 'Acme Docs',
    description: 'Docs of the Acme CLI.',
    markdown: { instructions: ['Always cite the CLI version.', 'Prefer npm in examples.'] },
    navigation: {
      groups: [{ group: 'Guides', pages: ['quickstart', 'custom-domain', 'fonts', 'secret'] }],
      global: { anchors: [{ anchor: 'Community', href: 'https://community.acme.dev' }] },
    },
  }),
  'secret.mdx': '---\ntitle: Secret\ndescription: A hidden page.\nhidden: true\n---\n\nNot for the index.\n',
  'unlisted.mdx': '---\ntitle: Unlisted\ndescription: Not in the navigation.\n---\n\nServed by URL.\n',
  'fonts.mdx':
    '---\ntitle: Fonts\ndescription: Change the typeface of your docs.\n---\n\n<Visibility for="humans">\n  Click the **Fonts** button.\n</Visibility>\n\n<Visibility for="agents">\n  Set `fonts.family` in docs.json.\n</Visibility>\n\n<Note>\n  Google fonts only.\n</Note>\n\n```json docs.json\n{ "fonts": { "family": "Inter" } }\n```\n',
};

beforeAll(async () => {
  t = isolated.app;
  acme = await deployedSite(t, 'acme-ai', WITH_EXTRAS);
});

const get = (subdomain: string, path: string, headers: Record<string, string> = {}) => t.call('GET', `/sites/${subdomain}${path}`, { headers });

describe('a page as Markdown', () => {
  it('has its title, description, content for agents, code and the site instructions, with absolute links', async () => {
    const markdown = await get('acme-ai', '/fonts.md');
    expect(markdown.status).toBe(200);
    expect(markdown.body).toMatch(/^# Fonts\n\n> Change the typeface of your docs\.\n\n/);
    expect(markdown.body).toContain('Set `fonts.family` in docs.json.');
    expect(markdown.body).not.toContain('Click the **Fonts** button');
    expect(markdown.body).toContain('> **Note**');
    expect(markdown.body).toContain('```json docs.json\n{ "fonts": { "family": "Inter" } }\n```');
    expect(markdown.body).toContain('> ## Agent Instructions\n> Always cite the CLI version.\n> Prefer npm in examples.');
  });

  it('is advertised on every page, with llms.txt', async () => {
    const page = await get('acme-ai', '/quickstart');
    expect(page.headers.get('x-llms-txt')).toBe('/sites/acme-ai/llms.txt');
    expect(page.headers.get('link')).toContain('</sites/acme-ai/llms.txt>; rel="llms-txt"');
    expect(page.headers.get('link')).toContain('</sites/acme-ai/llms-full.txt>; rel="llms-full-txt"');
    expect(page.body).toContain('<folio-page-menu markdown-url="/sites/acme-ai/quickstart.md" mcp-url="http://folio.test/sites/acme-ai/mcp"');
    expect((await get('acme-ai', '/fonts')).body).not.toContain('Set `fonts.family` in docs.json.');
    // And every page asks whether it helped (docs/analytics.md).
    expect(page.body).toMatch(
      /<folio-page-feedback domain="acme-ai" api-key="folio_assistant_[^"]+" site-url="\/sites\/acme-ai" theme="auto" path="\/quickstart"><\/folio-page-feedback>/,
    );
  });
});

describe('llms.txt', () => {
  it('follows the documented structure: title, description, instructions, pages with .md links, external links', async () => {
    const text = (await get('acme-ai', '/llms.txt')).body as string;
    expect(text).toMatch(/^# Acme Docs\n\n> Docs of the Acme CLI\.\n/);
    expect(text).toContain('> ## Agent Instructions');
    expect(text).toContain('- [Quickstart](http://folio.test/sites/acme-ai/quickstart.md): Install the CLI and preview your docs.');
    expect(text.indexOf('/quickstart.md')).toBeLessThan(text.indexOf('/custom-domain.md'));
    expect(text).not.toContain('/secret.md');
    expect(text).not.toContain('/unlisted.md');
    expect(text).toMatch(/## Optional\n\n- \[Community\]\(https:\/\/community\.acme\.dev\)/);
  });

  it('lists hidden and unlisted pages under seo.indexing "all", the unlisted ones last', async () => {
    const config = JSON.parse(WITH_EXTRAS['docs.json']!);
    await deployedSite(t, 'acme-all', { ...WITH_EXTRAS, 'docs.json': JSON.stringify({ ...config, seo: { indexing: 'all' } }) });
    const text = (await get('acme-all', '/llms.txt')).body as string;
    expect(text).toContain('/secret.md');
    expect(text.indexOf('/unlisted.md')).toBeGreaterThan(text.indexOf('/secret.md'));
  });

  it("is the repository's own when it has one, and changes with the pages when a redeploy goes live", async () => {
    const files = { ...WITH_EXTRAS, 'llms.txt': '# Acme\n\nOur own list.\n' };
    const repo = makeRepo(files);
    const project = await createProject(t.db, { name: 'Acme Docs', subdomain: 'acme-own', repo: repo.dir });
    expect((await deployAndWait(t, project.projectId)).status).toBe('success');
    expect((await get('acme-own', '/llms.txt')).body).toBe('# Acme\n\nOur own list.\n');
    expect((await get('acme-own', '/llms-full.txt')).body).toContain('# Quickstart');

    commit(
      repo.dir,
      { 'quickstart.mdx': '---\ntitle: Getting started\ndescription: The new first page.\n---\n\nRun `acme init`.\n', 'llms.txt': null },
      'New quickstart, generated llms.txt',
    );
    expect((await deployAndWait(t, project.projectId)).status).toBe('success');
    expect((await get('acme-own', '/llms.txt')).body).toContain('- [Getting started](http://folio.test/sites/acme-own/quickstart.md): The new first page.');
    expect((await get('acme-own', '/llms-full.txt')).body).toContain('Run `acme init`.');
    expect((await get('acme-own', '/quickstart.md')).body).toMatch(/^# Getting started/);
  });
});

describe("a site's MCP server", () => {
  it('answers 429 past the limit of tool calls per site, half of it on /authed/mcp', async () => {
    const search = (path: string, id: number, key?: string) =>
      t.call('POST', `/sites/acme-ai${path}`, {
        key,
        headers: { accept: 'application/json, text/event-stream' },
        json: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search', arguments: { query: 'custom domain' } } },
      });
    for (let id = 0; id < 4; id++) expect((await search('/mcp', id)).status).toBe(200);
    const refused = await search('/mcp', 4);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toContain("This site's MCP server has answered 4 searches in the last hour");
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Reading pages is counted apart.
    const read = await t.call('POST', '/sites/acme-ai/mcp', {
      headers: { accept: 'application/json, text/event-stream' },
      json: { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'read_pages', arguments: { paths: ['/fonts'] } } },
    });
    expect(read.status).toBe(200);
    for (let id = 0; id < 2; id++) expect((await search('/authed/mcp', id, acme.assistantKey)).status).toBe(200);
    expect((await search('/authed/mcp', 2, acme.assistantKey)).status).toBe(429);
  });
});

describe("a site's MCP server, given text that cannot be stored in a tool's arguments", () => {
  // A site of its own: these calls count against its limit of tool calls.
  beforeAll(async () => {
    await deployedSite(t, 'acme-hostile');
  });

  it.each([
    ['search', { query: 'custom\u0000domain' }, 'contains a NUL character at query'],
    ['read_pages', { paths: ['/fonts', '/a\ud800'] }, 'contains a lone UTF-16 surrogate (half of a character) at paths[1]'],
    ['read_pages', { paths: ['/fonts'], section: 'x\u0000' }, 'contains a NUL character at section'],
  ])('refuses a %s call naming the argument, as an invalid-arguments error', async (name, args, says) => {
    const answer = await t.call('POST', '/sites/acme-hostile/mcp', {
      headers: { accept: 'application/json, text/event-stream' },
      json: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({
      content: [{ type: 'text', text: `MCP error -32602: Input validation error: Invalid arguments for tool ${name}: ${says}` }],
      isError: true,
    });
  });

  it.each([
    ['a call without a tool name', { method: 'tools/call', params: { arguments: { query: 'x' } } }, 'params.name', 'expected string, received undefined'],
    [
      'a call whose arguments are a list',
      { method: 'tools/call', params: { name: 'search', arguments: ['x'] } },
      'params.arguments',
      'expected record, received array',
    ],
    ['initialize without params', { method: 'initialize' }, 'params', 'expected object, received undefined'],
  ])('answers %s, where it was an internal error, as invalid params naming the field', async (_name, message, field, says) => {
    const answer = await t.call('POST', '/sites/acme-hostile/mcp', {
      headers: { accept: 'application/json, text/event-stream' },
      json: { jsonrpc: '2.0', id: 7, ...message },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32602, message: `Invalid params: ${field}: Invalid input: ${says}.`, data: { field } },
      id: 7,
    });
  });
});

describe('POST /v1/page/{domain}', () => {
  const page = (json: unknown) => t.call('POST', '/v1/page/acme-ai', { key: acme.assistantKey, json });

  it('names the item of a list at fault', async () => {
    expect(await page({ path: '/fonts', groups: ['admins', 1] })).toMatchObject({
      status: 400,
      body: { error: 'groups.1 must be a string.', code: 'INVALID_INPUT', field: 'groups.1' },
    });
  });

  it("answers a page's content by the path a search result gives", async () => {
    const answer = await page({ path: '/custom-domain#configure-dns' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      path: '/custom-domain#configure-dns',
      content: expect.stringMatching(/^# Custom domain\n\n> Serve your docs on your own domain\./),
    });
    expect((await page({ path: 'custom-domain', groups: ['admins'] })).body.content).toBe(answer.body.content);
  });

  it('refuses a missing page, a missing path and a missing key, naming what is wrong', async () => {
    const missing = await page({ path: '/nowhere' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', error: expect.stringContaining('No page at "/nowhere"') });
    expect(missing.body.message).toBe(missing.body.error); // as Mintlify's document names it
    const noPath = await page({});
    expect(noPath.status).toBe(400);
    expect(noPath.body.field).toBe('path');
    const empty = await page({ path: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('path');
    expect((await t.call('POST', '/v1/page/acme-ai', { json: { path: '/fonts' } })).status).toBe(401);
    expect((await t.call('POST', '/v1/page/acme-ai', { key: acme.adminKey, json: { path: '/fonts' } })).status).toBe(403);
    const other = await deployedSite(t, 'acme-other');
    expect((await t.call('POST', '/v1/page/acme-ai', { key: other.assistantKey, json: { path: '/fonts' } })).status).toBe(403);
    expect((await t.call('POST', '/v1/page/nowhere-site', { key: acme.assistantKey, json: { path: '/fonts' } })).status).toBe(404);
  });

  it('is in /v1/openapi.json', async () => {
    const document = (await t.call('GET', '/v1/openapi.json')).body;
    expect(document.paths['/v1/page/{domain}'].post.requestBody.content['application/json'].schema.required).toEqual(['path']);
  });
});
