import { beforeAll, describe, expect, it } from 'vitest';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { commit, makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A versioned site keeps each older version as a copy of the docs in its own folder: a file copied
 * unchanged is one content, parsed, rendered and stored once, and served at every route that has it,
 * each route with its own links.
 */
const QUICKSTART =
  "---\ntitle: Quickstart\n---\n\nimport Missing from '/snippets/missing.mdx';\n\nRead [the setup](/guides/setup), then [its DNS part](guides/setup#dns).\n\n<Missing />\n";
const SETUP = '---\ntitle: Setup\n---\n\n[Home](/quickstart) and [a sibling](other) and [this part](#dns).\n\n## DNS\n\nAdd a CNAME record for the docs.\n';
const versions = (names: string[]) =>
  JSON.stringify({
    name: 'Versioned',
    navigation: {
      versions: names.map((version, index) => {
        const folder = index === 0 ? '' : `${version}/`;
        return { version, groups: [{ group: 'Guides', pages: [`${folder}quickstart`, `${folder}guides/setup`] }] };
      }),
    },
  });

const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let repo: { dir: string; sha: string };
let project: CreatedProject;
let logs: string[];
const site = (path: string) => t.call('GET', `/sites/${project.subdomain}${path}`);
const storedPages = () => t.db.page.count({ where: { projectId: project.projectId } });

beforeAll(async () => {
  t = isolated.app;
  repo = makeRepo({
    'docs.json': versions(['v2', 'v1']),
    'quickstart.mdx': QUICKSTART,
    'guides/setup.mdx': SETUP,
    'v1/quickstart.mdx': QUICKSTART,
    'v1/guides/setup.mdx': SETUP,
  });
  project = await createProject(t.db, { name: 'Versioned', subdomain: `shared-${Date.now().toString(36)}`, repo: repo.dir });
  const deployment = await deployAndWait(t, project.projectId);
  expect(deployment.status).toBe('success');
  logs = deployment.logs;
});

describe('a file and its copies in older versions', () => {
  it('are parsed and stored once, and every route serves them', async () => {
    expect(logs.find((line) => line.startsWith('Parsed'))).toMatch(
      /^Parsed 2 changed pages into \d+ chunks? \(identical copies of them serve 2 more\), reused 0 unchanged/,
    );
    expect(await storedPages()).toBe(2);
    const routes = await t.db.deploymentPage.findMany({
      where: { page: { projectId: project.projectId } },
      select: { route: true, sourcePath: true, version: true },
    });
    expect(routes.map((r) => `${r.version} ${r.route} ${r.sourcePath}`).sort()).toEqual([
      'v1 /v1/guides/setup v1/guides/setup.mdx',
      'v1 /v1/quickstart v1/quickstart.mdx',
      'v2 /guides/setup guides/setup.mdx',
      'v2 /quickstart quickstart.mdx',
    ]);
  });

  it('report a problem once, naming the first file and its copies', () => {
    const missing = logs.filter((line) => line.includes('snippets/missing.mdx'));
    expect(missing).toEqual(['Warning: quickstart.mdx:9 (and 1 identical copy): snippet snippets/missing.mdx not found; left out']);
  });

  it("link from each route as the reader's browser resolves them", async () => {
    const newest = (await site('/guides/setup')).body as string;
    const older = (await site('/v1/guides/setup')).body as string;
    expect(newest).toContain('<a href="../quickstart">Home</a>');
    expect(older).toContain('<a href="../../quickstart">Home</a>');
    for (const html of [newest, older]) expect(html).toContain('<a href="other">a sibling</a>');
  });

  it('export Markdown whose relative links stay in their own version', async () => {
    const base = `http://folio.test/sites/${project.subdomain}`;
    expect((await site('/quickstart.md')).body).toContain(`[its DNS part](${base}/guides/setup#dns)`);
    expect((await site('/v1/quickstart.md')).body).toContain(`[its DNS part](${base}/v1/guides/setup#dns)`);
    expect((await site('/v1/guides/setup.md')).body).toContain(`[this part](${base}/v1/guides/setup#dns)`);
    expect((await site('/v1/guides/setup.md')).body).toContain(`[a sibling](${base}/v1/guides/other)`);
  });

  it('a new version copied from the others parses nothing; an edited copy parses that file alone', async () => {
    commit(repo.dir, { 'docs.json': versions(['v2', 'v1', 'v0']), 'v0/quickstart.mdx': QUICKSTART, 'v0/guides/setup.mdx': SETUP }, 'Add v0');
    const added = await deployAndWait(t, project.projectId);
    expect(added.status).toBe('success');
    expect(added.logs.find((line) => line.startsWith('Parsed'))).toMatch(/^Parsed 0 changed pages into 0 chunks, reused 6 unchanged/);
    expect(await storedPages()).toBe(2);

    commit(repo.dir, { 'v1/quickstart.mdx': QUICKSTART.replace('Read', 'In v1, read') }, 'Edit v1');
    const edited = await deployAndWait(t, project.projectId);
    expect(edited.logs.find((line) => line.startsWith('Parsed'))).toMatch(/^Parsed 1 changed page into \d+ chunks?, reused 5 unchanged/);
    expect(await storedPages()).toBe(3);
    expect((await site('/v1/quickstart')).body).toContain('In v1, read');
    expect((await site('/v0/quickstart')).body).not.toContain('In v1');
    expect((await site('/quickstart')).body).not.toContain('In v1');
  });
});
