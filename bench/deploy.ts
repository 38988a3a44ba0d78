import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '../api/app.ts';
import { listen } from '../api/http/server.ts';
import { createLogger } from '../api/logger.ts';
import { openRuntime, type Runtime } from '../api/runtime.ts';
import { corpusRepository, deployedProject, deployNow } from './corpus.ts';
import { fmt, percentile } from './support.ts';

/**
 * A full deployment of the mintlify-docs corpus (1,140 files, 984 pages in 4 languages), embeddings
 * included, and a redeployment after a one-file change, run in this process exactly as a worker runs them.
 */
export async function benchDeploy(runtime: Runtime, rounds = 3) {
  const repo = corpusRepository();
  const full: number[] = [];
  const incremental: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const { project, seconds } = await deployedProject(runtime, repo.dir);
    full.push(seconds);
    fs.appendFileSync(path.join(repo.dir, 'quickstart.mdx'), `\n\n## Bench round ${round}\n\nA changed paragraph.\n`);
    repo.commit(`Change ${round}`);
    incremental.push((await deployNow(runtime, project.projectId)).seconds);
  }
  repo.remove();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const f = median(full);
  const i = median(incremental);
  return {
    table: [
      `| Deployment of the mintlify-docs corpus (984 pages, 4 languages, ${runtime.embedder.id} embeddings) | seconds (median of ${rounds}) |`,
      '|---|---|',
      `| full (first deployment) | ${fmt(f)} |`,
      `| after a one-file change | ${fmt(i)} |`,
      `| ratio one-file / full | **${fmt((100 * i) / f, 1)}%** |`,
    ].join('\n'),
  };
}

/**
 * One-file redeployments of the corpus as a user triggers them: POST /v1/project/update/{id} over HTTP
 * to this process's web side, run by a worker runtime beside it with the default job settings
 * (screenshots off, so the browser's work after one round does not slow the next). Pick-up is the
 * trigger to `in_progress`, the whole the trigger to `success`. Rounds are 1 to 3 s apart (at random, so
 * triggers land anywhere in a worker's polling cycle), long enough for the previous round to settle.
 */
export async function benchTriggeredRedeploy(runtime: Runtime, rounds = 20) {
  const config = { ...runtime.config, chromium: { missing: 'off for the benchmark' } };
  const worker = await openRuntime(config, createLogger('warn'), {
    isWorker: true,
    server: { url: runtime.database.url, description: 'bench', release: async () => undefined },
  });
  const server = await listen(createApp(runtime), '127.0.0.1', 0);
  const repo = corpusRepository();
  const pickUp: number[] = [];
  const total: number[] = [];
  try {
    const { project } = await deployedProject(runtime, repo.dir);
    // Round 0 warms the worker up (its first deployment loads the pipeline) and is not counted.
    for (let round = 0; round <= rounds; round++) {
      fs.appendFileSync(path.join(repo.dir, 'quickstart.mdx'), `\n\n## Triggered round ${round}\n\nA changed paragraph.\n`);
      repo.commit(`Triggered change ${round}`);
      await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 2000));
      const triggered = Date.now();
      const response = await fetch(`${server.url}/v1/project/update/${project.projectId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${project.adminKey}` },
      });
      const { statusId } = (await response.json()) as { statusId: string };
      const ended = await endOf(runtime, statusId);
      if (round === 0) continue;
      // The worker runs in this process, so its timestamps and `triggered` read the same clock.
      pickUp.push(ended.startedAt!.getTime() - triggered);
      total.push(ended.endedAt!.getTime() - triggered);
    }
  } finally {
    await server.close();
    await worker.close();
    repo.remove();
  }
  const cells = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${fmt(percentile(sorted, 0.5), 0)} | ${fmt(sorted.at(-1)!, 0)}`;
  };
  return {
    table: [
      `| One-file redeployment of the corpus, triggered over HTTP (${rounds} rounds) | p50 ms | max ms |`,
      '|---|---|---|',
      `| trigger to \`in_progress\` (pick-up) | ${cells(pickUp)} |`,
      `| trigger to \`success\` | ${cells(total)} |`,
    ].join('\n'),
  };
}

/** Polls the deployment every 10 ms until it has ended successfully. */
async function endOf(runtime: Runtime, statusId: string) {
  for (;;) {
    const deployment = await runtime.database.prisma.deployment.findUniqueOrThrow({ where: { id: statusId } });
    if (deployment.status === 'failure') throw new Error(`deployment failed: ${deployment.summary}`);
    if (deployment.status === 'success') return deployment;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
