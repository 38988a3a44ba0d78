import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { prunePreviews } from '../../api/previews/prune-previews.ts';
import { deployAndWait, waitForEnd } from '../support/deployments.ts';
import { SMALL_SITE } from '../support/docs-site.ts';
import { commit, makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Branch previews, deployed by a worker in this process from a real repository with branches; sites have
 * host names under SITE_DOMAIN too.
 */
const isolated = isolatedTestApp({ isWorker: true, env: () => ({ SITE_DOMAIN: 'docs.test' }) });
let t: TestApp;
let repo: { dir: string };
let site: CreatedProject;

const git = (...args: string[]) =>
  execFileSync('git', ['-C', repo.dir, '-c', 'user.name=Ada Writer', '-c', 'user.email=ada@example.com', ...args], { encoding: 'utf8' });

const BILLING_NAV = JSON.stringify({
  name: 'Acme Docs',
  navigation: { groups: [{ group: 'Guides', pages: ['quickstart', 'custom-domain', 'fonts', 'billing'] }] },
});
const BILLING_PAGE =
  '---\ntitle: Billing\ndescription: Pay for Acme with invoices.\n---\n\n## Invoices\n\nAcme sends an invoice on the first day of each month. Download invoices from Settings, then Billing.\n';

/** Commits `changes` on `branch` (made from main when new), then goes back to main. */
function commitOn(branch: string, changes: Record<string, string | null>, message: string): void {
  const exists = git('branch', '--list', branch).trim() !== '';
  git('checkout', '-q', ...(exists ? [branch] : ['-b', branch]));
  commit(repo.dir, changes, message);
  git('checkout', '-q', 'main');
}

const preview = (branch: unknown, key = site.adminKey) => t.call('POST', `/v1/project/preview/${site.projectId}`, { key, json: { branch } });
const status = (statusId: string) => t.call('GET', `/v1/project/update-status/${statusId}`, { key: site.adminKey });
const search = (domain: string, query: string) => t.call('POST', `/v1/search/${domain}`, { key: site.assistantKey, json: { query } });
const paths = (results: { path: string }[]) => results.map((result) => result.path.split('#')[0]);

beforeAll(async () => {
  t = isolated.app;
  repo = makeRepo(SMALL_SITE);
  site = await createProject(t.db, { name: 'Acme Docs', subdomain: 'acme-previews', repo: repo.dir });
  expect((await deployAndWait(t, site.projectId)).status).toBe('success');
  commitOn('new-billing', { 'docs.json': BILLING_NAV, 'billing.mdx': BILLING_PAGE }, 'Document billing');
});

describe('a branch preview', () => {
  let statusId: string;
  const domain = 'new-billing--acme-previews';

  beforeAll(async () => {
    const queued = await preview('new-billing');
    expect(queued.status).toBe(202);
    statusId = queued.body.statusId;
    expect(queued.body).toEqual({ statusId: expect.any(String), previewUrl: 'http://new-billing--acme-previews.docs.test' });
    expect((await waitForEnd(t, statusId)).status).toBe('success');
  });

  it('has a status record that says it is a preview of its branch, with the files that differ from the live site', async () => {
    const record = await status(statusId);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ _id: statusId, status: 'success', branch: 'new-billing', isPreview: true, subdomain: 'acme-previews' });
    expect(record.body.commit).toMatchObject({ ref: 'refs/heads/new-billing', message: 'Document billing' });
    expect(record.body.commit.filesChanged).toEqual({ added: ['billing.mdx'], modified: ['docs.json'], removed: [] });
    const live = await t.db.project.findUniqueOrThrow({ where: { id: site.projectId } });
    expect(live.liveDeploymentId).not.toBe(statusId);
  });

  it("serves the branch's pages at its own address, marked noindex, while the live site does not have them", async () => {
    const page = await t.call('GET', '/sites/acme-previews/~preview/new-billing/billing');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).toContain('Download invoices from Settings');
    expect((await t.call('GET', '/sites/acme-previews/~preview/new-billing/quickstart')).status).toBe(200);
    expect((await t.call('GET', '/sites/acme-previews/billing')).status).toBe(404);
    const livePage = await t.call('GET', '/sites/acme-previews/quickstart');
    expect(livePage.status).toBe(200);
    expect(livePage.headers.get('x-robots-tag')).toBeNull();
    // The page's widget asks the preview's own domain.
    expect(page.body).toContain(domain);

    // Under SITE_DOMAIN the preview has a host name of its own, as the live site does.
    const byHost = await t.app.fetch('http://new-billing--acme-previews.docs.test/billing');
    expect(byHost.status).toBe(200);
    expect(byHost.headers.get('x-robots-tag')).toBe('noindex');
    expect(await byHost.text()).toContain('Download invoices from Settings');
    expect((await t.app.fetch('http://acme-previews.docs.test/billing')).status).toBe(404);
  });

  it('searches, answers and reads over the branch only', async () => {
    const onPreview = await search(domain, 'download invoices');
    expect(onPreview.status).toBe(200);
    expect(paths(onPreview.body)).toContain('/billing');
    const onLive = await search('acme-previews', 'download invoices');
    expect(paths(onLive.body)).not.toContain('/billing');

    const answer = await t.call('POST', `/v1/assistant/${domain}/message`, {
      key: site.assistantKey,
      json: { fp: 'reviewer', messages: [{ id: 'u1', role: 'user', content: 'Where do I download my invoices?' }] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('/billing');

    const markdown = await t.call('POST', `/v1/page/${domain}`, { key: site.assistantKey, json: { path: '/billing' } });
    expect(markdown).toMatchObject({ status: 200, body: { path: '/billing', content: expect.stringContaining('# Billing') } });
    expect((await t.call('POST', '/v1/page/acme-previews', { key: site.assistantKey, json: { path: '/billing' } })).status).toBe(404);
    const llms = await t.call('GET', '/sites/acme-previews/~preview/new-billing/llms.txt');
    expect(llms.body).toContain('[Billing]');
    expect((await t.call('GET', '/sites/acme-previews/llms.txt')).body).not.toContain('[Billing]');

    const mcp = await t.call('POST', '/sites/acme-previews/~preview/new-billing/mcp', {
      headers: { accept: 'application/json, text/event-stream' },
      json: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read_pages', arguments: { paths: ['/billing'] } } },
    });
    expect(mcp.status).toBe(200);
    expect(JSON.stringify(mcp.body)).toContain('Download invoices from Settings');
  });

  it('is not recorded in the live site’s analytics', async () => {
    await search(domain, 'monthly invoice on the preview');
    await search('acme-previews', 'monthly invoice on the live site');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const recorded = await t.db.searchEvent.findMany({
      where: { projectId: site.projectId, query: { startsWith: 'monthly invoice' } },
      select: { query: true },
    });
    expect(recorded).toEqual([{ query: 'monthly invoice on the live site' }]);
  });

  it('is updated by a second push, re-processing only the changed page, and survives the live site’s next deployment', async () => {
    commitOn('new-billing', { 'billing.mdx': BILLING_PAGE.replace('first day', 'last working day') }, 'Invoices come at the end of the month');
    const again = await preview('new-billing');
    expect(again.body.previewUrl).toBe('http://new-billing--acme-previews.docs.test');
    const second = await waitForEnd(t, again.body.statusId);
    expect(second.status).toBe('success');
    expect(second.filesModified).toEqual(['billing.mdx']);
    expect(second.logs.find((line) => line.startsWith('Parsed'))).toMatch(/^Parsed 1 changed page into \d+ chunks?, reused 3 unchanged/);
    const page = await t.call('GET', '/sites/acme-previews/~preview/new-billing/billing');
    expect(page.body).toContain('last working day');

    commit(repo.dir, { 'fonts.mdx': `${SMALL_SITE['fonts.mdx']}\n## Font weights\n\nSet \`fonts.weight\` to 400 or 700.\n` }, 'Font weights');
    expect((await deployAndWait(t, site.projectId)).status).toBe('success');
    expect((await t.call('GET', '/sites/acme-previews/~preview/new-billing/billing')).status).toBe(200);
    expect(paths((await search(domain, 'last working day invoice')).body)).toContain('/billing');
    expect((await t.call('GET', '/sites/acme-previews/billing')).status).toBe(404);
    expect((await t.call('GET', '/sites/acme-previews/fonts')).body).toContain('Font weights');
  });

  it('is listed in GraphQL with its address and deployment', async () => {
    const res = await t.call('POST', '/graphql', {
      key: site.adminKey,
      json: { query: `{ previews(projectId: "${site.projectId}") { branch domain url deployment { status isPreview } } }` },
    });
    expect(res.body.data.previews).toEqual([
      {
        branch: 'new-billing',
        domain,
        url: 'http://new-billing--acme-previews.docs.test',
        deployment: { status: 'success', isPreview: true },
      },
    ]);
  });
});

describe('the preview route', () => {
  it.each([
    ['no branch', {}, /Missing required field "branch"/],
    ['an empty branch', { branch: '' }, /branch must name a Git branch/],
    ['a name git refuses', { branch: 'a..b' }, /"a\.\.b" cannot be a branch name/],
    ['a branch that is not text', { branch: 7 }, /branch/],
  ])('refuses %s with a 400 naming the field', async (_case, body, message) => {
    const res = await t.call('POST', `/v1/project/preview/${site.projectId}`, { key: site.adminKey, json: body });
    expect(res).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'branch', error: expect.stringMatching(message) } });
  });

  it('needs the project’s admin key', async () => {
    expect((await preview('new-billing', site.assistantKey)).status).toBe(403);
    expect((await t.call('POST', `/v1/project/preview/${site.projectId}`, { json: { branch: 'x' } })).status).toBe(401);
    const unknown = await t.call('POST', '/v1/project/preview/000000000000000000000000', { key: site.adminKey, json: { branch: 'x' } });
    expect(unknown.status).toBe(404);
  });

  it('queues a branch that does not exist, and its status record says why it failed', async () => {
    const queued = await preview('no-such-branch');
    expect(queued.status).toBe(202);
    const ended = await waitForEnd(t, queued.body.statusId);
    expect(ended.status).toBe('failure');
    expect(ended.summary).toMatch(/The branch "no-such-branch" does not exist in .*; push it and trigger its preview again\./);
    expect((await t.call('GET', '/sites/acme-previews/~preview/no-such-branch/')).status).toBe(404);
  });
});

describe('removing previews', () => {
  it('removes the previews of deleted branches and of unused ones, with their stored data, and leaves the live site', async () => {
    commitOn('old-idea', { 'idea.mdx': '---\ntitle: Idea\n---\n\nAn idea.\n' }, 'An idea');
    commitOn('stale', { 'stale.mdx': '---\ntitle: Stale\n---\n\nOld.\n' }, 'Stale');
    for (const branch of ['old-idea', 'stale']) expect((await waitForEnd(t, (await preview(branch)).body.statusId)).status).toBe('success');
    git('branch', '-D', 'old-idea');
    await t.db.preview.updateMany({ where: { branch: 'stale' }, data: { usedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) } });
    const gone = await t.db.deployment.findMany({ where: { projectId: site.projectId, branch: { in: ['old-idea', 'stale'] } }, select: { id: true } });

    const queued = await prunePreviews(t.runtime);
    // The failed preview of a branch that never existed goes too.
    expect(queued.map((r) => r.branch).sort()).toEqual(['no-such-branch', 'old-idea', 'stale']);
    // Removals run on the project's deployment queue, by this test's worker; the pages only they had go last.
    const left = () => t.db.preview.findMany({ where: { projectId: site.projectId }, select: { branch: true } });
    const stalePages = () => t.db.page.count({ where: { projectId: site.projectId, title: { in: ['Idea', 'Stale'] } } });
    for (let waited = 0; ((await left()).length > 1 || (await stalePages()) > 0) && waited < 30_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await left()).toEqual([{ branch: 'new-billing' }]);
    expect(await t.db.deployment.count({ where: { id: { in: gone.map((d) => d.id) } } })).toBe(0);
    expect(await t.db.deploymentPage.count({ where: { deploymentId: { in: gone.map((d) => d.id) } } })).toBe(0);
    expect(await t.db.searchArtifact.count({ where: { deploymentId: { in: gone.map((d) => d.id) } } })).toBe(0);
    expect(await stalePages()).toBe(0);
    expect((await t.call('GET', '/sites/acme-previews/~preview/stale/stale')).status).toBe(404);
    expect((await t.call('GET', '/sites/acme-previews/~preview/new-billing/billing')).status).toBe(200);
    expect((await t.call('GET', '/sites/acme-previews/quickstart')).status).toBe(200);
  });
});
