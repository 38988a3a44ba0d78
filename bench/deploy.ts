import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '../api/app.ts';
import { listen } from '../api/http/server.ts';
import type { Runtime } from '../api/runtime.ts';
import { corpusRepository, deployedProject, deploymentEnd, deployNow, startWorkerBeside } from './corpus.ts';
import { fmt, medianAndMax } from './support.ts';

/**
 * A full deployment of the mintlify-docs corpus (1,142 files, 984 pages in 4 languages), embeddings
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
  const worker = await startWorkerBeside(runtime);
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
      const ended = await deploymentEnd(runtime, statusId);
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
  return {
    table: [
      `| One-file redeployment of the corpus, triggered over HTTP (${rounds} rounds) | p50 ms | max ms |`,
      '|---|---|---|',
      `| trigger to \`in_progress\` (pick-up) | ${medianAndMax(pickUp)} |`,
      `| trigger to \`success\` | ${medianAndMax(total)} |`,
    ].join('\n'),
  };
}
