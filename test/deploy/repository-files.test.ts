import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFiles } from '../../api/deploy/folder-files.ts';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { runFolio } from '../support/folio-process.ts';
import { makeRepo } from '../support/git-repo.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Files as real repositories hold them deploy as a checkout of them reads: a byte-order mark before
 * docs.json, an OpenAPI document or a page's frontmatter (Windows editors write one), navigation
 * entries written `./page`, and symbolic links to a page or a folder of the repository. A link out of
 * the repository reads as nothing. `folio check` reads the folder the same way.
 */
const BOM = '\uFEFF';
const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Plants', version: '1' },
  paths: { '/plants': { get: { summary: 'List plants', operationId: 'listPlants', responses: { '200': { description: 'The plants' } } } } },
};
const FILES: Record<string, string> = {
  'docs.json': `${BOM}${JSON.stringify({
    name: 'Linked',
    navigation: {
      groups: [
        { group: 'Guides', pages: ['./intro', 'shared/setup', 'latest/usage', 'readme'] },
        { group: 'API', openapi: 'openapi.json', pages: ['GET /plants'] },
      ],
    },
  })}`,
  'openapi.json': `${BOM}${JSON.stringify(SPEC)}`,
  'intro.mdx': `${BOM}---\ntitle: Introduction\ndescription: What Linked does.\n---\n\nLinked keeps the Fernwood greenhouse in order.\n`,
  'shared/setup.mdx': '---\ntitle: Setup\n---\n\nInstall the Marrowgate sensor first.\n',
  'v2/usage.mdx': '---\ntitle: Usage\n---\n\nWater the Quillon beds at dawn.\n',
};
/** Links, as `ln -s` makes them: path -> target as written. */
const LINKS: Record<string, string> = { latest: 'v2', 'readme.mdx': 'shared/setup.mdx', 'outside.mdx': '../../etc/hostname' };

let t: TestApp;
let repo: { dir: string };
let project: CreatedProject;
const page = (route: string) => t.call('GET', `/sites/${project.subdomain}${route}`);

beforeAll(async () => {
  t = await startTestApp({ isWorker: true });
  repo = makeRepo(FILES);
  for (const [link, target] of Object.entries(LINKS)) fs.symlinkSync(target, path.join(repo.dir, link));
  execFileSync('git', ['-C', repo.dir, 'add', '-A']);
  execFileSync('git', ['-C', repo.dir, '-c', 'user.name=A', '-c', 'user.email=a@example.com', 'commit', '-qm', 'Add links']);
  project = await createProject(t.db, { name: 'Linked', subdomain: `linked-${Date.now().toString(36)}`, repo: repo.dir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(repo.dir, { recursive: true, force: true });
});

describe('a repository as editors and Git leave it', () => {
  it('deploys with a byte-order mark before docs.json, an OpenAPI document and a page, and reads the page its ./ entry names', async () => {
    const deployment = await deployAndWait(t, project.projectId);
    expect(deployment.status, deployment.summary).toBe('success');
    expect(deployment.logs.join('\n')).toContain('OpenAPI: 1 document (openapi.json); the navigation makes 1 API page of them.');
    const intro = await page('/intro');
    expect(intro.status).toBe(200);
    expect(intro.body).toContain('<title>Introduction');
    expect(intro.body).not.toContain('title: Introduction');
    const routes = (await t.db.deploymentPage.findMany({ where: { deploymentId: deployment.id }, select: { route: true } })).map((row) => row.route);
    expect(routes.sort()).toEqual(['/api-reference/list-plants', '/intro', '/latest/usage', '/readme', '/shared/setup']);
    expect((await page('/api-reference/list-plants')).body).toContain('List plants');
  });

  it('serves a linked page and a linked folder as their targets, and searches them there', async () => {
    const readme = await page('/readme');
    expect(readme.status).toBe(200);
    expect(readme.body).toContain('Marrowgate');
    const usage = await page('/latest/usage');
    expect(usage.status).toBe(200);
    expect(usage.body).toContain('Quillon');
    const found = await t.call('POST', `/v1/search/${project.subdomain}`, { key: project.assistantKey, json: { query: 'Quillon beds' } });
    expect(found.body.map((hit: { path: string }) => hit.path)).toContain('/latest/usage');
  });

  it('reads a link out of the repository as nothing', async () => {
    expect((await page('/outside')).status).toBe(404);
  });

  it('is read the same way by folio check: its four listed pages and v2/usage.mdx beside them, with no error or warning', async () => {
    const { paths } = await folderFiles(repo.dir);
    expect(paths).toEqual(expect.arrayContaining(['latest/usage.mdx', 'v2/usage.mdx', 'readme.mdx', 'shared/setup.mdx']));
    expect(paths).not.toContain('outside.mdx');
    const result = await runFolio(['check', repo.dir, '--json'], {});
    const report = JSON.parse(result.stdout) as { errors: unknown[]; warnings: unknown[]; pages: number };
    expect(report).toMatchObject({ errors: [], warnings: [], pages: 5 });
  });
});
