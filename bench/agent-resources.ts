import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import http from 'node:http';
import { createApp } from '../api/app.ts';
import { listen } from '../api/http/server.ts';
import type { Runtime } from '../api/runtime.ts';
import { corpusRepository, deployedProject } from './corpus.ts';
import { fmt, medianAndP95 } from './support.ts';

const QUERIES = [
  'custom domain',
  'how do I hide a page from the sidebar',
  'dark mode logo',
  'api playground authentication',
  'redirects',
  'analytics integrations',
];

/**
 * What AI tools meet on the corpus, over HTTP from this process: the MCP server's `search` tool
 * (through the official SDK's client) against `POST /v1/search` with the same queries, in
 * alternation; llms-full.txt (the first request after the deployment, then warm); and what making
 * the pages' Markdown and the two files adds to a full deployment (from its log).
 */
export async function benchAgentResources(runtime: Runtime, rounds = 60) {
  const repo = corpusRepository();
  const { project, deploymentId, seconds } = await deployedProject(runtime, repo.dir);
  const server = await listen(createApp(runtime), '127.0.0.1', 0);
  const keepAlive = new http.Agent({ keepAlive: true });
  try {
    const site = `${server.url}/sites/${project.subdomain}`;
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${site}/mcp`)));
    // Timed to the last byte received, gzip as tools ask for it, not counting the client's own inflating.
    const full = () =>
      new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
        const started = performance.now();
        http
          .get(`${site}/llms-full.txt`, { headers: { 'accept-encoding': 'gzip' }, agent: keepAlive }, (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () =>
              response.statusCode === 200
                ? resolve({ ms: performance.now() - started, bytes })
                : reject(new Error(`llms-full.txt answered ${response.statusCode}`)),
            );
          })
          .on('error', reject);
      });
    const first = await full();
    const chars = (await (await fetch(`${site}/llms-full.txt`)).text()).length;
    const mcp: number[] = [];
    const rest: number[] = [];
    const files: number[] = [];
    for (let round = 0; round < rounds + 5; round++) {
      const query = QUERIES[round % QUERIES.length]!;
      let started = performance.now();
      await client.callTool({ name: 'search', arguments: { query } });
      const mcpMs = performance.now() - started;
      started = performance.now();
      const response = await fetch(`${server.url}/v1/search/${project.subdomain}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${project.assistantKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      await response.text();
      const restMs = performance.now() - started;
      const fileMs = (await full()).ms;
      if (round < 5) continue; // warming up
      mcp.push(mcpMs);
      rest.push(restMs);
      files.push(fileMs);
    }
    await client.close();
    const logs = (await runtime.database.prisma.deployment.findUniqueOrThrow({ where: { id: deploymentId }, select: { logs: true } })).logs;
    const line = logs.find((entry) => entry.startsWith('For AI tools:')) ?? '';
    const [markdownSeconds, textsSeconds] = [...line.matchAll(/in (\d+(?:\.\d+)?) s/g)].map((match) => Number(match[1]));
    const added = (markdownSeconds ?? 0) + (textsSeconds ?? 0);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const p95 = (values: number[]) => sorted(values)[Math.floor(0.95 * values.length)]!;
    return {
      table: [
        `| The corpus over HTTP, ${rounds} rounds | p50 ms | p95 ms |`,
        '|---|---|---|',
        `| MCP \`search\` tool call (SDK client, Streamable HTTP) | ${medianAndP95(mcp)} |`,
        `| \`POST /v1/search\`, the same queries | ${medianAndP95(rest)} |`,
        `| ratio MCP / REST at p95 (goal ≤ 2) | | **${fmt(p95(mcp) / p95(rest))}** |`,
        `| llms-full.txt (${(chars / 1_000_000).toFixed(1)} M characters, ${(first.bytes / 1000).toFixed(0)} kB gzipped), warm (goal ≤ 20 at p95) | ${medianAndP95(files)} |`,
        `| llms-full.txt, the first request after the deployment | ${fmt(first.ms, 1)} | |`,
        '',
        `| Full deployment of the corpus | seconds |`,
        '|---|---|',
        `| the whole deployment | ${fmt(seconds)} |`,
        `| of which the pages' Markdown | ${fmt(markdownSeconds ?? 0)} |`,
        `| of which llms.txt and llms-full.txt | ${fmt(textsSeconds ?? 0)} |`,
        `| share of the deployment (goal ≤ 15%) | **${fmt((100 * added) / (seconds - added), 1)}%** of the rest |`,
      ].join('\n'),
    };
  } finally {
    keepAlive.destroy();
    await server.close();
    repo.remove();
  }
}
