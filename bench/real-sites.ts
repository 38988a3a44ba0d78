import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Runtime } from '../api/runtime.ts';
import { CORPUS, deployedProject } from './corpus.ts';
import { fmt } from './support.ts';

const REAL = fileURLToPath(new URL('../test/fixtures/real', import.meta.url));

/**
 * The first deployment of each real team's repository in test/fixtures/real (and of the corpus, for
 * scale), run in this process as a worker runs it: seconds in all and per page (navigation and hidden
 * pages), and the warnings its log holds.
 */
export async function benchRealSites(runtime: Runtime, rounds = 2) {
  const sites = [
    ['mintlify-docs (corpus)', CORPUS],
    ...fs
      .readdirSync(REAL, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => [entry.name, path.join(REAL, entry.name)]),
  ] as const;
  const rows: string[] = [];
  for (const [name, folder] of sites) {
    const repo = repositoryOf(folder);
    const seconds: number[] = [];
    let pages = 0;
    let warnings = 0;
    try {
      for (let round = 0; round < rounds; round++) {
        const deployed = await deployedProject(runtime, repo);
        seconds.push(deployed.seconds);
        const db = runtime.database.prisma;
        const [served, hidden, deployment] = await Promise.all([
          db.deploymentPage.count({ where: { deploymentId: deployed.deploymentId } }),
          db.hiddenPage.count({ where: { deploymentId: deployed.deploymentId } }),
          db.deployment.findUniqueOrThrow({ where: { id: deployed.deploymentId }, select: { logs: true } }),
        ]);
        pages = served + hidden;
        warnings = deployment.logs.filter((line) => line.startsWith('Warning')).length;
      }
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
    const best = Math.min(...seconds);
    rows.push(`| ${name} | ${pages} | ${fmt(best)} | ${fmt((1000 * best) / pages, 1)} | ${warnings} |`);
  }
  return {
    table: [`| First deployment (best of ${rounds}) | pages served | seconds | ms per page | warnings logged |`, '|---|---|---|---|---|', ...rows].join('\n'),
  };
}

function repositoryOf(folder: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-real-'));
  fs.cpSync(folder, dir, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args]);
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'Docs');
  return dir;
}
