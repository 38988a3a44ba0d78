import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { commit, makeRepo } from '../support/git-repo.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A redeployment whose navigation is the one before takes the routes of unchanged files from the
 * previous deployment as they were (api/deploy/route-rows.ts): what a reader sees must be what a
 * deployment from scratch would give, at every route, for the files that changed and for those that
 * include them or link to them.
 */
const QUICKSTART = '---\ntitle: Quickstart\n---\n\nRead [the DNS setup](/guides/dns#cname-record) first.\n';
const DNS = '---\ntitle: DNS\n---\n\n## CNAME record\n\nPoint a CNAME at the docs.\n';
const SETUP = "---\ntitle: Setup\n---\n\nimport Note from '/snippets/note.mdx';\n\n<Note />\n";
const versions = (pages: string[]) =>
  JSON.stringify({
    name: 'Redeployed',
    navigation: {
      versions: ['v2', 'v1'].map((version, index) => ({
        version,
        groups: [{ group: 'Guides', pages: pages.map((page) => `${index === 0 ? '' : `${version}/`}${page}`) }],
      })),
    },
  });
const PAGES = ['quickstart', 'guides/setup', 'guides/dns'];

let t: TestApp;
let repo: { dir: string };
let project: CreatedProject;
const site = (path: string) => t.call('GET', `/sites/${project.subdomain}${path}`);
const routeRows = async (deploymentId: string) =>
  (await t.db.deploymentPage.findMany({ where: { deploymentId }, orderBy: [{ route: 'asc' }] })).map(({ deploymentId: _, ...row }) => row);
const brokenLinkWarnings = (logs: string[]) => logs.filter((line) => line.includes('broken link'));

async function redeploy(changes: Record<string, string | null>) {
  commit(repo.dir, changes);
  const deployment = await deployAndWait(t, project.projectId);
  expect(deployment.status).toBe('success');
  return deployment;
}

beforeAll(async () => {
  t = await startTestApp({ isWorker: true });
  const files: Record<string, string> = {
    'docs.json': versions(PAGES),
    'snippets/note.mdx': 'The first note.\n',
    'extra.mdx': '---\ntitle: Extra\n---\n\nServed by URL only.\n',
  };
  for (const folder of ['', 'v1/'])
    Object.assign(files, { [`${folder}quickstart.mdx`]: QUICKSTART, [`${folder}guides/setup.mdx`]: SETUP, [`${folder}guides/dns.mdx`]: DNS });
  repo = makeRepo(files);
  project = await createProject(t.db, { name: 'Redeployed', subdomain: `redeploy-${Date.now().toString(36)}`, repo: repo.dir });
  const first = await deployAndWait(t, project.projectId);
  expect(first.status).toBe('success');
  expect(brokenLinkWarnings(first.logs)).toEqual([]);
});
afterAll(() => t?.close());

describe('a redeployment of a few files', () => {
  it('serves the changed page at its route and every other route as before', async () => {
    const before = (await t.db.project.findUniqueOrThrow({ where: { id: project.projectId } })).liveDeploymentId!;
    const deployment = await redeploy({ 'v1/quickstart.mdx': QUICKSTART.replace('Read', 'In v1, read') });
    expect(deployment.logs.find((line) => line.startsWith('Parsed'))).toMatch(/^Parsed 1 changed page into \d+ chunks?, reused 5 unchanged/);

    const [old, now] = [await routeRows(before), await routeRows(deployment.id)];
    expect(now.map((row) => row.route)).toEqual(old.map((row) => row.route));
    const changed = now.filter((row, at) => JSON.stringify(row) !== JSON.stringify(old[at]));
    expect(changed.map((row) => row.route)).toEqual(['/v1/quickstart']);
    for (const route of ['/quickstart', '/guides/setup', '/guides/dns', '/v1/guides/setup', '/v1/guides/dns', '/extra']) {
      expect((await site(route)).status, route).toBe(200);
    }
    expect((await site('/v1/quickstart')).body).toContain('In v1, read');
    expect((await site('/quickstart')).body).not.toContain('In v1');
  });

  it('rebuilds the pages that include a changed snippet, in every version', async () => {
    await redeploy({ 'snippets/note.mdx': 'The second note.\n' });
    for (const route of ['/guides/setup', '/v1/guides/setup']) {
      const html = (await site(route)).body as string;
      expect(html).toContain('The second note.');
      expect(html).not.toContain('The first note.');
    }
  });

  it('reports a link broken when the heading it points at goes, though only the target changed', async () => {
    const deployment = await redeploy({ 'guides/dns.mdx': DNS.replace('## CNAME record', '## Records') });
    expect(brokenLinkWarnings(deployment.logs)).toEqual([
      'Warning: quickstart.mdx:5: broken link "/guides/dns#cname-record": /guides/dns has no heading or anchor "#cname-record"',
      'Warning: v1/quickstart.mdx:5: broken link "/guides/dns#cname-record": /guides/dns has no heading or anchor "#cname-record"',
    ]);
    const fixed = await redeploy({ 'guides/dns.mdx': DNS });
    expect(brokenLinkWarnings(fixed.logs)).toEqual([]);
  });

  it('reports links to a removed page broken again, and serves it no more', async () => {
    const removed = await redeploy({ 'docs.json': versions(['quickstart', 'guides/setup']), 'guides/dns.mdx': null, 'v1/guides/dns.mdx': null });
    expect(brokenLinkWarnings(removed.logs)).toEqual([
      'Warning: quickstart.mdx:5: broken link "/guides/dns#cname-record": no page, redirect or file answers /guides/dns',
      'Warning: v1/quickstart.mdx:5: broken link "/guides/dns#cname-record": no page, redirect or file answers /guides/dns',
    ]);
    expect((await site('/guides/dns')).status).toBe(404);
    expect((await site('/quickstart')).status).toBe(200);
  });

  it('keeps a page listed in two groups at its first place', async () => {
    const twice = makeRepo({
      'docs.json': JSON.stringify({
        navigation: {
          groups: [
            { group: 'Start', pages: ['a', 'b'] },
            { group: 'Again', pages: ['a'] },
          ],
        },
      }),
      'a.mdx': '# A\n\nFirst.\n',
      'b.mdx': '# B\n\nSecond.\n',
    });
    const other = await createProject(t.db, { name: 'Twice', subdomain: `twice-${Date.now().toString(36)}`, repo: twice.dir });
    const sections = async (deploymentId: string) => (await routeRows(deploymentId)).map((row) => `${row.route} ${row.section}`);
    const before = await sections((await deployAndWait(t, other.projectId)).id);
    expect(before).toEqual(['/a Start', '/b Start']);
    commit(twice.dir, { 'b.mdx': '# B\n\nSecond, edited.\n' });
    const second = await deployAndWait(t, other.projectId);
    expect(second.status).toBe('success');
    expect(await sections(second.id)).toEqual(before);
    expect((await t.call('GET', `/sites/${other.subdomain}/b`)).body).toContain('Second, edited.');
  });

  it('warns again of a page that fails to parse, while other files change', async () => {
    const broken = await redeploy({ 'v1/guides/setup.mdx': '# Setup\n\n<Note>\nnever closed\n' });
    expect(broken.logs).toContain('Warning: v1/guides/setup.mdx:3: <Note> is never closed (page skipped)');
    const other = await redeploy({ 'quickstart.mdx': QUICKSTART.replace('first', 'before anything') });
    expect(other.logs).toContain('Warning: v1/guides/setup.mdx:3: <Note> is never closed (page skipped)');
    expect((await site('/v1/guides/setup')).status).toBe(404);
    expect((await site('/quickstart')).body).toContain('before anything');
  });

  it('lists only the broken links that are new or in a file it changed, and counts them all', async () => {
    const unrelated = await redeploy({ 'guides/setup.mdx': SETUP.replace('title: Setup', 'title: Set-up') });
    expect(brokenLinkWarnings(unrelated.logs)).toEqual([]);
    expect(unrelated.logs).toContain('Broken links: 2 in all, 0 of them new or in a changed file; folio check lists them all.');
    const touched = await redeploy({ 'quickstart.mdx': QUICKSTART.replace('Read', 'Please read') });
    expect(brokenLinkWarnings(touched.logs)).toEqual([
      'Warning: quickstart.mdx:5: broken link "/guides/dns#cname-record": no page, redirect or file answers /guides/dns',
    ]);
    expect(touched.logs).toContain('Broken links: 2 in all, 1 of them new or in a changed file; folio check lists them all.');
  });
});
