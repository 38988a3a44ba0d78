import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { type Spec, looksLikeSpec } from '../../api/openapi/load-spec.ts';
import { findOperation, findSchema, parseOperationRef, parseSchemaRef } from '../../api/openapi/references.ts';
import { CORPUS, FIXTURES, filesBelow, REAL, specAt } from './spec-files.ts';

/** Every document of a repository, as Mintlify uploads them: named in the config or not. */
async function repositorySpecs(root: string): Promise<Spec[]> {
  const files = filesBelow(root).filter((file) => looksLikeSpec(file, fs.readFileSync(path.join(root, file), 'utf8')));
  return Promise.all(files.map((file) => specAt(root, file)));
}

/** The `openapi:` frontmatter of every page of a repository that has one. */
function frontmatterRefs(root: string): { page: string; value: string }[] {
  return filesBelow(root)
    .filter((file) => file.endsWith('.mdx'))
    .flatMap((page) => {
      // Read by line: some real frontmatter is not valid YAML elsewhere (livepeer has an unclosed quote).
      const frontmatter = /^---\n([\s\S]*?)\n---/.exec(fs.readFileSync(path.join(root, page), 'utf8'))?.[1] ?? '';
      const line = /^openapi:(.*)$/m.exec(frontmatter)?.[1];
      return line ? [{ page, value: YAML.parse(line) as string }] : [];
    });
}

let livepeer: Spec[];
let corpus: Spec[];
let plants: Spec;
let shapes: Spec;
beforeAll(async () => {
  [livepeer, corpus, plants, shapes] = await Promise.all([
    repositorySpecs(`${REAL}/livepeer-docs`),
    repositorySpecs(CORPUS),
    specAt(FIXTURES, 'plants.yaml'),
    specAt(FIXTURES, 'shapes.json'),
  ]);
}, 60_000);

describe('operation references', () => {
  it.each([
    ['GET /users', { method: 'get', path: '/users' }],
    ['post /llm', { method: 'post', path: '/llm' }],
    ['"PATCH /stream/{id}"', { method: 'patch', path: '/stream/{id}' }],
    ["'Delete /a b'", { method: 'delete', path: '/a b' }],
    ['openapi.json webhook orderUpdated', { file: 'openapi.json', method: 'webhook', path: 'orderUpdated' }],
    ['webhook orderUpdated', { method: 'webhook', path: 'orderUpdated' }],
    ['/path/to/openapi-1.json GET /users', { file: '/path/to/openapi-1.json', method: 'get', path: '/users' }],
    ['"v3-openapi PUT /api/v1/schedules/{schedule_id}"', { file: 'v3-openapi', method: 'put', path: '/api/v1/schedules/{schedule_id}' }],
    ['my specs/api.yaml GET /x', { file: 'my specs/api.yaml', method: 'get', path: '/x' }],
  ])('reads %s', (value, ref) => {
    expect(parseOperationRef(value)).toEqual(ref);
  });

  it.each(['introduction', 'guides/get started', 'GET users', 'FETCH /users', ''])('finds no operation in %j', (value) => {
    expect(parseOperationRef(value)).toBeUndefined();
  });

  it("resolves livepeer's pages across every document of the repository, as Mintlify does", () => {
    const found = new Map<string, number>();
    const missing: string[] = [];
    for (const { page, value } of frontmatterRefs(`${REAL}/livepeer-docs`)) {
      const ref = parseOperationRef(value);
      if (!ref) throw new Error(`${page}: ${value}`);
      const result = findOperation(ref, livepeer);
      if (result) found.set(result.spec.file, (found.get(result.spec.file) ?? 0) + 1);
      else missing.push(value);
    }
    expect(Object.fromEntries(found)).toEqual({ 'openapi.yaml': 54, 'ai/api-reference/gateway.openapi.yaml': 9 });
    expect(missing).toHaveLength(8);
  });

  it("resolves the operation pages of Mintlify's own docs in the document each names", () => {
    const refs = frontmatterRefs(CORPUS);
    expect(refs.length).toBeGreaterThan(80);
    const missing: string[] = [];
    for (const { page, value } of refs) {
      const found = findOperation(parseOperationRef(value)!, corpus);
      if (!found) {
        missing.push(value);
        continue;
      }
      // `/zh/analytics.openapi.json …` is the Chinese copy, not the first match in another language.
      const named = parseOperationRef(value)!.file;
      if (named) expect(`/${found.spec.file}`, page).toBe(named.startsWith('/') ? named : `/${named}`);
    }
    // The translated analytics documents of this copy lack four operations their pages name: they resolve nowhere, as on Mintlify.
    const lacking = ['feedback/by-page', 'searches', 'views', 'visitors'];
    expect(missing.sort()).toEqual(
      ['es', 'fr', 'zh'].flatMap((language) => lacking.map((end) => `/${language}/analytics.openapi.json GET /v1/analytics/{projectId}/${end}`)),
    );
  });

  it('takes the first match in alphabetical order of the paths when no document is named', () => {
    const found = findOperation(parseOperationRef('POST /v1/search')!, corpus);
    expect(found?.spec.file).toBe('es/index-openapi.json');
    expect(found?.operation.summary).toBe('Buscar conocimientos técnicos');
  });

  it('finds a document by its path, its name without extension, or its file name', () => {
    expect(findOperation(parseOperationRef('index-openapi POST /v1/search')!, corpus)?.spec.file).toBe('index-openapi.json');
    expect(findOperation(parseOperationRef('zh/index-openapi POST /v1/search')!, corpus)?.spec.file).toBe('zh/index-openapi.json');
    expect(findOperation(parseOperationRef('./fr/index-openapi.json POST /v1/search')!, corpus)?.operation.summary).toBe(
      'Rechercher des connaissances techniques',
    );
    expect(findOperation(parseOperationRef('gateway.openapi POST /llm')!, livepeer)?.spec.file).toBe('ai/api-reference/gateway.openapi.yaml');
    expect(findOperation(parseOperationRef('nothing.json POST /v1/search')!, corpus)).toBeUndefined();
  });

  it("searches the navigation's inherited document for a METHOD /path entry", () => {
    const found = findOperation(parseOperationRef('POST /v1/search')!, corpus, 'fr/index-openapi.json');
    expect(found?.spec.file).toBe('fr/index-openapi.json');
    expect(findOperation(parseOperationRef('POST /v1/agent/{projectId}/job')!, corpus, 'fr/index-openapi.json')).toBeUndefined();
  });

  it('finds webhooks by name, with or without a document', () => {
    const specs = [plants, shapes];
    expect(findOperation(parseOperationRef('webhook plantAdded')!, specs)?.operation).toMatchObject({
      isWebhook: true,
      method: 'post',
      summary: 'Plant added',
    });
    expect(findOperation(parseOperationRef('plants.yaml webhook plantAdded')!, specs)?.spec).toBe(plants);
    expect(findOperation(parseOperationRef('webhook /plants')!, specs)).toBeUndefined();
    expect(findOperation(parseOperationRef('POST /plantAdded')!, specs)).toBeUndefined();
  });
});

describe('data model references', () => {
  it('finds a component schema by name, in a named document or the first that has it', () => {
    expect(parseSchemaRef('en-schema.json OrderItem')).toEqual({ file: 'en-schema.json', name: 'OrderItem' });
    expect(parseSchemaRef('"OrderItem"')).toEqual({ name: 'OrderItem' });
    expect(findSchema({ name: 'TreeNode' }, [plants, shapes])).toMatchObject({ spec: shapes, name: 'TreeNode' });
    expect(findSchema({ file: 'plants.yaml', name: 'Plant' }, [plants, shapes])?.schema.allOf).toHaveLength(2);
    expect(findSchema({ file: 'plants.yaml', name: 'TreeNode' }, [plants, shapes])).toBeUndefined();
    expect(findSchema({ name: 'constructor' }, [plants, shapes])).toBeUndefined();
  });
});
