import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Spec } from '../../api/openapi/load-spec.ts';
import { operationPage } from '../../api/openapi/operation-page.ts';
import { listOperations, type Operation } from '../../api/openapi/operations.ts';
import { generatedPages } from '../../api/openapi/page-paths.ts';
import { parametersOf } from '../../api/openapi/request-parts.ts';
import { CORPUS, fieldsOf, filesBelow, REAL, searchView, specAt } from './spec-files.ts';

/** Each real document of the fixtures, with its operation count (webhooks included). */
const DOCUMENTS: [root: string, file: string, operations: number][] = [
  [`${REAL}/spree`, 'api-reference/admin.yaml', 318],
  [`${REAL}/spree`, 'api-reference/store.yaml', 84],
  [`${REAL}/spree`, 'api-reference/storefront.yaml', 74],
  [`${REAL}/spree`, 'api-reference/platform.yaml', 230],
  [`${REAL}/spree`, 'api-reference/oauth.yml', 1],
  [`${REAL}/dify-docs`, 'en/api-reference/openapi_service.json', 82],
  [`${REAL}/dify-docs`, 'zh/api-reference/openapi_service.json', 82],
  [`${REAL}/dify-docs`, 'ja/api-reference/openapi_service.json', 82],
  [`${REAL}/livepeer-docs`, 'openapi.yaml', 64],
  [`${REAL}/livepeer-docs`, 'ai/api-reference/gateway.openapi.yaml', 10],
  [CORPUS, 'admin-openapi.json', 6],
  [CORPUS, 'analytics.openapi.json', 8],
  [CORPUS, 'discovery-openapi.json', 4],
  [CORPUS, 'index-openapi.json', 3],
  [CORPUS, 'openapi.json', 4],
  [CORPUS, 'static-export-openapi.json', 3],
];

/** spree's docs.json: each document is expanded under its own directory. */
const SPREE_DIRECTORIES: Record<string, string> = {
  'api-reference/store.yaml': 'api-reference/store-api',
  'api-reference/admin.yaml': 'api-reference/admin-api',
  'api-reference/storefront.yaml': 'api-reference/storefront',
  'api-reference/platform.yaml': 'api-reference/platform',
};
const SPREE_API = { examples: { languages: ['javascript', 'curl'] }, mdx: { server: ['http://localhost:3000'] } };

const specs = new Map<string, Spec>();
beforeAll(async () => {
  for (const [root, file] of DOCUMENTS) specs.set(`${root}/${file}`, await specAt(root, file));
}, 120_000);
const spec = (root: string, file: string) => specs.get(`${root}/${file}`)!;

/** The property names a body or response schema has at its top (allOf merged, alternatives and array items included). */
function topProperties(schema: unknown, skip: 'readOnly' | 'writeOnly', seen = new Set<unknown>()): string[] {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return [];
  seen.add(schema);
  const record = schema as Record<string, any>;
  const own = Object.entries(record.properties ?? {})
    .filter(([, property]: [string, any]) => property?.[skip] !== true)
    .map(([name]) => name);
  const parts = [...(record.allOf ?? []), ...(record.oneOf ?? []), ...(record.anyOf ?? [])];
  const items = own.length === 0 && parts.length === 0 ? [record.items] : [];
  return [...own, ...[...parts, ...items].flatMap((part) => topProperties(part, skip, seen))];
}

/** What a reader of the page must find: the method and path, each parameter, each top-level body property, each response code. */
function expectCovers(operation: Operation, mdx: string) {
  const fields = fieldsOf(mdx);
  const named = (kind: string, name: string) => fields.some((field) => field.kind === kind && field.name === name);
  const { headings, text } = searchView(mdx);
  expect(text).toContain(`${operation.method.toUpperCase()} ${operation.path}`);
  for (const parameter of parametersOf(operation)) expect(named(parameter.in, parameter.name), `${parameter.in} ${parameter.name}`).toBe(true);
  for (const media of Object.values(operation.object.requestBody?.content ?? {})) {
    for (const property of topProperties(media.schema, 'readOnly')) expect(named('body', property), `body ${property}`).toBe(true);
  }
  for (const status of Object.keys(operation.object.responses ?? {})) expect(headings, `response ${status}`).toContain(status);
}

describe('real OpenAPI documents', () => {
  it.each(DOCUMENTS)('%s/%s loads with all its operations', (root, file, count) => {
    expect(listOperations(spec(root, file))).toHaveLength(count);
  });

  it("reads spree's store API around its one broken reference, saying where it is", () => {
    expect(spec(`${REAL}/spree`, 'api-reference/store.yaml').warnings).toEqual([
      'api-reference/store.yaml: #/components/schemas/MeResponse/properties/user: the $ref "#/components/schemas/AdminUser" names nothing in this document, so it is left out',
    ]);
  });

  it.each(DOCUMENTS)('%s/%s: every page shows its method, path, parameters, body properties and responses', (root, file) => {
    const document = spec(root, file);
    for (const operation of listOperations(document)) {
      const page = operationPage(operation, document, SPREE_API);
      expectCovers(operation, page.mdx);
      // A page is stored and served whole: the largest real one (spree's storefront, mostly its own examples) is about 110 KB.
      expect(page.mdx.length).toBeLessThan(200_000);
      expect(JSON.stringify(page.endpoint).length).toBeLessThan(50_000);
    }
  });

  it("gives spree's 706 operations unique paths under each group's directory, the ones its pages link to", () => {
    const taken = new Set<string>();
    const paths = Object.entries(SPREE_DIRECTORIES).flatMap(([file, directory]) =>
      generatedPages(spec(`${REAL}/spree`, file), { directory, taken }).flatMap((group) => group.pages.map((page) => page.path)),
    );
    expect(paths).toHaveLength(706);
    expect(new Set(paths).size).toBe(706);
    const linked = filesBelow(`${REAL}/spree`)
      .filter((file) => /\.mdx?$/.test(file))
      .flatMap((file) =>
        [...fs.readFileSync(path.join(`${REAL}/spree`, file), 'utf8').matchAll(/\]\(\/(api-reference\/storefront\/[\w-]+\/[\w-]+)\)/g)].map((m) => m[1]!),
      );
    expect(linked.length).toBeGreaterThanOrEqual(7);
    for (const link of linked) expect(paths).toContain(link);
    expect(paths).toContain('api-reference/storefront/stripe/mark-the-payment-intent-as-confirmed-and-move-the-order-to-the-complete-state');
  });

  it("places dify's operations at their x-mint.href, the URLs its guides link to, per language", () => {
    for (const language of ['en', 'zh', 'ja']) {
      const pages = generatedPages(spec(`${REAL}/dify-docs`, `${language}/api-reference/openapi_service.json`)).flatMap((group) => group.pages);
      expect(pages.map((page) => page.path)).toContain(`${language}/api-reference/chat-messages/send-chat-message`);
      const linked = filesBelow(`${REAL}/dify-docs/${language}`)
        .filter((file) => file.endsWith('.mdx'))
        .flatMap((file) =>
          [...fs.readFileSync(path.join(`${REAL}/dify-docs/${language}`, file), 'utf8').matchAll(/\]\(\/([a-z]{2}\/api-reference\/[\w-]+\/[\w-]+)\)/g)].map(
            (m) => m[1]!,
          ),
        )
        .filter((link) => link.startsWith(`${language}/`) && !link.includes('/guides/'));
      expect(linked.length).toBeGreaterThan(10);
      for (const link of linked) expect(pages.map((page) => page.path)).toContain(link);
    }
    const japanese = generatedPages(spec(`${REAL}/dify-docs`, 'ja/api-reference/openapi_service.json'))[0]!;
    expect(japanese.group).toBe('チャットメッセージ');
    expect(japanese.pages[0]).toMatchObject({ title: 'チャットメッセージを送信', sidebarTitle: 'チャットメッセージを送信' });
  });

  it("calls spree's admin API at its server with the API key in the examples it generates, and keeps the document's own", () => {
    const admin = spec(`${REAL}/spree`, 'api-reference/admin.yaml');
    let generated = 0;
    for (const operation of listOperations(admin)) {
      const { mdx } = operationPage(operation, admin, SPREE_API);
      const example = mdx.slice(mdx.indexOf('<RequestExample>'), mdx.indexOf('</RequestExample>'));
      if (operation.object['x-codeSamples']) {
        // The document's samples cover both configured languages, so none is generated beside them.
        expect(example).toContain('```javascript Spree Admin SDK');
        expect(example).toContain('```bash Spree CLI');
        expect(example).not.toContain('cURL');
        continue;
      }
      generated++;
      // The server is `http://{defaultHost}` with `defaultHost` defaulting to localhost:3000; path parameters may be filled in.
      const url = `http://localhost:3000${operation.path.split('{')[0]}`;
      const needsKey = JSON.stringify(operation.object.security ?? []).includes('api_key');
      for (const language of ['javascript JavaScript', 'bash cURL']) {
        const start = example.indexOf(`\`\`\`${language}`);
        const block = example.slice(start, example.indexOf('\n```', start));
        expect(block).toContain(url);
        if (needsKey) expect(block).toContain("'x-spree-api-key");
      }
    }
    expect(generated).toBe(53);
  });
});
