import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../api/app.ts';
import { RequestAuth } from '../api/auth/request-auth.ts';
import { createProject } from '../api/projects/create-project.ts';
import type { Runtime } from '../api/runtime.ts';
import { searchDocs } from '../api/search/search-docs.ts';
import { buildSiteIndex } from '../api/search/index-builder.ts';
import type { SearchMode } from '../api/search/site-index.ts';
import { listen } from '../api/http/server.ts';
import { CORPUS, deployNow } from './corpus.ts';
import { fmt, measureLoad, percentile } from './support.ts';

const QUERIES = (
  JSON.parse(fs.readFileSync(new URL('../eval/search-questions.json', import.meta.url), 'utf8')) as {
    questions: { language: string; query: string }[];
  }
).questions
  .filter((q) => q.language === 'en')
  .map((q) => q.query);

/**
 * A single-language site of `copies` copies of the corpus's English pages (2,084 chunks each), so that
 * every search really scans the whole site: 5 copies ~ 10k chunks, 48 copies ~ 100k chunks.
 */
export function replicatedRepository(copies: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-search-'));
  const english = JSON.parse(fs.readFileSync(path.join(CORPUS, 'docs.json'), 'utf8')).navigation.languages[0];
  const pages: string[] = [];
  const collect = (node: unknown): void => {
    if (typeof node === 'string') pages.push(node);
    else if (Array.isArray(node)) node.forEach(collect);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'root') pages.push(value as string);
        else collect(value);
      }
    }
  };
  collect(english);
  const files = [...new Set(pages)].filter((page) => fs.existsSync(path.join(CORPUS, `${page}.mdx`)));
  fs.cpSync(path.join(CORPUS, 'snippets'), path.join(dir, 'snippets'), { recursive: true });
  const navigation: string[] = [];
  for (let copy = 0; copy < copies; copy++) {
    for (const page of files) {
      const target = path.join(dir, `copy${copy}`, `${page}.mdx`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(path.join(CORPUS, `${page}.mdx`), target);
      navigation.push(`copy${copy}/${page}`);
    }
  }
  fs.writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ name: 'Bench', navigation: { groups: [{ group: 'All', pages: navigation }] } }));
  execFileSync('git', ['-C', dir, 'init', '-q', '-b', 'main']);
  execFileSync('git', ['-C', dir, 'add', '-A']);
  execFileSync('git', ['-C', dir, '-c', 'user.name=Bench', '-c', 'user.email=b@e', 'commit', '-q', '-m', 'Replicated corpus']);
  return dir;
}

export async function benchSearch(runtime: Runtime, copies: number[]) {
  const rows: string[] = [];
  const buildRows: string[] = [];
  const db = runtime.database.prisma;
  for (const count of copies) {
    const repo = replicatedRepository(count);
    const project = await createProject(db, { name: 'Bench', subdomain: `bench-search-${Date.now()}`, repo });
    const { deploymentId, seconds: deploySeconds } = await deployNow(runtime, project.projectId);
    fs.rmSync(repo, { recursive: true, force: true });

    globalThis.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const buildStarted = performance.now();
    const index = await buildSiteIndex(runtime, runtime.embedder, deploymentId);
    const buildMs = performance.now() - buildStarted;
    globalThis.gc?.();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    const chunks = index.chunkCount;
    buildRows.push(
      `| ${chunks.toLocaleString('en-US')} | ${fmt(deploySeconds, 1)} | ${fmt(buildMs / 1000, 2)} | ${fmt(heapMb, 0)} | ${fmt((heapMb * 100_000) / chunks, 0)} |`,
    );

    await runtime.searchIndexes.forProject({ id: project.projectId, liveDeploymentId: deploymentId }); // cached now
    const server = await listen(createApp(runtime), '127.0.0.1', 0);
    const bodiesFile = path.join(os.tmpdir(), `folio-bench-bodies-${process.pid}.json`);
    for (const mode of ['keyword', 'hybrid'] as SearchMode[]) {
      // In process: what the resolver does (key check, site lookup, search), without HTTP, yoga and SOFA.
      const inProcess: number[] = [];
      for (let round = 0; round < 8; round++) {
        for (const query of QUERIES) {
          const started = performance.now();
          const auth = new RequestAuth(runtime.keys, `Bearer ${project.assistantKey}`);
          await auth.requireKind('assistant');
          const site = (await runtime.sites.find(project.subdomain))!;
          await auth.requireProject(site.id);
          await searchDocs(runtime, site, { query, pageSize: 10, mode });
          inProcess.push(performance.now() - started);
        }
      }
      inProcess.sort((a, b) => a - b);
      // Through the gateway (yoga, the /v1 gate, SOFA, JSON), still in process: app.fetch, no socket.
      const viaGateway: number[] = [];
      const app = createApp(runtime);
      for (let round = 0; round < 8; round++) {
        for (const query of QUERIES) {
          const started = performance.now();
          const response = await app.fetch(`http://bench/v1/search/${project.subdomain}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${project.assistantKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ query, pageSize: 10, mode }),
          });
          await response.text();
          if (response.status !== 200) throw new Error(`search answered ${response.status}`);
          viaGateway.push(performance.now() - started);
        }
      }
      viaGateway.sort((a, b) => a - b);
      fs.writeFileSync(bodiesFile, JSON.stringify(QUERIES.map((query) => ({ query, pageSize: 10, mode }))));
      const load = await measureLoad(`${server.url}/v1/search/${project.subdomain}`, { authorization: `Bearer ${project.assistantKey}` }, 4000, 1, bodiesFile);
      if (load.errors > 0) throw new Error(`${load.errors} search requests failed`);
      const p50 = percentile(inProcess, 0.5);
      rows.push(
        `| ${chunks.toLocaleString('en-US')} | ${mode} | ${fmt(p50)} | ${fmt(percentile(inProcess, 0.95))} | ${fmt(percentile(inProcess, 0.99))} | ${fmt(percentile(viaGateway, 0.5))} | **${fmt(percentile(viaGateway, 0.5) - p50)}** | ${fmt(load.p50)} | ${fmt(load.p95)} | ${fmt(load.p99)} |`,
      );
    }
    fs.rmSync(bodiesFile, { force: true });
    await server.close();
  }
  return {
    table: [
      '| chunks (one language) | mode | resolver work p50 ms | p95 | p99 | through the gateway (app.fetch) p50 ms | gateway adds at p50 (ms) | over HTTP p50 ms | p95 | p99 |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      '| chunks | deployment (s) | index build (s) | index heap (MB) | heap per 100k chunks (MB) |',
      '|---|---|---|---|---|',
      ...buildRows,
    ].join('\n'),
  };
}
