import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { deployedSite } from '../support/docs-site.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A versioned site in two languages as its readers use it: English has v1, v2 (its default, not listed
 * first), a hidden v0 and a page of no version; French has v3 and v1 (its default, also not first).
 */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let server: RunningServer;

const page = (title: string, text: string) => `---\ntitle: ${title}\n---\n\n${text}\n`;

const SITE: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Acme Docs',
    navigation: {
      languages: [
        {
          language: 'en',
          versions: [
            { version: 'v1', tag: 'Deprecated', groups: [{ group: 'Guides', pages: ['v1/quickstart', 'v1/auth'] }] },
            { version: 'v2', default: true, tag: 'Latest', groups: [{ group: 'Guides', pages: ['v2/quickstart', 'v2/auth', 'v2/webhooks'] }] },
            { version: 'v0', hidden: true, groups: [{ group: 'Guides', pages: ['v0/quickstart'] }] },
          ],
          groups: [{ group: 'Help', pages: ['faq'] }],
        },
        {
          language: 'fr',
          versions: [
            { version: 'v3', groups: [{ group: 'Guides', pages: ['fr/v3/quickstart'] }] },
            { version: 'v1', default: true, groups: [{ group: 'Guides', pages: ['fr/v1/quickstart'] }] },
          ],
        },
      ],
    },
  }),
  'v1/quickstart.mdx': page('Quickstart one', 'Install the Acme CLI version one.'),
  'v1/auth.mdx': page('Auth one', 'Sign requests with a key, version one.'),
  'v2/quickstart.mdx': page('Quickstart two', 'Install the Acme CLI version two.'),
  'v2/auth.mdx': page('Auth two', 'Sign requests with a token, version two.'),
  'v2/webhooks.mdx': page('Webhooks two', 'Receive events, new in version two.'),
  'v0/quickstart.mdx': page('Quickstart zero', 'The first beta.'),
  'faq.mdx': page('FAQ', 'Answers for every version.'),
  'fr/v1/quickstart.mdx': page('Démarrage un', 'Installez la CLI Acme, première version.'),
  'fr/v3/quickstart.mdx': page('Démarrage trois', 'Installez la CLI Acme, troisième version.'),
};

beforeAll(async () => {
  t = isolated.app;
  await deployedSite(t, 'acme-versions', SITE);
  server = await listen(t.app, '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
});

const get = async (path: string) => {
  const response = await t.call('GET', `/sites/acme-versions${path}`);
  expect(response.status).toBe(200);
  return response.body as string;
};
/** The switcher's entries: label -> where its link goes. */
const switcher = (html: string, name: 'Version' | 'Language') => {
  const block = html.match(new RegExp(`<summary>${name}: [\\s\\S]*?</details>`))?.[0] ?? '';
  return Object.fromEntries([...block.matchAll(/<li><a href="([^"]+)"[^>]*>(.*?)<\/a><\/li>/g)].map((match) => [match[2]!, match[1]!]));
};

describe('a versioned site in two languages', () => {
  it("opens at the default version's first page, not the first version's", async () => {
    const home = await t.call('GET', '/sites/acme-versions/');
    expect(home.status).toBe(307);
    expect(home.headers.get('location')).toBe('/sites/acme-versions/v2/quickstart');
    // The pages of no version follow the default version's own in its sidebar.
    expect(await get('/v2/quickstart')).toMatch(/Guides<\/p>.*Quickstart two.*Help<\/p>.*FAQ/s);
  });

  it('switches version on the same page when that version has it, else to its first page, with tags and without the hidden version', async () => {
    const auth = await get('/v2/auth');
    expect(auth).toContain('<summary>Version: v2 <span class="version-tag">Latest</span></summary>');
    expect(switcher(auth, 'Version')).toEqual({
      'v1 <span class="version-tag">Deprecated</span>': '/sites/acme-versions/v1/auth',
      'v2 <span class="version-tag">Latest</span>': '/sites/acme-versions/v2/auth',
    });
    expect(switcher(await get('/v1/auth'), 'Version')['v2 <span class="version-tag">Latest</span>']).toBe('/sites/acme-versions/v2/auth');
    expect(switcher(await get('/v2/webhooks'), 'Version')['v1 <span class="version-tag">Deprecated</span>']).toBe('/sites/acme-versions/v1/quickstart');
    // The hidden version's pages are still served, with their own sidebar, but kept out of search engines.
    const hidden = await get('/v0/quickstart');
    expect(hidden).toContain('<h1>Quickstart zero</h1>');
    expect(hidden).toContain('<meta name="robots" content="noindex">');
    expect(hidden).toContain('<summary>Version: v0</summary>');
  });

  it("switches language to the same version, else to that language's default version", async () => {
    expect(switcher(await get('/v1/auth'), 'Language').français).toBe('/sites/acme-versions/fr/v1/quickstart');
    expect(switcher(await get('/v2/webhooks'), 'Language').français).toBe('/sites/acme-versions/fr/v1/quickstart');
    expect(switcher(await get('/fr/v3/quickstart'), 'Language').English).toBe('/sites/acme-versions/v2/quickstart');
  });

  it("records the default language's default version, and lists its pages and those of no version in llms.txt", async () => {
    const deployment = await t.db.deployment.findFirstOrThrow({ where: { project: { subdomain: 'acme-versions' } } });
    expect(deployment.defaultVersion).toBe('v2');
    expect(deployment.defaultVersions).toEqual({ en: 'v2', fr: 'v1' });
    const links = (text: string) => [...text.matchAll(/\]\(http:\/\/folio\.test\/sites\/acme-versions(\/[^)]+)\.md\)/g)].map((match) => match[1]);
    expect(links(await get('/llms.txt'))).toEqual(['/v2/quickstart', '/v2/auth', '/v2/webhooks', '/faq']);
    const full = await get('/llms-full.txt');
    expect(full).toContain('Answers for every version.');
    expect(full).not.toContain('version one');
  });

  it("offers MCP search's version and language with the site's values, and searches a language's default version", async () => {
    const client = new Client({ name: 'folio-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/sites/acme-versions/mcp`)));
    const search = (await client.listTools()).tools.find((tool) => tool.name === 'search')!;
    const properties = search.inputSchema.properties as Record<string, { enum?: string[]; description?: string }>;
    expect(properties.version?.enum).toEqual(['v2', 'v1', 'v3']);
    expect(properties.version?.description).toContain('"v2" (the default), "v1", "v3"');
    expect(properties.language?.enum).toEqual(['en', 'fr']);
    const found = await client.callTool({ name: 'search', arguments: { query: 'installez la CLI', language: 'fr' } });
    const text = (found.content as { text: string }[]).map((part) => part.text).join('\n');
    expect(text).toContain('Path: /fr/v1/quickstart');
    expect(text).not.toContain('/fr/v3/');
    await client.close();
  });

  it('offers neither on a site of one version and one language', async () => {
    await deployedSite(t, 'acme-plain');
    const client = new Client({ name: 'folio-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/sites/acme-plain/mcp`)));
    const search = (await client.listTools()).tools.find((tool) => tool.name === 'search')!;
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(['query', 'pageSize']);
    await client.close();
  });
});
