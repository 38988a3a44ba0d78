import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import markdownIt from 'markdown-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { CORPUS, makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The bundled corpus deployed, as AI tools read it: over its MCP server with the official SDK's client,
 * its llms.txt and llms-full.txt, and every page as Markdown.
 */
const isolated = isolatedTestApp({ isWorker: true, env: () => ({ MCP_REQUESTS_PER_HOUR_PER_CLIENT: '60' }) });
let t: TestApp;
let site: CreatedProject;
let deploymentId: string;
let server: RunningServer;

beforeAll(async () => {
  t = isolated.app;
  site = await createProject(t.db, { name: 'Mintlify', subdomain: 'corpus-ai', repo: makeRepo({ copyFrom: CORPUS }).dir });
  const deployment = await deployAndWait(t, site.projectId);
  expect(deployment.status).toBe('success');
  deploymentId = deployment.id;
  server = await listen(t.app, '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
});

async function connect(path = '/sites/corpus-ai/mcp', headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'folio-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}${path}`), { requestInit: { headers } }));
  return client;
}

/** Reads the exported Markdown as CommonMark does, to tell code (which may show components) from prose. */
const reader = markdownIt();
const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[]).map((part) => part.text).join('\n');
const get = (path: string, headers: Record<string, string> = {}) => t.call('GET', `/sites/corpus-ai${path}`, { headers });

describe('the MCP server of the corpus', () => {
  it('lists its read-only tools, searches and reads the page a result names, whole and one section', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['read_pages', 'search']);
    for (const tool of tools)
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });

    const found = textOf(await client.callTool({ name: 'search', arguments: { query: 'custom domain' } }));
    expect(found.split('\n---\n')[0]).toContain('Path: /customize/custom-domain');
    expect(found).toContain(`Link: ${server.url}/sites/corpus-ai/customize/custom-domain`);

    const page = textOf(await client.callTool({ name: 'read_pages', arguments: { paths: ['/customize/custom-domain'] } }));
    expect(page).toContain('# Custom domain');
    expect(page).not.toMatch(/<\/?[A-Z][A-Za-z]*[\s/>]/);
    const headings = page.match(/^## .+$/gm) ?? [];
    expect(headings.length).toBeGreaterThan(1);
    const heading = headings[1]!.slice(3);
    const section = textOf(await client.callTool({ name: 'read_pages', arguments: { paths: ['/customize/custom-domain'], section: heading } }));
    expect(section).toContain(`## ${heading}`);
    expect(section).not.toContain(headings[0]!);
    expect(section.length).toBeLessThan(page.length);
    await client.close();
  });

  it('searches French pages in French, and reads several pages at once', async () => {
    const client = await connect();
    const found = textOf(await client.callTool({ name: 'search', arguments: { query: 'domaine personnalisé', language: 'fr', pageSize: 3 } }));
    const paths = [...found.matchAll(/^Path: (\S+)$/gm)].map((match) => match[1]!);
    expect(paths).toHaveLength(3);
    for (const path of paths) expect(path).toMatch(/^\/fr\//);
    const pages = textOf(await client.callTool({ name: 'read_pages', arguments: { paths: ['/quickstart', '/fr/quickstart'] } }));
    expect(pages.match(/^Source: /gm)).toHaveLength(2);
    await client.close();
  });

  it('says clearly when a page does not exist or arguments are wrong', async () => {
    const client = await connect();
    const missing = await client.callTool({ name: 'read_pages', arguments: { paths: ['/no/such/page'] } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('No page at /no/such/page');
    const badSection = await client.callTool({ name: 'read_pages', arguments: { paths: ['/quickstart'], section: 'nowhere-to-be-found' } });
    expect(badSection.isError).toBe(true);
    expect(textOf(badSection)).toContain('has no section "nowhere-to-be-found"');
    for (const arguments_ of [{}, { query: '' }, { query: 'x', pageSize: 0 }, { query: 42 }]) {
      const refused = await client
        .callTool({ name: 'search', arguments: arguments_ })
        .catch((error: Error) => ({ isError: true, content: [{ type: 'text', text: error.message }] }));
      expect(refused.isError, JSON.stringify(arguments_)).toBe(true);
      expect(textOf(refused as never)).toMatch(/query|pageSize/);
    }
    await client.close();
  });

  it('takes an assistant key on /authed/mcp and refuses requests without one', async () => {
    const refused = await connect('/sites/corpus-ai/authed/mcp').then(
      () => undefined,
      (error: Error) => error,
    );
    expect(refused?.message).toMatch(/401|key/i);
    const client = await connect('/sites/corpus-ai/authed/mcp', { authorization: `Bearer ${site.assistantKey}` });
    expect(textOf(await client.callTool({ name: 'search', arguments: { query: 'custom domain' } }))).toContain('/customize/custom-domain');
    await client.close();
  });

  it('answers 429 with Retry-After past the limit of requests per client address', async () => {
    let answer: Response | undefined;
    for (let i = 0; i < 70 && answer?.status !== 429; i++) {
      answer = await fetch(`${server.url}/sites/corpus-ai/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/list' }),
      });
    }
    expect(answer?.status).toBe(429);
    expect(Number(answer?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await answer!.json()) as { error: { message: string } }).error.message).toContain('MCP requests in the last hour');
  });

  it('is found through the discovery documents', async () => {
    const discovery = await get('/.well-known/mcp');
    expect(discovery.body).toMatchObject({ transport: 'http', url: 'http://folio.test/sites/corpus-ai/mcp' });
    expect((await get('/.well-known/mcp.json')).body).toEqual(discovery.body);
    const card = (await get('/.well-known/mcp/server-card.json')).body;
    expect(card.tools.map((tool: { name: string }) => tool.name)).toEqual(['search', 'read_pages']);
    expect(card.tools[0].inputSchema.required).toEqual(['query']);
    expect((await get('/.well-known/mcp/server-cards.json')).body.servers).toHaveLength(2);
  });
});

describe('llms.txt and llms-full.txt of the corpus', () => {
  it('list the English pages in the order of docs.json, with descriptions cut at 300 characters, without hidden or noindex pages', async () => {
    const answer = await get('/llms.txt');
    expect(answer.status).toBe(200);
    expect((await get('/.well-known/llms.txt')).body).toBe(answer.body);
    const text = answer.body as string;
    expect(text).toMatch(/^# Mintlify\n\n> Mintlify is a platform for building and hosting documentation websites\./);
    const entries = [...text.matchAll(/^- \[[^\]]*\]\(http:\/\/folio\.test\/sites\/corpus-ai(\/[^)]*)\.md\)(?:: (.*))?$/gm)];
    const routes = entries.map((entry) => entry[1]!);
    for (const entry of entries) expect((entry[2] ?? '').length, entry[1]).toBeLessThanOrEqual(301);
    expect(routes).toContain('/quickstart');
    expect(routes.some((route) => /^\/(fr|es|zh)\//.test(route))).toBe(false);
    expect(routes).not.toContain('/changelog'); // noindex: true
    expect(routes).not.toContain('/organize/hidden-page-example'); // not in the navigation
    const served = await t.db.deploymentPage.findMany({ where: { deploymentId, language: 'en', isSearchable: true }, select: { route: true } });
    expect(new Set(routes)).toEqual(new Set(served.map((row) => row.route).map((route) => (route === '/' ? '/index' : route))));
    expect(routes.indexOf('/quickstart')).toBeLessThan(routes.indexOf('/customize/custom-domain'));
  });

  it('gives every listed page in full in llms-full.txt', async () => {
    const full = (await get('/llms-full.txt')).body as string;
    expect(full).toContain('# Custom domain');
    const compressed = await fetch(`${server.url}/sites/corpus-ai/llms-full.txt`, { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(await compressed.text()).toBe(full.replaceAll('http://folio.test', server.url));
    expect(full).toContain('Source: http://folio.test/sites/corpus-ai/customize/custom-domain');
    expect(full).not.toContain('\uE000');
  });
});

describe('the corpus as Markdown', () => {
  it('converts every navigation page without a component left in it, and .md and Accept give the same bytes', async () => {
    const pages = await t.db.deploymentPage.findMany({ where: { deploymentId }, select: { route: true } });
    const routes = [...new Set(pages.map((page) => page.route))];
    expect(routes.length).toBeGreaterThan(900);
    const survivors: string[] = [];
    for (const route of routes) {
      const markdown = await get(`${route === '/' ? '/index' : route}.md`);
      expect(markdown.status, route).toBe(200);
      expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const lines = (markdown.body as string).split('\n');
      for (const token of reader.parse(markdown.body, {})) if (token.type === 'fence' && token.map) lines.fill('', token.map[0], token.map[1]);
      const prose = lines.join('\n').replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, '');
      for (const tag of prose.match(/(?<!\\)<\/?[A-Z][A-Za-z]*(?=[\s/>])/g) ?? []) survivors.push(`${route}: ${tag}`);
    }
    expect(survivors).toEqual([]);
    const asked = await get('/customize/custom-domain', { accept: 'text/markdown' });
    expect(asked.body).toBe((await get('/customize/custom-domain.md')).body);
    expect((await get('/customize/custom-domain', { accept: 'text/plain' })).body).toBe(asked.body);
    expect((await get('/customize/custom-domain')).body).toContain('<!doctype html>');
  });

  it('keeps code blocks with their language', async () => {
    const markdown = (await get('/components/code-groups.md')).body as string;
    expect(markdown).toMatch(/^```(javascript|js|python|bash)/m);
  });
});
