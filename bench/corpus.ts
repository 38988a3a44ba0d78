import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDeployment } from '../api/deploy/run-deployment.ts';
import { createProject } from '../api/projects/create-project.ts';
import { createLogger } from '../api/logger.ts';
import { openRuntime, type Runtime } from '../api/runtime.ts';

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

/**
 * A worker runtime beside the bench's process, on its database, with the default job settings and
 * screenshots off (so the browser's work after one round does not slow the next).
 */
export function startWorkerBeside(runtime: Runtime): Promise<Runtime> {
  const config = { ...runtime.config, chromium: { missing: 'off for the benchmark' } };
  return openRuntime(config, createLogger('warn'), {
    isWorker: true,
    server: { url: runtime.database.url, description: 'bench', release: async () => undefined },
  });
}

/** Polls the deployment every 10 ms until it has ended successfully (it throws when it fails). */
export async function deploymentEnd(runtime: Runtime, statusId: string) {
  for (;;) {
    const deployment = await runtime.database.prisma.deployment.findUniqueOrThrow({ where: { id: statusId } });
    if (deployment.status === 'failure') throw new Error(`deployment failed: ${deployment.summary}`);
    if (deployment.status === 'success') return deployment;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
