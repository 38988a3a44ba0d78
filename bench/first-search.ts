import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createProject } from '../api/projects/create-project.ts';
import type { Runtime } from '../api/runtime.ts';
import { buildSiteIndex } from '../api/search/index-builder.ts';
import { loadArtifact } from '../api/search/search-artifact.ts';
import { corpusRepository, deployNow } from './corpus.ts';
import { UNLIMITED } from './limits.ts';
import { medianAndP95 } from './support.ts';
import { startWeb } from './web-process.ts';

const QUESTIONS = [
  'How do I set up a custom domain for my documentation?',
  'Can I hide a page from the sidebar but keep it reachable by its link?',
  'How do I show a different logo in dark mode?',
  'How do I add authentication to the API playground?',
];
const QUERIES = ['custom domain', 'how do I hide a page from the sidebar', 'dark mode logo', 'api playground authentication', 'redirects'];

/**
 * The first search a visitor makes, as a `folio web` process in its own process answers it over HTTP:
 * right after the process starts (a restart, a new process in a fleet), and right after a deployment of
 * the site goes live (a one-page edit of the corpus, deployed by this process acting as the worker). For
 * comparison, the time it takes to build the index from the stored chunks, which is what a first search
 * waited for before search artifacts. Also the first question's answer right after a start and right
 * after a deployment.
 */
export async function benchFirstSearch(runtime: Runtime, rounds = 8) {
  const repo = corpusRepository();
  const project = await createProject(runtime.database.prisma, { name: 'First search', subdomain: `bench-first-${Date.now()}`, repo: repo.dir });
  let { deploymentId } = await deployNow(runtime, project.projectId);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-web-'));
  const env = { DATABASE_URL: runtime.database.url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', PATH: process.env.PATH ?? '', ...UNLIMITED };
  const search = async (url: string, query: string) => {
    const started = performance.now();
    const response = await fetch(`${url}/v1/search/${project.subdomain}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${project.assistantKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    await response.text();
    if (response.status !== 200) throw new Error(`search answered ${response.status}`);
    return performance.now() - started;
  };

  const afterStart: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const web = await startWeb(env);
    afterStart.push(await search(web.url, QUERIES[round % QUERIES.length]!));
    await web.stop();
  }
  const answerAfterStart: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const web = await startWeb(env);
    answerAfterStart.push(await firstText(web.url, project, QUESTIONS[round % QUESTIONS.length]!));
    await web.stop();
  }

  const afterDeployment: number[] = [];
  const web = await startWeb(env);
  await search(web.url, 'warm up');
  for (let round = 0; round < rounds; round++) {
    fs.appendFileSync(path.join(repo.dir, 'quickstart.mdx'), `\n\nA note added by round ${round}.\n`);
    repo.commit(`Round ${round}`);
    ({ deploymentId } = await deployNow(runtime, project.projectId));
    afterDeployment.push(await search(web.url, QUERIES[round % QUERIES.length]!));
  }
  const firstAnswer: number[] = [];
  for (let round = 0; round < rounds; round++) {
    fs.appendFileSync(path.join(repo.dir, 'quickstart.mdx'), `\n\nAnother note added by round ${round}.\n`);
    repo.commit(`Answer round ${round}`);
    ({ deploymentId } = await deployNow(runtime, project.projectId));
    firstAnswer.push(await firstText(web.url, project, QUESTIONS[round % QUESTIONS.length]!));
  }
  // How long another web process lags behind `success`: from the moment the worker recorded it to the
  // moment that process's /health says it serves the new deployment (polled every 2 ms).
  const lag: number[] = [];
  for (let round = 0; round < rounds; round++) {
    fs.appendFileSync(path.join(repo.dir, 'quickstart.mdx'), `\n\nA lag note added by round ${round}.\n`);
    repo.commit(`Lag round ${round}`);
    ({ deploymentId } = await deployNow(runtime, project.projectId));
    const succeeded = performance.now();
    while ((await servedBy(web.url))[project.projectId] !== deploymentId) await new Promise((resolve) => setTimeout(resolve, 2));
    lag.push(performance.now() - succeeded);
  }
  const warm: number[] = [];
  for (let round = 0; round < rounds * 3; round++) warm.push(await search(web.url, QUERIES[round % QUERIES.length]!));
  await web.stop();

  const building: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    await buildSiteIndex(runtime, runtime.embedder, deploymentId);
    building.push(performance.now() - started);
  }
  // This process has not loaded an artifact before: its first load runs code not yet compiled, as a web
  // process's loads at its start do. Each load after a full collection (npm run bench exposes gc), so
  // the builds' and the last load's garbage is not its.
  const loading: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    globalThis.gc?.();
    const started = performance.now();
    await loadArtifact({ db: runtime.database.prisma, pool: runtime.database.pool }, runtime.embedder, deploymentId, runtime.log);
    loading.push(performance.now() - started);
  }
  const [firstLoad, ...laterLoads] = loading;
  repo.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    table: [
      `| First search on the corpus (${(await runtime.database.prisma.searchArtifact.findFirstOrThrow({ where: { deploymentId } })).chunkCount.toLocaleString('en-US')} chunks), a \`folio web\` process over HTTP, ${rounds} rounds | p50 ms | p95 ms |`,
      '|---|---|---|',
      `| right after the process starts (goal ≤ 100 at p95) | ${medianAndP95(afterStart)} |`,
      `| the first text of the first question right after the process starts, offline model (goal ≤ 100 at p95) | ${medianAndP95(answerAfterStart)} |`,
      `| right after a one-page deployment goes live (goal ≤ 100 at p95) | ${medianAndP95(afterDeployment)} |`,
      `| the first text of the first question right after a one-page deployment goes live, offline model (goal ≤ 100 at p95) | ${medianAndP95(firstAnswer)} |`,
      `| another web process: from \`success\` to serving the new deployment (its /health's \`served\`) | ${medianAndP95(lag)} |`,
      `| warm, for comparison | ${medianAndP95(warm)} |`,
      `| loading the whole stored artifact in this process (every part, each load after a full garbage collection; goal ≤ 100) | ${medianAndP95(laterLoads)} |`,
      `| the same, this process's first load (its code not yet compiled, as at a web process's start) | ${firstLoad!.toFixed(1)} | |`,
      `| building the index from the stored chunks (what a first search waited for before artifacts) | ${medianAndP95(building)} |`,
    ].join('\n'),
  };
}

/** The deployment each site is served from, as a process's /health says. */
async function servedBy(url: string): Promise<Record<string, string>> {
  return ((await (await fetch(`${url}/health`)).json()) as { served: Record<string, string> }).served;
}

/** The time to the first text part of an answer (the AI SDK v4 stream's `0:` line) over HTTP. */
async function firstText(url: string, project: { subdomain: string; assistantKey: string }, question: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/v1/assistant/${project.subdomain}/message`, {
    method: 'POST',
    headers: { authorization: `Bearer ${project.assistantKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fp: 'bench', messages: [{ role: 'user', content: question }] }),
  });
  if (response.status !== 200) throw new Error(`the assistant answered ${response.status}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let at = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!at && /(^|\n)0:/.test(text)) at = performance.now() - started;
  }
  if (!at) throw new Error(`the answer to "${question}" had no text`);
  return at;
}
