import fs from 'node:fs';
import path from 'node:path';
import type { Runtime } from '../api/runtime.ts';
import { corpusRepository, deployedProject, deployNow } from './corpus.ts';
import { fmt } from './support.ts';

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
