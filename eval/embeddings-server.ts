// tsx eval/embeddings-server.ts [PORT]: a local server speaking OpenAI's POST /v1/embeddings, to measure
// search with a configured OpenAI-compatible embedder (OPENAI_API_KEY=local OPENAI_BASE_URL=
// http://127.0.0.1:PORT/v1 npm run eval:search). No sentence-embedding weights can be had offline here,
// so it serves the offline model (GloVe 100-d, SIF-weighted) over HTTP: the figures show the configured
// path end to end (vectors fetched, stored under openai:<model>, used by hybrid search, and asked for
// every language, since a remote model is assumed to understand them all).
import http from 'node:http';
import { WordVectorEmbedder } from '../api/search/embedders/word-vector-embedder.ts';

const port = Number(process.argv[2] ?? 8089);
const model = new WordVectorEmbedder();
let served = 0;

const server = http.createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk) => (raw += chunk));
  request.on('end', async () => {
    if (request.method !== 'POST' || request.url !== '/v1/embeddings') return response.writeHead(404).end();
    const body = JSON.parse(raw) as { model: string; input: string | string[] };
    const input = Array.isArray(body.input) ? body.input : [body.input];
    const vectors = await model.embed(input);
    served += input.length;
    const data = vectors.map((vector, index) => ({ object: 'embedding', index, embedding: [...vector] }));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: input.length, total_tokens: input.length } }));
  });
});
server.listen(port, '127.0.0.1', () => console.log(`embeddings on http://127.0.0.1:${port}/v1`));
process.on('SIGTERM', () => {
  console.log(`served ${served} embeddings`);
  server.close(() => process.exit(0));
});
