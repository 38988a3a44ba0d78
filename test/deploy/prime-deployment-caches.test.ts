import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { deployedSite, SMALL_SITE } from '../support/docs-site.ts';
import { runFolio, startFolio, type RunningFolio } from '../support/folio-process.ts';
import { commit, makeRepo } from '../support/git-repo.ts';
import { createScratchDatabase } from '../support/scratch-database.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A worker that starts prepares for the redeployments of the sites deployed last, as a worker that has
 * deployed them is (api/deploy/prime-deployment-caches.ts), so that the first redeployment after a
 * restart costs what the later ones do; `GET /health` says `warm` once it is done.
 */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let site: CreatedProject;

beforeAll(async () => {
  t = isolated.app;
  site = await deployedSite(t, `acme-primed-${Date.now().toString(36)}`);
});
afterEach(() => vi.restoreAllMocks());

/** The pipeline's modules as a process that just started has them: with nothing held between deployments. */
async function freshModules() {
  vi.resetModules();
  const [{ primeDeploymentCaches }, { findBrokenLinks }, git, { readFileList }, { whileDeployingHere }] = await Promise.all([
    import('../../api/deploy/prime-deployment-caches.ts'),
    import('../../api/deploy/broken-links.ts'),
    import('../../api/deploy/git.ts'),
    import('../../api/deploy/commit-file-list.ts'),
    import('../../api/deploying-here.ts'),
  ]);
  const { liveDeploymentId } = await t.db.project.findUniqueOrThrow({ where: { id: site.projectId } });
  const tree = new Map(Object.entries(await readFileList(t.runtime.pool, liveDeploymentId!)));
  const mirror = new git.GitMirror(path.join(t.runtime.deployServices.reposDir, `${site.projectId}.git`));
  const blobsRead: string[] = [];
  const readBlobBytes = git.GitMirror.prototype.readBlobBytes;
  vi.spyOn(git.GitMirror.prototype, 'readBlobBytes').mockImplementation(function (this: InstanceType<typeof git.GitMirror>, ids) {
    const wanted = [...ids];
    blobsRead.push(...wanted);
    return readBlobBytes.call(this, wanted);
  });
  const pages = ['quickstart', 'custom-domain', 'fonts'].map((page) => ({
    page,
    language: 'en',
    version: '',
    section: 'Guides',
    isHidden: false,
    isSearchable: true,
  }));
  const pageBlobs = ['quickstart.mdx', 'custom-domain.mdx', 'fonts.mdx'].map((file) => tree.get(file)!);
  return {
    prime: (services = t.runtime.deployServices) => primeDeploymentCaches(services, new AbortController().signal),
    /** The blobs of the site's pages that its link check reads. */
    async pagesTheLinkCheckReads() {
      blobsRead.length = 0;
      await findBrokenLinks(git.commitFiles(mirror, tree), tree.keys(), pages, JSON.parse(SMALL_SITE['docs.json']!), (file) => tree.get(file));
      return pageBlobs.filter((blob) => blobsRead.includes(blob)).length;
    },
    whileDeployingHere,
  };
}

describe('a worker that has just started', () => {
  it('reads every page for its first link check when it has not prepared', async () => {
    const fresh = await freshModules();
    expect(await fresh.pagesTheLinkCheckReads()).toBe(3);
    expect(await fresh.pagesTheLinkCheckReads()).toBe(0);
  });

  it('prepares for the live site: its first link check then reads none of the unchanged pages', async () => {
    const fresh = await freshModules();
    expect(await fresh.prime()).toBe(1);
    expect(await fresh.pagesTheLinkCheckReads()).toBe(0);
  });

  it('gives way to a deployment that runs in the process', async () => {
    const fresh = await freshModules();
    let finish!: () => void;
    const deploying = fresh.whileDeployingHere(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(await fresh.prime()).toBe(0);
    finish();
    await deploying;
    expect(await fresh.pagesTheLinkCheckReads()).toBe(3);
  });

  it('leaves out a site whose repository it has no mirror of', async () => {
    const fresh = await freshModules();
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-no-mirrors-'));
    try {
      expect(await fresh.prime({ ...t.runtime.deployServices, reposDir: elsewhere })).toBe(0);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('folio serve after a restart', () => {
  it('says it is warm once it has prepared, and its first redeployment goes live with the change searchable', async () => {
    const scratch = await createScratchDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-restart-'));
    const env = { DATABASE_URL: scratch.url, DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    const repo = makeRepo(SMALL_SITE);
    let serve: RunningFolio | undefined;
    try {
      const created = await runFolio(['project', 'create', '--name', 'Acme', '--subdomain', 'acme-restarted', '--repo', repo.dir, '--json'], env);
      const project = JSON.parse(created.stdout) as CreatedProject;
      serve = await startFolio('serve', env);
      await redeploy(serve.url, project);
      await serve.stop();

      serve = await startFolio('serve', env);
      const health = await untilWarm(serve.url);
      expect(health.warm).toBe(true);
      expect(serve.output()).toMatch(/prepared for the next deployments of 1 site in \d+ ms/);
      commit(repo.dir, { 'fonts.mdx': `${SMALL_SITE['fonts.mdx']}\nThe Quillfeather typeface is supported too.\n` });
      await redeploy(serve.url, project);
      const found = await fetch(`${serve.url}/v1/search/${project.subdomain}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${project.assistantKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'Quillfeather' }),
      });
      expect(JSON.stringify(await found.json())).toContain('Quillfeather');
    } finally {
      await serve?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(repo.dir, { recursive: true, force: true });
      await scratch.drop();
    }
  });
});

/** Triggers a deployment over REST and reads its status until it ends: it must go live. */
async function redeploy(url: string, project: CreatedProject): Promise<void> {
  const headers = { authorization: `Bearer ${project.adminKey}` };
  const { statusId } = (await (await fetch(`${url}/v1/project/update/${project.projectId}`, { method: 'POST', headers })).json()) as { statusId: string };
  for (;;) {
    const { status, summary } = (await (await fetch(`${url}/v1/project/update-status/${statusId}`, { headers })).json()) as { status: string; summary: string };
    if (status === 'success') return;
    if (status === 'failure') throw new Error(`deployment failed: ${summary}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `GET /health` once it says the process is warm (within a minute). */
async function untilWarm(url: string): Promise<{ warm: boolean }> {
  for (let i = 0; i < 600; i++) {
    const health = (await (await fetch(`${url}/health`)).json()) as { warm: boolean };
    if (health.warm) return health;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the process did not say it was warm within a minute');
}
