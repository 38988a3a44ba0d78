import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployFailedJob, deployRunJob } from '../../api/deploy/deploy-job.ts';
import { DeploymentProgress } from '../../api/deploy/progress.ts';
import { failDeployment } from '../../api/deploy/run-deployment.ts';
import { createProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { commit, CORPUS, makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** Deployments run by a worker in this process, on a database of their own. */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
beforeAll(() => {
  t = isolated.app;
});

const newProject = (repo: string, branch = 'main') =>
  createProject(t.db, { name: 'Docs', subdomain: `d-${Math.random().toString(36).slice(2, 10)}`, repo, branch });

const servedPages = (deploymentId: string) => t.db.deploymentPage.findMany({ where: { deploymentId }, include: { page: true } });

describe('the mintlify-docs corpus', () => {
  let repo: { dir: string; sha: string };
  let project: Awaited<ReturnType<typeof newProject>>;
  let first: Awaited<ReturnType<typeof deployAndWait>>;

  beforeAll(async () => {
    repo = makeRepo({ copyFrom: CORPUS });
    project = await newProject(repo.dir);
    first = await deployAndWait(t, project.projectId);
  });

  it('deploys every navigation page in its language and goes live', async () => {
    expect(first.status).toBe('success');
    expect(first).toMatchObject({ commitSha: repo.sha, commitRef: 'refs/heads/main', commitMessage: 'Initial docs', author: 'Ada Writer <ada@example.com>' });
    // The corpus's ai/skillmd pages use a component they never import: the summary names it.
    expect(first.summary).toMatch(
      /^Deployed 984 pages in 4 languages from [0-9a-f]{7} in \d+\.\d s: first deployment\. Unknown components, shown as their content: PreviewButton \(4\)\.$/,
    );
    expect(first.endedAt!.getTime()).toBeGreaterThanOrEqual(first.createdAt.getTime());
    // The corpus lists 246 pages per language in docs.json, fr.json, es.json and zh.json.
    const pages = await servedPages(first.id);
    const perLanguage = Object.fromEntries(['en', 'fr', 'es', 'zh'].map((l) => [l, pages.filter((p) => p.language === l).length]));
    expect(perLanguage).toEqual({ en: 246, fr: 246, es: 246, zh: 246 });
    expect(first.filesAdded).toHaveLength(1142);
    expect(first.defaultLanguage).toBe('en');
    const live = await t.db.project.findUniqueOrThrow({ where: { id: project.projectId } });
    expect(live.liveDeploymentId).toBe(first.id);
    expect(first.logs).toEqual(
      expect.arrayContaining([
        'Queued by the API.',
        expect.stringMatching(/^Fetched main at [0-9a-f]{7}: "Initial docs" by Ada Writer <ada@example.com> \(\d+\.\d s\)\.$/),
        'First deployment: 1,142 files.',
        'Pages: 984 in 4 languages (en 246, fr 246, es 246, zh 246).',
      ]),
    );
  });

  it('stores pages with their metadata and heading-anchored chunks', async () => {
    const pages = await servedPages(first.id);
    const accordions = pages.find((p) => p.route === '/components/accordions')!;
    expect(accordions.page).toMatchObject({ title: 'Accordions', isHidden: false });
    expect(accordions.sourcePath).toBe('components/accordions.mdx');
    expect(accordions).toMatchObject({ language: 'en', section: 'Components', isSearchable: true });
    const chunks = await t.db.chunk.findMany({ where: { pageId: accordions.pageId }, orderBy: { position: 'asc' } });
    expect(chunks.map((c) => c.anchor)).toEqual(expect.arrayContaining(['', 'single-accordion', 'accordion-groups']));
    expect(chunks.find((c) => c.anchor === 'single-accordion')!.content).toContain('System.out.println("Hello, World!");');
    const french = pages.find((p) => p.route === '/fr/components/accordions')!;
    expect(french.language).toBe('fr');
    expect(pages.find((p) => p.route === '/')!.sourcePath).toBe('index.mdx');
  });

  it('a second commit reports exactly what changed and re-processes only that', async () => {
    const before = new Map((await servedPages(first.id)).map((p) => [p.sourcePath, p.pageId]));
    const quickstart = fs.readFileSync(path.join(repo.dir, 'quickstart.mdx'), 'utf8');
    const sha = commit(
      repo.dir,
      {
        'quickstart.mdx': `${quickstart}\n## Troubleshooting the install\n\nRun the doctor command.\n`,
        'guides/brand-new.mdx': '---\ntitle: Brand new\n---\nNot in the navigation yet.\n',
        'changelog.mdx': null,
      },
      'Edit the quickstart',
    );
    const second = await deployAndWait(t, project.projectId);
    expect(second.status).toBe('success');
    expect(second.commitSha).toBe(sha);
    expect({ added: second.filesAdded, modified: second.filesModified, removed: second.filesRemoved }).toEqual({
      added: ['guides/brand-new.mdx'],
      modified: ['quickstart.mdx'],
      removed: ['changelog.mdx'],
    });
    expect(second.logs).toContain(`Files changed since ${repo.sha.slice(0, 7)}: 1 added, 1 modified, 1 removed.`);
    expect(second.logs.find((l) => l.startsWith('Parsed'))).toMatch(/^Parsed 1 changed page into \d+ chunks?, reused 982 unchanged/);
    expect(second.logs).toContain('Warning: the navigation lists "changelog", which has no .mdx or .md file; skipped.');
    expect(second.summary).toMatch(/^Deployed 983 pages in 4 languages from [0-9a-f]{7} in \d+\.\d s: 1 added, 1 modified, 1 removed\.$/);

    const after = new Map((await servedPages(second.id)).map((p) => [p.sourcePath, p.pageId]));
    expect(after.get('index.mdx')).toBe(before.get('index.mdx')); // unchanged: the very same stored page
    expect(after.get('quickstart.mdx')).not.toBe(before.get('quickstart.mdx'));
    const chunks = await t.db.chunk.findMany({ where: { pageId: after.get('quickstart.mdx')! } });
    expect(chunks.find((c) => c.anchor === 'troubleshooting-the-install')!.content).toBe('Run the doctor command.');
    expect((await t.db.project.findUniqueOrThrow({ where: { id: project.projectId } })).liveDeploymentId).toBe(second.id);
    // The old version is deleted just after the switch to live (the status already says success by then).
    await expect.poll(() => t.db.page.count({ where: { id: before.get('quickstart.mdx')! } }), { timeout: 10_000 }).toBe(0);
  });
});

describe('a versioned project', () => {
  it('gives each page the version of its place in the navigation', async () => {
    const repo = makeRepo({
      'docs.json': JSON.stringify({
        name: 'Versioned',
        navigation: {
          versions: [
            { version: 'v2', default: true, groups: [{ group: 'Guide', pages: ['v2/intro', 'shared/faq'] }] },
            { version: 'v1', groups: [{ group: 'Guide', pages: ['v1/intro', 'shared/faq'] }] },
          ],
        },
      }),
      'v2/intro.mdx': '---\ntitle: Intro v2\n---\nThe new API.',
      'v1/intro.mdx': '---\ntitle: Intro v1\n---\nThe old API.',
      'shared/faq.mdx': '---\ntitle: FAQ\n---\nAsked often.',
    });
    const project = await newProject(repo.dir);
    const deployment = await deployAndWait(t, project.projectId);
    expect(deployment.status).toBe('success');
    expect(deployment.defaultVersion).toBe('v2');
    const pages = await servedPages(deployment.id);
    expect(pages.map((p) => `${p.version} ${p.route}`).sort()).toEqual(['v1 /shared/faq', 'v1 /v1/intro', 'v2 /shared/faq', 'v2 /v2/intro']);
  });
});

describe('failures end the deployment with a summary that says what to do, and the live one stays', () => {
  it('an unreachable repository', async () => {
    const project = await createProject(t.db, { name: 'Gone', subdomain: `gone-${Date.now()}`, repo: 'file:///nonexistent/docs.git' });
    const deployment = await deployAndWait(t, project.projectId);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toMatch(
      /^Could not read the repository file:\/\/\/nonexistent\/docs\.git \(.+\); check that it exists and that this server can reach it\.$/,
    );
    expect(deployment.logs.at(-1)).toBe(`Failed: ${deployment.summary}`);
    expect(deployment.endedAt).not.toBeNull();
  });

  it('a missing branch, and a branch without docs.json, leave the previous deployment live', async () => {
    const repo = makeRepo({ 'docs.json': JSON.stringify({ navigation: { pages: ['index'] } }), 'index.mdx': '# Home\nWelcome.' });
    const project = await newProject(repo.dir);
    const good = await deployAndWait(t, project.projectId);
    expect(good.status).toBe('success');

    await t.db.project.update({ where: { id: project.projectId }, data: { branch: 'release' } });
    const missingBranch = await deployAndWait(t, project.projectId);
    expect(missingBranch.status).toBe('failure');
    expect(missingBranch.summary).toBe(`The branch "release" does not exist in ${repo.dir}; push it, or change the project's deployment branch.`);

    await t.db.project.update({ where: { id: project.projectId }, data: { branch: 'main' } });
    commit(repo.dir, { 'docs.json': null });
    const noConfig = await deployAndWait(t, project.projectId);
    expect(noConfig.status).toBe('failure');
    expect(noConfig.summary).toBe('No docs.json (or legacy mint.json) at the root of branch "main"; add one that lists the pages in "navigation".');
    expect((await t.db.project.findUniqueOrThrow({ where: { id: project.projectId } })).liveDeploymentId).toBe(good.id);
  });

  it('a page that fails to parse is a warning with file and line, not a failed deployment', async () => {
    const repo = makeRepo({
      'mint.json': JSON.stringify({ navigation: [{ group: 'Docs', pages: ['good', 'broken'] }] }),
      'good.mdx': '# Good\nFine.',
      'broken.mdx': '# Broken\n\n<Note>\nnever closed\n',
    });
    const deployment = await deployAndWait(t, (await newProject(repo.dir)).projectId);
    expect(deployment.status).toBe('success');
    expect(deployment.logs).toContain('Warning: broken.mdx:3: <Note> is never closed (page skipped)');
    expect(deployment.summary).toMatch(/^Deployed 1 page in 1 language/);
  });

  it('invalid docs.json JSON', async () => {
    const repo = makeRepo({ 'docs.json': '{ "navigation": ', 'index.mdx': 'x' });
    const deployment = await deployAndWait(t, (await newProject(repo.dir)).projectId);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toMatch(/^docs\.json is not valid JSON \(.+\); fix it and deploy again\.$/);
  });
});

describe('a docs repository is untrusted input', () => {
  it.each([
    ['docs.json that is null', { 'docs.json': 'null' }, 'docs.json must hold a JSON object with a "navigation"; fix it and deploy again.'],
    [
      'a circular $ref',
      { 'docs.json': '{"navigation":{"$ref":"nav.json"}}', 'nav.json': '{"groups":[{"group":"G","pages":["index",{"$ref":"nav.json"}]}]}' },
      'circular $ref: docs.json -> nav.json -> nav.json; fix it and deploy again.',
    ],
    [
      'a NUL character in docs.json',
      { 'docs.json': '{"navigation":{"pages":["index","a\\u0000b"]}}' },
      'docs.json has a NUL character in navigation.pages.1; fix it and deploy again.',
    ],
    [
      'a $ref out of the repository',
      { 'docs.json': '{"navigation":{"$ref":"../../../etc/passwd"}}' },
      '$ref "../../../etc/passwd" in docs.json points outside the repository; fix it and deploy again.',
    ],
  ])('%s fails the deployment at once with a summary that says what to fix', async (_name, files, summary) => {
    const repo = makeRepo({ 'index.mdx': '# Home', ...files });
    const deployment = await deployAndWait(t, (await newProject(repo.dir)).projectId);
    expect(deployment).toMatchObject({ status: 'failure', summary });
    expect(deployment.logs.some((line) => line.startsWith('Attempt 2'))).toBe(false); // not retried as an internal error
  });

  it('deploys nested $refs relative to their file, a page with a NUL byte, and a page added to a snippet later', async () => {
    const repo = makeRepo({
      'docs.json': '{"navigation":{"$ref":"./config/navigation.json"}}',
      'config/navigation.json': '{"groups":{"$ref":"./groups.json"}}',
      'config/groups.json': '[{"group":"Start","pages":["index","nul"]}]',
      'index.mdx': 'import Intro from "/snippets/intro.mdx";\n\n# Home\n\n<Intro />\nWelcome.',
      'nul.mdx': '# Odd\nhello\u0000world',
    });
    const project = await newProject(repo.dir);
    const first = await deployAndWait(t, project.projectId);
    expect(first.status).toBe('success');
    expect(first.summary).toMatch(/^Deployed 2 pages/);
    expect(first.logs).toContain('Warning: index.mdx:5: snippet snippets/intro.mdx not found; left out');

    commit(repo.dir, { 'snippets/intro.mdx': 'Our tour starts here.' });
    const second = await deployAndWait(t, project.projectId);
    const pages = await servedPages(second.id);
    const index = pages.find((p) => p.route === '/')!;
    const chunks = await t.db.chunk.findMany({ where: { pageId: index.pageId } });
    expect(chunks.map((c) => c.content).join('\n')).toContain('Our tour starts here.');
    const nul = pages.find((p) => p.route === '/nul')!;
    expect((await t.db.chunk.findMany({ where: { pageId: nul.pageId } })).map((c) => c.content).join('')).toContain('hello\uFFFDworld');
  });
});

describe('the last resort for a deployment whose every attempt died', () => {
  it('keeps a line logged just before the deployment ends, and the line that ends it, in order', async () => {
    const project = await newProject(makeRepo({ 'docs.json': '{}' }).dir);
    const deployment = await t.db.deployment.create({ data: { projectId: project.projectId, source: 'api', status: 'in_progress' } });
    const progress = new DeploymentProgress(t.db, t.runtime.events, deployment.id);
    progress.log('Warning: a line still waiting to be written.');
    await failDeployment({ db: t.db, events: t.runtime.events }, deployment.id, 'Something went wrong.', progress);
    const ended = await t.db.deployment.findUniqueOrThrow({ where: { id: deployment.id } });
    expect(ended.logs).toEqual(['Warning: a line still waiting to be written.', 'Failed: Something went wrong.']);
  });

  it('deploy.run dead-letters into deploy.failed, which ends an unfinished deployment as a failure', async () => {
    expect(deployRunJob.queue.deadLetter).toBe(deployFailedJob.name);
    const repo = makeRepo({ 'docs.json': JSON.stringify({ navigation: { pages: ['index'] } }), 'index.mdx': '# Home' });
    const project = await newProject(repo.dir);
    const stuck = await t.db.deployment.create({ data: { projectId: project.projectId, source: 'api', status: 'in_progress' } });
    await deployFailedJob.handle({ deploymentId: stuck.id, projectId: project.projectId }, t.runtime, { id: 'j', retryCount: 0, retryLimit: 5 });
    const ended = await t.db.deployment.findUniqueOrThrow({ where: { id: stuck.id } });
    expect(ended.status).toBe('failure');
    expect(ended.summary).toMatch(/^The workers running this deployment stopped before it finished, several times/);
    expect(ended.endedAt).not.toBeNull();

    const finished = await deployAndWait(t, project.projectId);
    await deployFailedJob.handle({ deploymentId: finished.id, projectId: project.projectId }, t.runtime, { id: 'k', retryCount: 0, retryLimit: 5 });
    expect((await t.db.deployment.findUniqueOrThrow({ where: { id: finished.id } })).status).toBe('success'); // left alone
  });
});
