import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '../../api/search/embedders/create-embedder.ts';
import { OpenAIEmbedder } from '../../api/search/embedders/openai-embedder.ts';
import { WordVectorEmbedder } from '../../api/search/embedders/word-vector-embedder.ts';
import { buildSiteIndex } from '../../api/search/index-builder.ts';
import { loadConfig } from '../../api/config.ts';
import { createProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp } from '../support/test-app.ts';

/**
 * A local server speaking OpenAI's /v1/embeddings protocol. Its "model" puts each text on one of three
 * axes by topic, so semantic search through it is easy to check.
 */
const TOPICS = [/domain|dns|cname/i, /font|typeface/i, /analytics|visitors/i];
let requests: { authorization?: string; body: { model: string; input: string[] } }[] = [];
let server: http.Server;
let baseURL: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw);
      requests.push({ authorization: request.headers.authorization, body });
      if (request.url !== '/v1/embeddings') return response.writeHead(404).end();
      const data = (body.input as string[]).map((text, index) => ({
        object: 'embedding',
        index,
        embedding: TOPICS.map((topic) => (topic.test(text) ? 1 : 0.01)),
      }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('embedders', () => {
  it('the OpenAI-compatible embedder calls /embeddings with the model and key, and returns unit vectors', async () => {
    requests = [];
    const embedder = new OpenAIEmbedder({ baseURL, apiKey: 'sk-local', model: 'topic-3' });
    const [domain, fonts] = await embedder.embed(['Set up DNS for your domain', 'Pick a typeface']);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      authorization: 'Bearer sk-local',
      body: { model: 'topic-3', input: ['Set up DNS for your domain', 'Pick a typeface'] },
    });
    expect(embedder.id).toBe('openai:topic-3');
    expect(Math.hypot(...domain!)).toBeCloseTo(1, 5);
    expect(domain![0]).toBeGreaterThan(0.99);
    expect(fonts![1]).toBeGreaterThan(0.99);
  });

  it('is chosen by configuration: OPENAI_API_KEY selects it, nothing selects the offline model', () => {
    const configured = createEmbedder(loadConfig({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: baseURL, EMBEDDING_MODEL: 'm' }));
    expect(configured.id).toBe('openai:m');
    expect(createEmbedder(loadConfig({}))).toBeInstanceOf(WordVectorEmbedder);
  });

  it('the offline model places paraphrases near each other', async () => {
    const [question, answer, unrelated] = await new WordVectorEmbedder().embed([
      'change the typeface of my site',
      'Customize fonts: pick a font family for headings and body text',
      'Export analytics events to a storage bucket',
    ]);
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);
    expect(dot(question!, answer!)).toBeGreaterThan(dot(question!, unrelated!));
  });
});

describe('vectors of different embedders are never mixed', () => {
  const isolated = isolatedTestApp({ isWorker: true });

  it('stores each model apart and searches with the configured one', async () => {
    const repo = makeRepo({
      'docs.json': JSON.stringify({ navigation: { pages: ['domains', 'fonts', 'analytics'] } }),
      'domains.mdx': '---\ntitle: Domains\n---\nPoint a CNAME record at us.',
      'fonts.mdx': '---\ntitle: Fonts\n---\nPick a typeface.',
      'analytics.mdx': '---\ntitle: Analytics\n---\nCount visitors.',
    });
    const t = isolated.app;
    const project = await createProject(t.db, { name: 'Topics', subdomain: 'topics', repo: repo.dir });
    const deployment = await deployAndWait(t, project.projectId);
    const offline = await t.db.chunkEmbedding.groupBy({ by: ['embedder'], _count: true });
    expect(offline).toEqual([{ embedder: 'glove-100d-sif-v2', _count: 3 }]);

    const remote = new OpenAIEmbedder({ baseURL, apiKey: 'sk-local', model: 'topic-3' });
    const index = await buildSiteIndex(t.runtime, remote, deployment.id);
    const counts = await t.db.chunkEmbedding.groupBy({ by: ['embedder'], _count: true, orderBy: { embedder: 'asc' } });
    expect(counts).toEqual([
      { embedder: 'glove-100d-sif-v2', _count: 3 },
      { embedder: 'openai:topic-3', _count: 3 },
    ]);
    const [query] = await remote.embed(['which typeface']);
    const results = index.search({ query: 'which typeface', pageSize: 3, mode: 'vector' }, query);
    expect(results[0]!.chunk.path).toBe('/fonts');
  });
});
