import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDeployment } from '../api/deploy/run-deployment.ts';
import { createProject } from '../api/projects/create-project.ts';
import type { Runtime } from '../api/runtime.ts';

export const CORPUS = fileURLToPath(new URL('../test/fixtures/mintlify-docs', import.meta.url));

/** A Git repository holding the mintlify-docs corpus, in a temporary folder; `commit` records edits. */
export function corpusRepository() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-corpus-'));
  fs.cpSync(CORPUS, dir, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args]);
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'Corpus');
  return {
    dir,
    commit(message: string) {
      git('commit', '-q', '-am', message);
    },
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs one deployment of the project in this process, as a worker would; returns its id and seconds taken. */
export async function deployNow(runtime: Runtime, projectId: string): Promise<{ deploymentId: string; seconds: number }> {
  const db = runtime.database.prisma;
  const deployment = await db.deployment.create({ data: { projectId, source: 'internal' } });
  const started = performance.now();
  await runDeployment(runtime.deployServices, deployment.id, 1);
  const seconds = (performance.now() - started) / 1000;
  const ended = await db.deployment.findUniqueOrThrow({ where: { id: deployment.id } });
  if (ended.status !== 'success') throw new Error(`deployment failed: ${ended.summary}`);
  return { deploymentId: deployment.id, seconds };
}

/** A new project deployed from a repository (a fresh subdomain each time). */
export async function deployedProject(runtime: Runtime, repo: string) {
  const project = await createProject(runtime.database.prisma, {
    name: 'Corpus',
    subdomain: `corpus-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
    repo,
  });
  return { project, ...(await deployNow(runtime, project.projectId)) };
}
