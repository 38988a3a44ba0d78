import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../api/browser/find-chromium.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { ensureSiteScriptBuilt } from '../../site-script/build.ts';
import { ensurePlaygroundBuilt } from '../../site-script/playground/build.ts';
import { ensureWidgetBuilt } from '../../widget/build.ts';
import { deployedSite } from '../support/docs-site.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';
import { axeViolations, launchChromium } from '../widget/support/chromium.ts';

/** Without a Chromium these tests are skipped (vitest.config.ts says so). */
const hasChromium = findChromium() !== undefined;

interface Echoed {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization?: string;
  contentType?: string;
  body: string;
}

/**
 * The API the documentation describes: it answers under `/api` with CORS headers, echoing the request it
 * got, and under `/closed` without them (a browser then refuses the page its answer).
 */
async function startEchoApi(): Promise<{ origin: string; received: Echoed[]; preflights: string[]; close(): Promise<void> }> {
  const received: Echoed[] = [];
  const preflights: string[] = [];
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const isOpen = url.pathname.startsWith('/api/');
    if (isOpen) {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-expose-headers', 'x-echo');
    }
    if (request.method === 'OPTIONS') {
      preflights.push(url.pathname);
      if (isOpen) {
        response.setHeader('access-control-allow-methods', 'GET, POST, PATCH, DELETE');
        response.setHeader('access-control-allow-headers', 'authorization, content-type');
      }
      return response.writeHead(204).end();
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const echoed: Echoed = {
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      ...(request.headers['content-type'] ? { contentType: request.headers['content-type'] } : {}),
      body: Buffer.concat(chunks).toString('utf8'),
    };
    received.push(echoed);
    response.writeHead(201, { 'content-type': 'application/json', 'x-echo': 'yes' }).end(JSON.stringify(echoed));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    preflights,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const spec = (origin: string) => ({
  openapi: '3.0.3',
  info: { title: 'Users API', version: '1.0.0' },
  servers: [
    { url: `${origin}/api`, description: 'Echo' },
    { url: `${origin}/closed`, description: 'Without CORS' },
  ],
  components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
  security: [{ bearerAuth: [] }],
  paths: {
    '/users/{id}': {
      patch: {
        tags: ['Users'],
        summary: 'Update a user',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'expand', in: 'query', schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', example: 'Ada' } } } } },
        },
        responses: { '200': { description: 'The user' } },
      },
    },
  },
});

const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let folio: RunningServer;
let browser: Browser;
let api: Awaited<ReturnType<typeof startEchoApi>>;
let routeOfResultPath: string;
const shots = path.join(os.tmpdir(), 'folio-site-screenshots');

beforeAll(async () => {
  if (!hasChromium) return;
  await Promise.all([ensureWidgetBuilt(), ensureSiteScriptBuilt(), ensurePlaygroundBuilt()]);
  t = isolated.app;
  [folio, browser, api] = await Promise.all([listen(t.app, '127.0.0.1', 0), launchChromium(), startEchoApi()]);
  const project = await deployedSite(t, 'users-api', {
    'docs.json': JSON.stringify({
      name: 'Users API',
      navigation: {
        groups: [
          { group: 'Guides', pages: ['index', 'ping'] },
          { group: 'API reference', openapi: 'openapi.json' },
        ],
      },
    }),
    'index.mdx': '---\ntitle: Welcome\n---\n\nSee the API reference.\n',
    // A hand-written API page (api-playground/mdx-setup.mdx) gets the same header and playground.
    'ping.mdx': `---\ntitle: Ping\napi: "GET ${api.origin}/api/ping"\n---\n\n<ParamField query="echo" type="string">Echoed back.</ParamField>\n`,
    'openapi.json': JSON.stringify(spec(api.origin)),
  });
  // The deployment stores the operation's endpoint with the page it generated, which the header and playground are made from.
  const rendered = await t.db.pageRender.findMany({
    where: { page: { projectId: project.projectId } },
    select: { endpoint: true, page: { select: { deployments: { select: { sourcePath: true }, take: 1 } } } },
  });
  const withEndpoint = rendered.filter((render) => render.endpoint !== null);
  expect(withEndpoint.map((render) => (render.endpoint as { path: string }).path).sort()).toEqual(['/api/ping', '/users/{id}']);
  const generated = withEndpoint.find((render) => (render.endpoint as { path: string }).path === '/users/{id}')!;
  routeOfResultPath = `/${generated.page.deployments[0]!.sourcePath.replace(/\.mdx?$/, '')}`;
  fs.mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await folio?.close();
  await api?.close();
});

/** The API page as a reader opens it: `withAxe` bypasses the page's policy so that axe-core can be injected. */
async function open(options: { colorScheme?: 'light' | 'dark'; withAxe?: boolean; route?: string } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ colorScheme: options.colorScheme ?? 'light', viewport: { width: 1280, height: 900 }, bypassCSP: options.withAxe });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`${folio.url}/sites/users-api${options.route ?? routeOfResultPath}`);
  await page.getByText('Try it', { exact: true }).click();
  await page.getByRole('form', { name: 'Try it' }).waitFor();
  return { page, errors };
}

/** The playground's live region (the page has others: the widget's). */
const playgroundStatus = (page: Page) => page.getByRole('form', { name: 'Try it' }).getByRole('status');

/** The inputs found by their labels, as a screen reader names them ("id string required"). */
async function fillAndSend(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Try it' });
  await form.getByRole('textbox', { name: 'Bearer token' }).fill('sk_test_42');
  await form.getByRole('textbox', { name: 'id string required' }).fill('usr 7');
  await form.getByRole('textbox', { name: 'expand string' }).fill('teams');
  await form.getByRole('textbox', { name: /^Body application\/json/ }).fill('{"name": "Grace"}');
  await form.getByRole('button', { name: 'Send' }).click();
}

describe.runIf(hasChromium)('the API playground in a real browser', () => {
  it('sends the request the reader filled in straight to the API, and shows its answer', async () => {
    const { page, errors } = await open();
    const header = page.locator('.api-endpoint');
    expect(await header.getAttribute('data-method')).toBe('patch');
    expect(await header.getAttribute('data-path')).toBe('/users/{id}');
    expect(await header.getAttribute('data-spec')).toBe('openapi.json');
    expect(await page.locator('.api-playground-note').count()).toBe(0);

    await fillAndSend(page);
    const status = playgroundStatus(page);
    await expect.poll(() => status.textContent()).toMatch(/^201 Created \d+ ms$/);
    const sent: Echoed = {
      method: 'PATCH',
      path: '/api/users/usr%207',
      query: { expand: 'teams' },
      authorization: 'Bearer sk_test_42',
      contentType: 'application/json',
      body: '{"name": "Grace"}',
    };
    expect(api.received.at(-1)).toEqual(sent);
    expect(await page.getByLabel('Response body').textContent()).toBe(JSON.stringify(sent, null, 2));
    await page.getByText(/^Response headers/).click();
    expect(await page.locator('.api-response-headers').textContent()).toContain('x-echoyes');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says the API must allow this site when the browser refuses its answer (CORS)', async () => {
    const { page } = await open();
    await page.getByRole('combobox', { name: 'Server' }).selectOption({ label: `Without CORS: ${api.origin}/closed` });
    await fillAndSend(page);
    await expect.poll(() => playgroundStatus(page).textContent()).toContain('The API must accept requests from this site (CORS');
    // The browser asked first (the request has credentials and a JSON body), was not allowed, and sent nothing.
    expect(api.preflights.at(-1)).toBe('/closed/users/usr%207');
    expect(api.received.filter((request) => request.path.startsWith('/closed/'))).toEqual([]);
    await page.context().close();
  });

  it('tries a hand-written API page the same way', async () => {
    const { page, errors } = await open({ route: '/ping' });
    const header = page.locator('.api-endpoint');
    expect([await header.getAttribute('data-method'), await header.getAttribute('data-path'), await header.getAttribute('data-spec')]).toEqual([
      'get',
      '/api/ping',
      null,
    ]);
    const form = page.getByRole('form', { name: 'Try it' });
    await form.getByRole('textbox', { name: 'echo string' }).fill('hello there');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => playgroundStatus(page).textContent()).toMatch(/^201 Created/);
    expect(api.received.at(-1)).toEqual({ method: 'GET', path: '/api/ping', query: { echo: 'hello there' }, body: '' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("lets the page connect to its API's servers only", async () => {
    const response = await fetch(`${folio.url}/sites/users-api${routeOfResultPath}`);
    expect(response.headers.get('content-security-policy')).toContain(`connect-src 'self' ${api.origin};`);
    const welcome = await fetch(`${folio.url}/sites/users-api/index`);
    expect(welcome.headers.get('content-security-policy')).toContain("connect-src 'self';");
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe violation in ${colorScheme}, before and after a request`, async () => {
      const { page } = await open({ colorScheme, withAxe: true });
      expect(await axeViolations(page)).toEqual([]);
      await fillAndSend(page);
      await expect.poll(() => playgroundStatus(page).textContent()).toMatch(/^201/);
      await page.getByText(/^Response headers/).click();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `api-playground-${colorScheme}.png`), fullPage: true });
      await page.context().close();
    });
  }
});
