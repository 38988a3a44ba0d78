import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../api/projects/create-project.ts';
import { waitForEnd } from '../support/deployments.ts';
import { runFolio } from '../support/folio-process.ts';
import { CORPUS, makeRepo } from '../support/git-repo.ts';
import { startWebAndWorkers, type WebAndWorkers } from '../support/web-and-workers.ts';

/** The web side in this process, deployments in separate `folio worker` processes, one database. */
let side: WebAndWorkers;
let corpus: { dir: string };

beforeAll(async () => {
  side = await startWebAndWorkers();
  corpus = makeRepo({ copyFrom: CORPUS });
});
afterAll(() => side.close());

const newProject = (repo: string) => createProject(side.web.db, { name: 'Docs', subdomain: `w-${Math.random().toString(36).slice(2, 10)}`, repo });

const trigger = async (projectId: string, key: string) =>
  (await fetch(`${side.server.url}/v1/project/update/${projectId}`, { method: 'POST', headers: { authorization: `Bearer ${key}` } }).then((r) => r.json()))
    .statusId as string;

/** Polls until the deployment leaves `queued` and checks that it reached this status. */
async function waitForStatus(statusId: string, status: string) {
  for (;;) {
    const row = await side.web.db.deployment.findUniqueOrThrow({ where: { id: statusId } });
    if (row.status !== 'queued') return expect(row.status).toBe(status);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a deployment run by a separate worker process', () => {
  it('streams every status and log change to a graphql-sse subscriber', async () => {
    const project = await newProject(corpus.dir);
    const statusId = await trigger(project.projectId, project.adminKey);
    const client = createClient({ url: `${side.server.url}/graphql/stream`, headers: { authorization: `Bearer ${project.adminKey}` }, retryAttempts: 0 });
    const seen: { status: string; logs: string[]; summary: string }[] = [];
    // The worker starts once the subscriber has seen the deployment queued: a worker already running
    // would often pick it up before the subscription begins.
    let worker: Awaited<ReturnType<typeof side.startWorker>> | undefined;
    try {
      for await (const event of client.iterate({
        query: 'subscription($id: String!) { deploymentUpdated(statusId: $id) { status logs summary } }',
        variables: { id: statusId },
      })) {
        seen.push(event.data!.deploymentUpdated as never);
        worker ??= await side.startWorker();
      }
    } finally {
      client.dispose();
      await worker?.stop();
    }
    const statuses = seen.map((s) => s.status).filter((s, i, all) => s !== all[i - 1]);
    expect(statuses).toEqual(['queued', 'in_progress', 'success']);
    expect(seen.at(-1)!.summary).toMatch(/^Deployed 984 pages in 4 languages/);
    const logCounts = seen.map((s) => s.logs.length);
    expect(logCounts).toEqual([...logCounts].sort((a, b) => a - b)); // logs only grow
    expect(new Set(logCounts).size).toBeGreaterThan(3); // and arrive while it works, not all at the end
  });

  it('survives the worker being killed mid-deployment: retried elsewhere, never stuck in progress', async () => {
    const first = await side.startWorker();
    const project = await newProject(corpus.dir);
    const statusId = await trigger(project.projectId, project.adminKey);
    await waitForStatus(statusId, 'in_progress');
    await first.stop('SIGKILL');
    expect((await side.web.db.deployment.findUniqueOrThrow({ where: { id: statusId } })).status).toBe('in_progress');

    const second = await side.startWorker();
    const ended = await waitForEnd(side.web, statusId, 90_000);
    expect(ended.status).toBe('success');
    expect(ended.logs).toContain('Attempt 2: starting over after the previous attempt stopped.');
    expect(ended.summary).toMatch(/^Deployed 984 pages/);
    const served = await side.web.db.deploymentPage.count({ where: { deploymentId: statusId } });
    expect(served).toBe(984);
    await second.stop();
  }, 120_000);

  it('a worker stopped with SIGTERM mid-deployment stops it cleanly at once; the next attempt finishes it', async () => {
    const first = await side.startWorker();
    const project = await newProject(corpus.dir);
    const statusId = await trigger(project.projectId, project.adminKey);
    await waitForStatus(statusId, 'in_progress');
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).not.toMatch(/error|\n\s+at /i); // no failure logged, no stack trace
    const interrupted = await side.web.db.deployment.findUniqueOrThrow({ where: { id: statusId } });
    expect(interrupted.status).toBe('in_progress');
    expect(interrupted.logs.at(-1)).toBe('Interrupted: the worker is stopping; another attempt will finish this deployment.');

    const second = await side.startWorker();
    const ended = await waitForEnd(side.web, statusId, 90_000);
    expect(ended.status).toBe('success');
    expect(ended.logs).toContain('Attempt 2: starting over after the previous attempt stopped.');
    await second.stop();
  }, 120_000);

  it('a deployment queued while no worker runs is carried out once one starts', async () => {
    const project = await newProject(corpus.dir);
    const statusId = await trigger(project.projectId, project.adminKey);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await side.web.db.deployment.findUniqueOrThrow({ where: { id: statusId } })).status).toBe('queued');
    const worker = await side.startWorker();
    expect((await waitForEnd(side.web, statusId)).status).toBe('success');
    await worker.stop();
  });

  it('folio deploy --follow prints progress and exits 0 on success, 1 on failure', async () => {
    const worker = await side.startWorker();
    const project = await newProject(corpus.dir);
    const ok = await runFolio(['deploy', project.projectId, '--follow'], side.workerEnv);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^Deployment [0-9a-f]{24} of main:\n\[queued\]\n {2}Queued from the command line \(folio deploy\)\.\n/);
    expect(ok.stdout).toContain('[in_progress]');
    expect(ok.stdout).toMatch(/\[success\]\n {2}Live: Deployed 984 pages in 4 languages/);
    const status = await side.web.db.deployment.findFirstOrThrow({ where: { projectId: project.projectId } });
    expect(status.source).toBe('dashboard');

    const broken = await createProject(side.web.db, { name: 'Broken', subdomain: `b-${Date.now()}`, repo: 'file:///nowhere/docs.git' });
    const failed = await runFolio(['deploy', broken.projectId, '--follow'], side.workerEnv);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('[failure]');
    expect(failed.stderr).toMatch(/folio: Could not read the repository file:\/\/\/nowhere\/docs\.git/);

    const queuedOnly = await runFolio(['deploy', project.projectId, '--json'], side.workerEnv);
    expect(JSON.parse(queuedOnly.stdout)).toEqual({ statusId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect((await runFolio(['deploy'], side.workerEnv)).code).toBe(2);
    expect((await runFolio(['deploy', 'nope'], side.workerEnv)).stderr).toContain('No project with id "nope".');

    // A branch's preview, from the command line.
    const git = (...args: string[]) => execFileSync('git', ['-C', corpus.dir, '-c', 'user.name=T', '-c', 'user.email=t@e', ...args]);
    git('checkout', '-q', '-b', 'cli-preview');
    fs.appendFileSync(path.join(corpus.dir, 'quickstart.mdx'), '\n## Nightly builds\n\nInstall the nightly build.\n');
    git('commit', '-qam', 'Nightly builds');
    git('checkout', '-q', 'main');
    const preview = await runFolio(['deploy', project.projectId, '--preview', 'cli-preview', '--follow'], side.workerEnv);
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout).toMatch(/^Preview deployment [0-9a-f]{24} of cli-preview \(http:\/\/\S+\/sites\/[a-z0-9-]+\/~preview\/cli-preview\):\n/);
    expect(preview.stdout).toMatch(/\[success\]\n {2}Preview live: Deployed 984 pages in 4 languages from [0-9a-f]{7} in \d+\.\d s: 1 modified\./);
    const previewJson = await runFolio(['deploy', project.projectId, '--preview', 'cli-preview', '--json'], side.workerEnv);
    expect(JSON.parse(previewJson.stdout)).toEqual({ statusId: expect.any(String), previewUrl: expect.stringMatching(/\/~preview\/cli-preview$/) });
    const refused = await runFolio(['deploy', project.projectId, '--preview', 'a..b'], side.workerEnv);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('"a..b" cannot be a branch name') });
    await worker.stop();
  }, 180_000);
});
