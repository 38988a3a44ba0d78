import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSpecUrl, loadSpec, looksLikeSpec, specUrlMessage } from '../../api/openapi/load-spec.ts';
import { listOperations } from '../../api/openapi/operations.ts';
import { operationPage } from '../../api/openapi/operation-page.ts';
import { FIXTURES, filesBelow, REAL } from './spec-files.ts';

const discovered = (root: string) => filesBelow(root).filter((file) => looksLikeSpec(file, fs.readFileSync(path.join(root, file), 'utf8')));

const failure = async (file: string, text: string) => {
  const load = await loadSpec(file, text);
  if (!('error' in load)) throw new Error(`${file} loaded`);
  return load.error;
};

describe('finding the OpenAPI documents of a repository', () => {
  it('finds every document, named in the config or not, and no config file', () => {
    expect(discovered(`${REAL}/spree`).sort()).toEqual([
      'api-reference/admin.yaml',
      'api-reference/oauth.yml',
      'api-reference/platform.yaml',
      'api-reference/store.yaml',
      'api-reference/storefront.yaml',
    ]);
    // mint.json's top-level `"openapi": "./openapi.yaml"` names a document; it is not one.
    expect(discovered(`${REAL}/livepeer-docs`).sort()).toEqual(['ai/api-reference/gateway.openapi.yaml', 'openapi.yaml']);
    expect(discovered(`${REAL}/dify-docs`).sort()).toEqual([
      'en/api-reference/openapi_service.json',
      'ja/api-reference/openapi_service.json',
      'zh/api-reference/openapi_service.json',
    ]);
  });

  it('says what a deployment logs for a document named by URL', () => {
    expect(isSpecUrl('https://petstore3.swagger.io/api/v3/openapi.json')).toBe(true);
    expect(isSpecUrl('/api-reference/openapi.json')).toBe(false);
    expect(specUrlMessage('https://petstore3.swagger.io/api/v3/openapi.json')).toBe(
      'the OpenAPI document https://petstore3.swagger.io/api/v3/openapi.json is a URL; Folio does not fetch documents from the network: add the file to the repository',
    );
  });
});

describe('loading a document', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what is wrong and where when a document cannot be read', async () => {
    expect(await failure('api/broken.yaml', 'openapi: 3.1.0\npaths:\n  /a: [\n')).toMatch(/^api\/broken\.yaml: not valid YAML: .*line 4/);
    expect(await failure('api/broken.json', '{"openapi": "3.0.0",}')).toMatch(/^api\/broken\.json: not valid JSON: /);
    expect(await failure('api/list.json', '[1, 2]')).toBe('api/list.json: not an OpenAPI document: it is not an object');
    expect(await failure('api/other.yaml', 'name: not an API\n')).toBe(
      'api/other.yaml: not an OpenAPI document: it has no top-level "openapi" or "swagger" key',
    );
    expect(await failure('api/old.json', '{"swagger": "1.2", "paths": {}}')).toBe('api/old.json: Swagger 1.2 is not supported; use OpenAPI 3.0 or 3.1');
    expect(await failure('api/v2.json', '{"openapi": "2.0"}')).toBe('api/v2.json: not an OpenAPI 3.x document: its top-level "openapi" is "2.0"');
  });

  it('leaves out references to other files and URLs, fetching nothing, and names each', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const text = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Refs', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        remote: { $ref: 'https://schemas.example/user.json' },
                        local: { $ref: './common.yaml#/User' },
                        missing: { $ref: '#/components/schemas/Gone' },
                        kept: { $ref: '#/components/schemas/Kept' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: { Kept: { type: 'integer' } } },
    });
    const load = await loadSpec('refs.json', text);
    if ('error' in load) throw new Error(load.error);
    expect(fetch).not.toHaveBeenCalled();
    const where = '#/paths/~1a/get/responses/200/content/application~1json/schema/properties';
    expect(load.spec.warnings).toEqual([
      `refs.json: ${where}/remote: the $ref "https://schemas.example/user.json" points outside this document; Folio reads each OpenAPI document on its own, so it is left out`,
      `refs.json: ${where}/local: the $ref "./common.yaml#/User" points outside this document; Folio reads each OpenAPI document on its own, so it is left out`,
      `refs.json: ${where}/missing: the $ref "#/components/schemas/Gone" names nothing in this document, so it is left out`,
    ]);
    const { mdx } = operationPage(listOperations(load.spec)[0]!, load.spec);
    expect(mdx).toContain('<ResponseField name={"kept"} type={"integer"} />');
    expect(mdx).toContain('<ResponseField name={"remote"} type={"any"} />');
  });

  it('reads a Swagger 2.0 document as OpenAPI 3.0, fetching nothing, and says so', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const file = 'petstore-swagger2.json';
    const load = await loadSpec(file, fs.readFileSync(path.join(FIXTURES, file), 'utf8'));
    if ('error' in load) throw new Error(load.error);
    expect(fetch).not.toHaveBeenCalled();
    expect(load.spec.warnings).toEqual(['petstore-swagger2.json: a Swagger 2.0 document, read as OpenAPI 3.0 (Mintlify reads OpenAPI 3.0 and 3.1 only)']);
    const [find, add] = listOperations(load.spec);
    expect([find?.method, find?.path, add?.method, add?.path]).toEqual(['get', '/pet/{petId}', 'post', '/pet']);
    const page = operationPage(add!, load.spec, { examples: { languages: ['curl'] } });
    expect(page.endpoint.servers).toEqual([{ url: 'https://petstore.example/v2' }]);
    expect(page.endpoint.security).toEqual([[{ key: 'api_key', type: 'apiKey', in: 'header', name: 'api_key' }]]);
    expect(page.mdx).toContain('<ParamField body={"name"} type={"string"} required>');
    expect(page.mdx).toContain("--url https://petstore.example/v2/pet \\\n  --header 'Content-Type: application/json' \\\n  --header 'api_key: <api-key>'");
  });

  it('reads a newer OpenAPI 3.x as 3.1, with a warning', async () => {
    const load = await loadSpec(
      'next.yaml',
      'openapi: 3.2.0\ninfo: {title: Next, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "204": {description: none}\n',
    );
    if ('error' in load) throw new Error(load.error);
    expect(load.spec.warnings).toEqual(['next.yaml: OpenAPI 3.2.0 is read as 3.1 (Mintlify reads 3.0 and 3.1)']);
    expect(listOperations(load.spec)).toHaveLength(1);
  });

  it('warns about a document that makes no pages', async () => {
    const load = await loadSpec('empty.yaml', 'openapi: 3.1.0\ninfo: {title: Empty, version: "1"}\ncomponents: {}\n');
    if ('error' in load) throw new Error(load.error);
    expect(load.spec.warnings).toEqual(['empty.yaml: the document has no paths or webhooks, so it makes no pages']);
  });
});
