import { beforeAll, describe, expect, it } from 'vitest';
import { readApiOptions } from '../../api/openapi/api-options.ts';
import type { Spec } from '../../api/openapi/load-spec.ts';
import { descriptionParts, operationPage } from '../../api/openapi/operation-page.ts';
import { listOperations } from '../../api/openapi/operations.ts';
import { findSchema } from '../../api/openapi/references.ts';
import { schemaPage } from '../../api/openapi/schema-page.ts';
import { renderMarkdown } from '../../api/render/markdown.ts';
import { FIXTURES, fieldsOf, searchView, specAt } from './spec-files.ts';

let plants: Spec;
let shapes: Spec;
beforeAll(async () => {
  [plants, shapes] = await Promise.all([specAt(FIXTURES, 'plants.yaml'), specAt(FIXTURES, 'shapes.json')]);
});

const page = (spec: Spec, method: string, path: string, api?: unknown) => {
  const operation = listOperations(spec).find((candidate) => candidate.method === method && candidate.path === path);
  if (!operation) throw new Error(`${method} ${path}`);
  return operationPage(operation, spec, api);
};
const fenceTitles = (mdx: string) => [...mdx.matchAll(/^```+(\S+) (.+)$/gm)].map((match) => `${match[1]} ${match[2]}`);

describe('an operation page', () => {
  it('has the frontmatter Mintlify gives it: x-mint metadata over the summary, never openapi, keywords for search', () => {
    expect(page(plants, 'post', '/plants').frontmatter).toEqual({
      title: 'Plant a plant',
      sidebarTitle: 'Add',
      playground: 'simple',
      keywords: ['/plants', 'addPlant'],
    });
    expect(page(plants, 'get', '/legacy').frontmatter).toEqual({ title: 'Legacy endpoint', deprecated: true, keywords: ['/legacy'] });
    expect(page(plants, 'put', '/plants/{plantId}/water').frontmatter.title).toBe('PUT /plants/{plantId}/water');
  });

  it('puts x-mint content first, then the method and path, then each part of the reference under its heading', () => {
    const { mdx } = page(plants, 'post', '/plants');
    // The method and path are the header's on the web page, and the text's for AI tools and search.
    expect(
      mdx.startsWith(
        '## Before you start\n\n<Note>Water the plant first.</Note>\n\n<Visibility for="agents">\n\n`POST /plants`\n\n</Visibility>\n\n## Authorizations',
      ),
    ).toBe(true);
    // Search keeps three heading levels: a callback's own body and responses (####) are part of its section.
    expect(searchView(mdx).headings).toEqual([
      'Before you start',
      'Authorizations',
      'Body',
      'application/json',
      'multipart/form-data',
      'Callbacks',
      'plantWatered',
      'Response',
      '201',
    ]);
    expect(searchView(page(plants, 'get', '/plants').mdx).headings).toEqual([
      'Generated',
      'Authorizations',
      'Query parameters',
      'Headers',
      'Cookies',
      'Response',
      '200',
    ]);
  });

  it("takes the description's first paragraph for the page header, a backslash-only line ending it as a blank line does", () => {
    expect(descriptionParts('Creates a stream.\n\nProfiles default to 720p.')).toEqual({ lead: 'Creates a stream.', rest: 'Profiles default to 720p.' });
    // Written as Markdown hard breaks (a spec's YAML block with lone `\` lines): no backslash reaches the header or the body.
    expect(descriptionParts('Creates a stream.\n\\\n\\\nProfiles default\nto 720p.')).toEqual({
      lead: 'Creates a stream.',
      rest: 'Profiles default\nto 720p.',
    });
    expect(descriptionParts('One line, ending with a break\\\nand going on.')).toEqual({ lead: 'One line, ending with a break\\\nand going on.' });
    expect(descriptionParts('```json\n{}\n```')).toEqual({ rest: '```json\n{}\n```' });
  });

  it('documents each parameter with its type, default, constraints and flags', () => {
    const fields = fieldsOf(page(plants, 'get', '/plants').mdx);
    expect(fields.map((field) => [field.kind, field.name, field.attributes.type])).toEqual([
      ['header', 'X-API-Key', 'string'],
      ['query', 'limit', 'integer<int32>'],
      ['query', 'pot', 'enum<string>'],
      ['header', 'X-Trace-Id', 'string'],
      ['cookie', 'session', 'string'],
      ['name', 'name', 'string'],
      ['name', 'callbackUrl', 'string<uri>'],
      ['name', 'tags', 'string[] | null'],
      ['name', 'id', 'integer<int64>'],
    ]);
    expect(fields[1]!.attributes.default).toBe('10');
    expect(fields[3]!.attributes.deprecated).toBe('true');
    const { text } = searchView(page(plants, 'get', '/plants').mdx);
    expect(text).toContain('How many plants to return.\nRequired range: 1 <= x <= 100');
    expect(text).toContain('Available options: clay, plastic, say "cheese"');
    expect(text).toContain('Pattern: ^[a-f0-9]{32}$');
  });

  it('says how to authenticate: where the key goes, the bearer form, the operation overriding the document', () => {
    const { text } = searchView(page(plants, 'get', '/plants').mdx);
    expect(text).toContain('X-API-Key\nThe API key, sent in the header X-API-Key.\nScheme: apiKey');
    const water = page(plants, 'put', '/plants/{plantId}/water');
    expect(searchView(water.mdx).text).toContain('Bearer authentication header of the form Bearer <token>, where <token> is your auth token.');
    expect(water.endpoint.security).toEqual([[{ key: 'bearerAuth', type: 'http', scheme: 'bearer' }]]);
    expect(page(plants, 'get', '/shop/pots').mdx).not.toContain('## Authorizations');
  });

  it('shows every body media type, a file upload as a file, and callbacks between the body and the responses', () => {
    const post = page(plants, 'post', '/plants');
    const fields = fieldsOf(post.mdx);
    expect(fields.find((field) => field.name === 'photo')?.attributes).toMatchObject({ body: 'photo', type: 'file', required: 'true' });
    expect(post.mdx).toContain('<ParamField body={"tags"} type={"string[] | null"} pre={["beta"]} post={["indexed"]} />');
    expect(post.mdx).toContain('### plantWatered\n\n`POST {$request.body#/callbackUrl}`\n\nSent when the plant is watered.');
    expect(fields.find((field) => field.name === 'wateredAt')?.attributes.type).toBe('string<date-time>');
    // The read-only id is a response field, not something to send.
    expect(fields.filter((field) => field.name === 'id').map((field) => field.tag)).toEqual(['ResponseField']);
  });

  it('merges allOf, shows oneOf and anyOf as titled tabs, and names the discriminator', () => {
    const orgs = page(shapes, 'get', '/orgs').mdx;
    expect(fieldsOf(orgs).map((field) => field.name)).toEqual(['org_with_users', 'id', 'users', 'email', 'labels', '{key}', 'colour', 'nickname']);
    const pets = page(shapes, 'post', '/pets').mdx;
    expect(pets).toContain('The `petType` property says which of these it is.\n\n- `cat`: `Cat`\n- `dog`: `Dog`');
    expect([...pets.matchAll(/<Tab title=\{"([^"]+)"\}>/g)].map((match) => match[1])).toEqual(['Cat', 'Dog', 'StreetAddress', 'POBox']);
    expect(searchView(pets).text).toContain('barkVolume\nRequired range: 0 <= x < 11');
  });

  it('cuts a circular schema off where it repeats, saying so', () => {
    const { mdx } = page(shapes, 'post', '/trees');
    expect(fieldsOf(mdx).map((field) => `${field.tag} ${field.name}`)).toEqual([
      'ParamField label',
      'ParamField children',
      'ParamField parent',
      'ResponseField label',
      'ResponseField children',
      'ResponseField parent',
    ]);
    expect(mdx.match(/This is `TreeNode` again, as above: the schema is circular\./g)).toHaveLength(4);
    expect(mdx).toContain('"children": []');
  });

  it("shows the document's response examples, each named one in its own block, and samples the rest", () => {
    expect(fenceTitles(page(plants, 'get', '/plants').mdx).filter((title) => title.startsWith('json'))).toEqual(['json 200 A fern', 'json 200 A cactus']);
    const added = page(plants, 'post', '/plants').mdx;
    expect(added).toContain('```json 201\n{\n  "name": "string",\n  "callbackUrl": "http://example.com",');
  });

  it("generates request examples in docs.json's languages, beside the document's own samples", () => {
    const api = { examples: { languages: ['curl', 'py', 'golang', 'rust', 'node.js'] } };
    expect(fenceTitles(page(plants, 'get', '/plants/{plantId}', api).mdx).slice(0, 4)).toEqual([
      'bash Plant CLI',
      'python Python',
      'go Go',
      'javascript Node.js',
    ]);
    expect(readApiOptions(api).warnings).toEqual(['api.examples.languages: Folio cannot generate examples in "rust"; it is left out']);
    const get = page(plants, 'get', '/plants/{plantId}', { examples: { languages: ['python'] } }).mdx;
    expect(get).toContain('url = "https://eu.plants.example/v1/plants/42"');
    expect(get).toContain('"X-API-Key": "<api-key>"');
    const only = page(plants, 'get', '/plants/{plantId}', { examples: { languages: ['python'], autogenerate: false } }).mdx;
    expect(fenceTitles(only)).toEqual(['bash Plant CLI', 'json 200']);
  });

  it('leaves optional parameters out of the examples with examples.defaults "required"', () => {
    const all = page(plants, 'get', '/plants', { examples: { languages: ['curl'] } }).mdx;
    expect(all).toContain("--url 'https://eu.plants.example/v1/plants?limit=10&pot=clay'");
    expect(all).toContain("--header 'X-Trace-Id: <X-Trace-Id>'");
    const required = page(plants, 'get', '/plants', { examples: { languages: ['curl'], defaults: 'required' } }).mdx;
    expect(required).toContain('--url https://eu.plants.example/v1/plants \\');
    expect(required).not.toContain('X-Trace-Id:');
  });

  it("adds docs.json's params.post labels to each field", () => {
    const { mdx } = page(shapes, 'get', '/orgs', { params: { post: ['nullable'] } });
    expect(mdx).toContain('<ResponseField name={"nickname"} type={"string | null"} post={["nullable"]} />');
  });

  it('describes the endpoint for the playground: servers, credentials, parameters, body fields, display', () => {
    const list = page(plants, 'get', '/plants', { examples: { prefill: true } }).endpoint;
    expect(list).toMatchObject({
      method: 'GET',
      path: '/plants',
      servers: [{ url: 'https://{region}.plants.example/v1', description: 'Production', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }],
      security: [[{ key: 'apiKey', type: 'apiKey', in: 'header', name: 'X-API-Key', default: 'your-api-key-here' }]],
      display: 'interactive',
    });
    expect(list.parameters[0]).toEqual({ in: 'query', name: 'limit', type: 'integer<int32>', default: 10, example: 10, prefill: 10 });
    const post = page(plants, 'post', '/plants', { playground: { display: 'none' } }).endpoint;
    expect(post.display).toBe('simple');
    expect(post.body?.required).toBe(true);
    expect(post.body?.contents.map((content) => content.mediaType)).toEqual(['application/json', 'multipart/form-data']);
    expect(post.body?.contents[1]?.fields).toEqual([
      { name: 'photo', type: 'file', required: true, file: 'binary' },
      { name: 'caption', type: 'string' },
    ]);
    expect(page(plants, 'get', '/status', { playground: { display: 'auth' } }).endpoint.display).toBe('auth');
    expect(JSON.parse(JSON.stringify(post))).toEqual(post);
  });

  it('makes a webhook page from the payload it sends', () => {
    const { mdx, endpoint } = page(plants, 'post', 'plantAdded');
    expect(endpoint).toMatchObject({ method: 'POST', path: 'plantAdded', isWebhook: true, display: 'none' });
    expect(mdx).toContain('Webhook `plantAdded` (`POST`)');
    expect(fenceTitles(mdx)).toEqual(['json Payload']);
  });

  it('renders through Folio’s page renderer with every field and example', () => {
    const { html } = renderMarkdown(page(plants, 'post', '/plants').mdx);
    for (const name of ['name', 'callbackUrl', 'tags', 'photo', 'caption', 'wateredAt', 'id'])
      expect(html).toContain(`<code class="field-name">${name}</code>`);
    expect(html).toContain('curl --request POST');
  });
});

describe('a data model page', () => {
  it("shows a component schema's fields and an example", () => {
    const found = findSchema({ name: 'Plant' }, [plants])!;
    const { title, mdx } = schemaPage(found);
    expect(title).toBe('Plant');
    expect(fieldsOf(mdx).map((field) => field.name)).toEqual(['name', 'callbackUrl', 'tags', 'id']);
    expect(mdx).toContain('```json Plant\n{');
  });
});
