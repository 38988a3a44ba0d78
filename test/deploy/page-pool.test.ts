import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDeployment } from '../../api/deploy/run-deployment.ts';
import { createProject } from '../../api/projects/create-project.ts';
import { commit, CORPUS, makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A deployment with enough pages builds them in worker threads; what it stores and serves is what the
 * same deployment builds in its own thread (as one with a few pages does). The site: the
 * corpus's English pages (its snippets, components with code of their own, API reference pages).
 */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let repo: { dir: string };
const MB = 1024 * 1024;

beforeAll(async () => {
  t = isolated.app;
  repo = makeRepo({ copyFrom: CORPUS });
  const config = JSON.parse(fs.readFileSync(path.join(CORPUS, 'docs.json'), 'utf8'));
  config.navigation.languages = config.navigation.languages.filter((entry: { language?: string }) => entry.language === 'en');
  const translated = fs
    .readdirSync(CORPUS, { recursive: true, encoding: 'utf8' })
    .filter((file) => /^(fr|es|zh)\//.test(file) && fs.statSync(path.join(CORPUS, file)).isFile());
  commit(repo.dir, { 'docs.json': JSON.stringify(config), ...Object.fromEntries(translated.map((file) => [file, null])) }, 'English only');
});

async function deploy(minPooledPages: number) {
  const project = await createProject(t.db, { name: 'Pool', subdomain: `pool-${Math.random().toString(36).slice(2, 9)}`, repo: repo.dir });
  const created = await t.db.deployment.create({ data: { projectId: project.projectId, source: 'api' } });
  await runDeployment({ ...t.runtime.deployServices, pageBuilding: { memoryBytes: 1536 * MB, minPooledPages } }, created.id, 1);
  const deployment = await t.db.deployment.findUniqueOrThrow({ where: { id: created.id } });
  const pages = await t.db.page.findMany({
    where: { projectId: project.projectId },
    orderBy: { contentHash: 'asc' },
    select: {
      contentHash: true,
      title: true,
      description: true,
      keywords: true,
      snippets: true,
      isHidden: true,
      isSearchable: true,
      render: { select: { html: true, headings: true, markdown: true, sidebarTitle: true, mode: true, endpoint: true, classes: true } },
      chunks: { orderBy: { position: 'asc' }, select: { position: true, anchor: true, heading: true, content: true } },
    },
  });
  return { project, deployment, pages };
}

describe('pages built in worker threads', () => {
  let pooled: Awaited<ReturnType<typeof deploy>>;
  let inProcess: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    pooled = await deploy(100);
    inProcess = await deploy(Number.POSITIVE_INFINITY);
  }, 240_000);

  it('are the pages the deployment builds in its own thread: same chunks, same HTML, same Markdown', () => {
    expect(pooled.deployment.status).toBe('success');
    expect(inProcess.deployment.status).toBe('success');
    expect(pooled.deployment.logs.find((line) => line.startsWith('Building'))).toMatch(
      /^Building \d{3} pages in 2 worker threads, \d+ at a time, stored \d+ at a time \(DEPLOY_MEMORY_MB 1536\)\.$/,
    );
    expect(inProcess.deployment.logs.some((line) => line.startsWith('Building'))).toBe(false);
    expect(pooled.pages.length).toBeGreaterThan(200);
    expect(pooled.pages).toEqual(inProcess.pages);
  });

  it('report the same warnings, in the same order', () => {
    const warnings = (logs: string[]) => logs.filter((line) => line.startsWith('Warning'));
    expect(warnings(pooled.deployment.logs).length).toBeGreaterThan(0);
    expect(warnings(pooled.deployment.logs)).toEqual(warnings(inProcess.deployment.logs));
  });

  it('are served and searched', async () => {
    const page = await t.call('GET', `/sites/${pooled.project.subdomain}/customize/custom-domain`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('CNAME');
    const { project } = pooled;
    const search = await t.call('POST', `/v1/search/${project.subdomain}`, { key: project.assistantKey, json: { query: 'custom domain CNAME' } });
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).toContain('customize/custom-domain');
  });
});
