import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '../api/app.ts';
import { listen } from '../api/http/server.ts';
import type { Runtime } from '../api/runtime.ts';
import { corpusRepository, deployedProject, deployNow } from './corpus.ts';
import { fmt, measureLoad } from './support.ts';

/**
 * The rendered site's cost: full deployments of the corpus and one-file changes with the site rendered
 * against the same runs without it (medians of `rounds`, alternating so the machine's load falls on
 * both), the render time inside them, then a page served over HTTP by a client in another process.
 */
export async function benchRender(runtime: Runtime, rounds = 5) {
  const repo = corpusRepository();
  const runs = {
    with: { full: [] as number[], fullCpu: [] as number[], change: [] as number[], render: [] as number[], renderChange: [] as number[] },
    without: { full: [] as number[], fullCpu: [] as number[], change: [] as number[] },
  };
  let served: { subdomain: string } | undefined;
  for (let round = 0; round < rounds; round++) {
    for (const isRenderingSite of round % 2 === 0 ? [false, true] : [true, false]) {
      const services = runtime.deployServices;
      services.isRenderingSite = isRenderingSite;
      const cpuBefore = process.cpuUsage();
      const { project, seconds, deploymentId } = await deployedProject(runtime, repo.dir);
      const cpu = process.cpuUsage(cpuBefore);
      fs.appendFileSync(path.join(repo.dir, 'quickstart.mdx'), `\n\n## Render round ${round} ${isRenderingSite}\n\nA changed paragraph.\n`);
      repo.commit(`Change ${round} ${isRenderingSite}`);
      const change = await deployNow(runtime, project.projectId);
      services.isRenderingSite = true;
      const target = isRenderingSite ? runs.with : runs.without;
      target.full.push(seconds);
      target.fullCpu.push((cpu.user + cpu.system) / 1e6);
      target.change.push(change.seconds);
      if (isRenderingSite) {
        runs.with.render.push(await renderSeconds(runtime, deploymentId));
        runs.with.renderChange.push(await renderSeconds(runtime, change.deploymentId));
        served = { subdomain: project.subdomain };
        const log = (await runtime.database.prisma.deployment.findUniqueOrThrow({ where: { id: change.deploymentId } })).logs.join('\n');
        if (!/Parsed 1 changed page/.test(log)) throw new Error(`a one-file change re-rendered more than its page:\n${log}`);
      }
    }
  }
  repo.remove();

  const server = await listen(createApp(runtime), '127.0.0.1', 0);
  const page = `${server.url}/sites/${served!.subdomain}/components/callouts`;
  const load = await measureLoad(page, { 'accept-encoding': 'gzip' }, 4000, 4);
  const miss = await measureLoad(`${server.url}/sites/${served!.subdomain}/fr/components/steps`, { 'if-none-match': '"none"' }, 2000, 1);
  await server.close();

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const full = { with: median(runs.with.full), without: median(runs.without.full) };
  const change = { with: median(runs.with.change), without: median(runs.without.change) };
  const cpu = { with: median(runs.with.fullCpu), without: median(runs.without.fullCpu) };
  return {
    table: [
      `| Deployment of the corpus (984 pages + 78 hidden ones, ${runtime.embedder.id} embeddings; median of ${rounds}) | without the site (s) | with the site (s) | rendering adds | of which rendering pages (s) |`,
      '|---|---|---|---|---|',
      `| full (first deployment) | ${fmt(full.without)} | ${fmt(full.with)} | **${fmt((100 * (full.with - full.without)) / full.without, 0)}%** (goal ≤ 50%) | ${fmt(median(runs.with.render))} |`,
      `| full: CPU of the deploying process (s; less sensitive to other load) | ${fmt(cpu.without)} | ${fmt(cpu.with)} | ${fmt((100 * (cpu.with - cpu.without)) / cpu.without, 0)}% | |`,
      `| after a one-file change (1 page re-rendered) | ${fmt(change.without)} | ${fmt(change.with)} | ${fmt((100 * (change.with - change.without)) / change.without, 0)}% | ${fmt(median(runs.with.renderChange), 3)} |`,
      '',
      `Each run (s): full without ${runs.without.full.map((v) => fmt(v, 1)).join(', ')}; with ${runs.with.full.map((v) => fmt(v, 1)).join(', ')}; one-file change without ${runs.without.change.map((v) => fmt(v, 2)).join(', ')}; with ${runs.with.change.map((v) => fmt(v, 2)).join(', ')}.`,
      '',
      '| A corpus page over HTTP (`/sites/{subdomain}/components/callouts`, gzip; client in another process) | requests | req/s | p50 ms | p95 ms | p99 ms |',
      '|---|---|---|---|---|---|',
      `| 4 concurrent clients, 4 s | ${load.count} | ${fmt(load.rps, 0)} | ${fmt(load.p50)} | **${fmt(load.p95)}** | ${fmt(load.p99)} |`,
      `| 1 client, uncompressed, another page | ${miss.count} | ${fmt(miss.rps, 0)} | ${fmt(miss.p50)} | ${fmt(miss.p95)} | ${fmt(miss.p99)} |`,
    ].join('\n'),
  };
}

/** The render time a deployment logged ("Rendered the changed pages in 0.9 s"). */
async function renderSeconds(runtime: Runtime, deploymentId: string): Promise<number> {
  const { logs } = await runtime.database.prisma.deployment.findUniqueOrThrow({ where: { id: deploymentId }, select: { logs: true } });
  return Number(/Rendered the changed pages in ([\d.]+) s/.exec(logs.join('\n'))?.[1] ?? NaN);
}
