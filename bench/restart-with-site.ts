import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeDataDir } from '../test/support/embedded-cluster.ts';
import { corpusRepository } from './corpus.ts';
import { FOLIO, ROOT, repeat, timesRow, timeToFirstAnswer, withServer } from './folio-processes.ts';
import { fmt, medianAndMax, percentile } from './support.ts';

interface Project {
  projectId: string;
  subdomain: string;
  adminKey: string;
  assistantKey: string;
}

/**
 * What the README's tour leaves: the bundled example (the corpus, 984 pages) deployed on the embedded
 * PostgreSQL. Times a restart (`npm start` to its first answered request, and to its first answered
 * search), then, in each of `runs` new `folio serve` processes, the first one-file redeployment after
 * the start (trigger to `success`, status read every 10 ms, as a client polls it) and the search for
 * its new text that follows at once, then `warmRounds` more of each in the same process. The first is
 * triggered the moment the process says it is ready; in `runs` more processes, once `GET /health`
 * says it is warm (it has loaded the site and prepared for its next deployment).
 */
export async function benchRestartWithSite(runs = 5, warmRounds = 5) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-restart-'));
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const repo = corpusRepository();
  try {
    const created = spawnSync(process.execPath, [FOLIO, 'project', 'create', '--name', 'Example', '--subdomain', 'example', '--repo', repo.dir, '--json'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    const project = JSON.parse(created.stdout) as Project;
    const firstDeploy = await withServer(env, (url) => redeploy(url, project));
    const search = searchRequest(project, 'custom domain');
    const health = await repeat(runs, () => timeToFirstAnswer(['npm', 'start', '--silent'], env));
    const firstSearch = await repeat(runs, () => timeToFirstAnswer(['npm', 'start', '--silent'], env, search));
    const cold = { deploy: [] as number[], search: [] as number[] };
    const afterWarmUp = { deploy: [] as number[], search: [] as number[], warmMs: [] as number[] };
    const warm = { deploy: [] as number[], search: [] as number[] };
    let round = 0;
    const changeAndRedeploy = async (url: string, into: { deploy: number[]; search: number[] }) => {
      const word = `benchword${String.fromCharCode(97 + (round % 26))}${String.fromCharCode(97 + Math.floor(round / 26))}`;
      fs.appendFileSync(path.join(repo.dir, 'quickstart.mdx'), `\n\n## Round ${round}\n\nThe ${word} paragraph changed.\n`);
      repo.commit(`Round ${round++}`);
      const times = await redeploy(url, project, word);
      into.deploy.push(times.deployMs);
      into.search.push(times.searchMs);
    };
    for (let run = 0; run < runs; run++) {
      await withServer(env, async (url) => {
        await changeAndRedeploy(url, cold);
        for (let inProcess = 0; inProcess < warmRounds; inProcess++) await changeAndRedeploy(url, warm);
      });
      const started = performance.now();
      await withServer(env, async (url) => {
        await untilWarm(url);
        afterWarmUp.warmMs.push(performance.now() - started);
        await changeAndRedeploy(url, afterWarmUp);
      });
    }
    return {
      table: [
        `| The bundled example deployed (984 pages), embedded PostgreSQL, ${runs} restarts | median ms | fastest / slowest |`,
        '|---|---|---|',
        timesRow('`npm start` to the first answered request, `GET /health` (goal ≤ 1000)', health),
        timesRow('`npm start` to the first answered search (`POST /v1/search/{domain}`)', firstSearch),
        '',
        `| One-file redeployment of the example, trigger to \`success\` read by the client (first deployment: ${fmt(firstDeploy.deployMs / 1000, 1)} s) | p50 ms | max ms |`,
        '|---|---|---|',
        `| the first after a restart, triggered the moment the process is ready (${cold.deploy.length}) | ${medianAndMax(cold.deploy)} |`,
        `| the first after a restart, once \`/health\` says \`warm\` (${afterWarmUp.deploy.length}, warm ${fmt(
          percentile(
            [...afterWarmUp.warmMs].sort((a, b) => a - b),
            0.5,
          ) / 1000,
          1,
        )} s after the start; goal ≤ 1500) | ${medianAndMax(afterWarmUp.deploy)} |`,
        `| the next ones in the same process (${warm.deploy.length}; goal ≤ 1500) | ${medianAndMax(warm.deploy)} |`,
        `| the search for its new text at once after \`success\`, first after a restart (goal ≤ 100) | ${medianAndMax([...cold.search, ...afterWarmUp.search])} |`,
        `| the same, the next ones (goal ≤ 100) | ${medianAndMax(warm.search)} |`,
      ].join('\n'),
    };
  } finally {
    repo.remove();
    removeDataDir(dataDir);
  }
}

/** Triggers a deployment over HTTP, reads its status every 10 ms until it ends, then searches for `word` (found, or it throws). */
async function redeploy(url: string, project: Project, word?: string): Promise<{ deployMs: number; searchMs: number }> {
  const headers = { authorization: `Bearer ${project.adminKey}` };
  const started = performance.now();
  const { statusId } = (await (await fetch(`${url}/v1/project/update/${project.projectId}`, { method: 'POST', headers })).json()) as { statusId: string };
  for (;;) {
    const { status } = (await (await fetch(`${url}/v1/project/update-status/${statusId}`, { headers })).json()) as { status: string };
    if (status === 'failure') throw new Error(`deployment ${statusId} failed`);
    if (status === 'success') break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const deployMs = performance.now() - started;
  if (!word) return { deployMs, searchMs: 0 };
  const request = searchRequest(project, word);
  const searched = performance.now();
  const found = await (await fetch(`${url}${request.path}`, request)).text();
  const searchMs = performance.now() - searched;
  if (!found.includes(word)) throw new Error(`the search right after success did not find "${word}": ${found.slice(0, 200)}`);
  return { deployMs, searchMs };
}

/** Reads `GET /health` until the process says it has warmed up. */
async function untilWarm(url: string): Promise<void> {
  for (;;) {
    const { warm } = (await (await fetch(`${url}/health`)).json()) as { warm: boolean };
    if (warm) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function searchRequest(project: Project, query: string) {
  return {
    path: `/v1/search/${project.subdomain}`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${project.assistantKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, pageSize: 3 }),
  };
}
