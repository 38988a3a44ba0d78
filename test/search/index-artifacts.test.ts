import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { INDEX_BUILD } from '../../api/search/index-build.ts';
import { buildArtifact } from '../../api/search/search-artifact.ts';
import { SearchIndexes, type SearchIndexStats } from '../../api/search/search-indexes.ts';
import { deployAndWait } from '../support/deployments.ts';
import { deployedSite, SMALL_SITE } from '../support/docs-site.ts';
import { startFolio, type RunningFolio } from '../support/folio-process.ts';
import { commit, makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Search indexes are built once, by the worker that deploys a site, and stored with the deployment as
 * its search artifact; web processes load them instead of building them, keep them within a memory
 * budget, and swap in a new one when a deployment goes live.
 */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let site: CreatedProject;
let repoDir: string;
let web: RunningFolio;
let dataDir: string;

beforeAll(async () => {
  t = isolated.app;
  // The site, with docs.json listing a page it does not have yet (added by a later commit).
  const docsJson = JSON.parse(SMALL_SITE['docs.json']!);
  docsJson.navigation.groups[0].pages.push('typefaces');
  repoDir = makeRepo({ ...SMALL_SITE, 'docs.json': JSON.stringify(docsJson) }).dir;
  site = await createProject(t.db, { name: 'Acme Docs', subdomain: 'acme-artifacts', repo: repoDir });
  expect((await deployAndWait(t, site.projectId)).status).toBe('success');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-artifacts-'));
  web = await startFolio('web', { DATABASE_URL: isolated.databaseUrl, DATA_DIR: dataDir });
});
afterAll(async () => {
  await web?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const searchOn = (url: string, query: string) =>
  fetch(`${url}/v1/search/${site.subdomain}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${site.assistantKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
const healthOf = async (url: string) => ((await (await fetch(`${url}/health`)).json()) as { searchIndexes: SearchIndexStats }).searchIndexes;
/** Waits (up to 10 s) until the check holds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}
const liveDeploymentOf = async () => (await t.db.project.findUniqueOrThrow({ where: { id: site.projectId } })).liveDeploymentId!;

describe('a search artifact', () => {
  it('is stored by the deployment; a web process that starts loads it without waiting for a search, and serves from it without building', async () => {
    const stored = await t.db.searchArtifact.findMany({ where: { deploymentId: await liveDeploymentOf() } });
    expect(stored).toEqual([expect.objectContaining({ embedder: t.runtime.embedder.id, build: INDEX_BUILD, chunkCount: expect.any(Number) })]);
    expect(stored[0]!.chunkCount).toBeGreaterThan(0);
    await until(async () => (await healthOf(web.url)).sites === 1);
    expect(await healthOf(web.url)).toMatchObject({ sites: 1, loaded: 1, built: 0 });
    // It also ran searches of its own on the site's text, so that its query path's code is compiled before a visitor's.
    await until(async () => (await healthOf(web.url)).warmUpSearches > 0);
    expect((await healthOf(web.url)).warmUpSearches).toBeGreaterThan(0);

    const response = await searchOn(web.url, 'custom domain');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { path: string }[])[0]!.path).toMatch(/^\/custom-domain/);
    expect(await healthOf(web.url)).toMatchObject({ sites: 1, loaded: 1, built: 0 });
  });

  it('goes live in every web process with its deployment, with no search failing meanwhile', async () => {
    const here = `http://in-process`;
    const before = await liveDeploymentOf();
    let searching = true;
    const failures: string[] = [];
    const seen = { here: new Set<string>(), there: new Set<string>() };
    const loop = async (where: keyof typeof seen) => {
      while (searching) {
        const response =
          where === 'here'
            ? await t.app.fetch(`${here}/v1/search/${site.subdomain}`, {
                method: 'POST',
                headers: { authorization: `Bearer ${site.assistantKey}`, 'content-type': 'application/json' },
                body: JSON.stringify({ query: 'typeface' }),
              })
            : await searchOn(web.url, 'typeface');
        if (response.status !== 200) failures.push(`${where}: ${response.status} ${await response.text()}`);
        else for (const result of (await response.json()) as { path: string }[]) seen[where].add(result.path);
      }
    };
    const loops = [loop('here'), loop('there')];
    commit(repoDir, { 'typefaces.mdx': '---\ntitle: Typefaces\n---\n\n## Pick a typeface\n\nAny typeface from Google Fonts works.\n' }, 'Add typefaces');
    const deployment = await deployAndWait(t, site.projectId);
    expect(deployment.status).toBe('success');
    // Both processes serve the new deployment's index: the new page is found, by either.
    for (let i = 0; i < 600 && !(seen.here.has('/typefaces#pick-a-typeface') && seen.there.has('/typefaces#pick-a-typeface')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    searching = false;
    await Promise.all(loops);
    expect(failures).toEqual([]);
    expect(seen.here).toContain('/typefaces#pick-a-typeface');
    expect(seen.there).toContain('/typefaces#pick-a-typeface');
    expect(await liveDeploymentOf()).not.toBe(before);
    expect(await healthOf(web.url)).toMatchObject({ sites: 1, built: 0 });
  });

  it('of a deployment that goes live is loaded by a web process before anyone searches', async () => {
    const { loaded } = await healthOf(web.url);
    commit(repoDir, { 'fonts.mdx': '---\ntitle: Fonts\n---\n\n## Set a font\n\nAny font.\n' }, 'Shorter fonts page');
    expect((await deployAndWait(t, site.projectId)).status).toBe('success');
    await until(async () => (await healthOf(web.url)).loaded === loaded + 1);
    expect(await healthOf(web.url)).toMatchObject({ sites: 1, loaded: loaded + 1, built: 0 });
  });

  it("of a deployment still loading does not hold searches up: the site's previous index answers until it is in", async () => {
    const deployments = await t.db.searchArtifact.findMany({
      where: { deployment: { projectId: site.projectId } },
      orderBy: { createdAt: 'desc' },
      take: 2,
      select: { deploymentId: true },
    });
    const [newer, older] = deployments.map((artifact) => artifact.deploymentId);
    const indexes = new SearchIndexes(t.runtime, t.runtime.embedder, t.runtime.events, t.runtime.log, { memoryBytes: 1024 ** 3, followsLiveSites: false });
    const previous = await indexes.forProject({ id: site.projectId, liveDeploymentId: older! });
    // The newer deployment went live: its index is loading, and the previous one answers meanwhile.
    expect(await indexes.forProject({ id: site.projectId, liveDeploymentId: newer! })).toBe(previous);
    expect(indexes.holds(site.projectId, newer!)).toBe(false);
    await until(async () => indexes.holds(site.projectId, newer!));
    const live = await indexes.forProject({ id: site.projectId, liveDeploymentId: newer! });
    expect(live).not.toBe(previous);
    expect(live!.search({ query: 'set a font', pageSize: 1 }, undefined)[0]!.chunk.content).toContain('Any font.');
    expect(indexes.stats()).toMatchObject({ sites: 1, loaded: 2, previous: 1, misses: 1, hits: 1 });
    indexes.close();
  });

  it('that is damaged, or of another index version, is rebuilt and replaced, never served', async () => {
    const deploymentId = await liveDeploymentOf();
    const key = { deploymentId_embedder: { deploymentId, embedder: t.runtime.embedder.id } };
    const good = await t.db.searchArtifact.findUniqueOrThrow({ where: key });
    const damaged = Uint8Array.from(good.bytes);
    damaged[damaged.length - 3]! ^= 0xff;
    for (const change of [{ bytes: damaged }, { build: '0.older' }]) {
      await t.db.searchArtifact.update({ where: key, data: change });
      const indexes = new SearchIndexes(t.runtime, t.runtime.embedder, t.runtime.events, t.runtime.log, { memoryBytes: 1024 ** 3, followsLiveSites: false });
      const index = await indexes.forProject({ id: site.projectId, liveDeploymentId: deploymentId });
      expect(index!.search({ query: 'custom domain', pageSize: 3 }, undefined)[0]!.chunk.path).toMatch(/^\/custom-domain/);
      expect(indexes.stats()).toMatchObject({ loaded: 0, built: 1 });
      indexes.close();
      const replaced = await t.db.searchArtifact.findUniqueOrThrow({ where: key });
      expect(replaced.build).toBe(INDEX_BUILD);
      expect(Buffer.from(replaced.bytes).equals(Buffer.from(damaged))).toBe(false);
    }
  });
});

describe("a search artifact's parts", () => {
  it('are rebuilt from kept page analyses byte for byte as from a fresh analysis', async () => {
    const deploymentId = await liveDeploymentOf();
    const key = { deploymentId_embedder: { deploymentId, embedder: t.runtime.embedder.id } };
    const { parts } = await t.db.searchArtifact.findUniqueOrThrow({ where: key });
    const partsNow = async () =>
      (await t.db.searchPart.findMany({ where: { id: { in: parts } }, orderBy: { id: 'asc' } })).map((part) => Buffer.from(part.bytes));
    await t.db.pageAnalysis.deleteMany({});
    await t.db.searchPart.deleteMany({ where: { id: { in: parts } } });
    await buildArtifact(t.runtime, t.runtime.embedder, deploymentId);
    const fresh = await partsNow();
    const kept = await t.db.pageAnalysis.count();
    expect(kept).toBeGreaterThan(0);
    await t.db.searchPart.deleteMany({ where: { id: { in: parts } } });
    await buildArtifact(t.runtime, t.runtime.embedder, deploymentId);
    expect(await partsNow()).toEqual(fresh);
    expect(await t.db.pageAnalysis.count()).toBe(kept);
  });

  it("of a one-page change are the changed language's only: the worker builds them, web processes read them, the rest is shared", async () => {
    const files: Record<string, string> = {
      'docs.json': JSON.stringify({
        name: 'Bilingual',
        navigation: {
          languages: [
            { language: 'en', groups: [{ group: 'Guides', pages: ['domain', 'fonts'] }] },
            { language: 'fr', groups: [{ group: 'Guides', pages: ['fr/domain', 'fr/fonts'] }] },
          ],
        },
      }),
      'domain.mdx': '---\ntitle: Custom domain\n---\n\n## DNS\n\nAdd a CNAME record pointing docs to cname.acme.dev.\n',
      'fonts.mdx': '---\ntitle: Fonts\n---\n\n## Set a font\n\nSet fonts.family in docs.json.\n',
      'fr/domain.mdx': '---\ntitle: Domaine personnalisé\n---\n\n## DNS\n\nAjoutez un enregistrement CNAME vers cname.acme.dev.\n',
      'fr/fonts.mdx': '---\ntitle: Polices\n---\n\n## Choisir une police\n\nRéglez fonts.family dans docs.json.\n',
    };
    const repo = makeRepo(files).dir;
    const bilingual = await createProject(t.db, { name: 'Bilingual', subdomain: 'bilingual-artifacts', repo });
    expect((await deployAndWait(t, bilingual.projectId)).status).toBe('success');
    const indexes = new SearchIndexes(t.runtime, t.runtime.embedder, t.runtime.events, t.runtime.log, { memoryBytes: 1024 ** 3, followsLiveSites: false });
    const live = async () => ({
      id: bilingual.projectId,
      liveDeploymentId: (await t.db.project.findUniqueOrThrow({ where: { id: bilingual.projectId } })).liveDeploymentId,
    });
    const before = await indexes.forProject(await live());
    const [first] = await t.db.searchArtifact.findMany({ where: { deployment: { projectId: bilingual.projectId } } });
    expect(first!.parts).toHaveLength(3); // en, fr, and fr's translation into en

    commit(repo, { 'fr/fonts.mdx': '---\ntitle: Polices\n---\n\n## Choisir une police\n\nRéglez fonts.family dans docs.json, par exemple Inter.\n' });
    const second = await deployAndWait(t, bilingual.projectId);
    expect(second.logs.join('\n')).toMatch(/built 2 of its 3 parts, the others unchanged/);
    // The first ask answers from the held index while the new one loads; then the new one answers.
    let after = await indexes.forProject(await live());
    for (let i = 0; i < 200 && after!.deploymentId !== second.id; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      after = await indexes.forProject(await live());
    }
    expect(after!.deploymentId).toBe(second.id);
    const secondArtifact = await t.db.searchArtifact.findFirstOrThrow({ where: { deploymentId: second.id } });
    const [sharedId] = secondArtifact.parts.filter((id) => first!.parts.includes(id));
    expect(secondArtifact.parts.filter((id) => first!.parts.includes(id))).toHaveLength(1);
    expect(after!.parts.get(sharedId!)).toBe(before!.parts.get(sharedId!)); // the English partition, not read again
    expect(after!.search({ query: 'Inter', pageSize: 3, language: 'fr' }, undefined)[0]!.chunk.path).toBe('/fr/fonts#choisir-une-police');
    indexes.close();
  });
});

describe('the memory budget', () => {
  it('drops the least recently used site for another, and loads it again when it is asked for', async () => {
    const other = await deployedSite(t, 'beta-artifacts', { ...SMALL_SITE, 'fonts.mdx': '---\ntitle: Fonts\n---\n\n## Fonts\n\nInter.\n' });
    const sizes = await t.db.searchArtifact.findMany({ select: { memoryBytes: true } });
    const largest = Math.max(...sizes.map((size) => Number(size.memoryBytes)));
    const [a, b] = [
      { id: site.projectId, liveDeploymentId: await liveDeploymentOf() },
      { id: other.projectId, liveDeploymentId: (await t.db.project.findUniqueOrThrow({ where: { id: other.projectId } })).liveDeploymentId },
    ];
    const indexes = new SearchIndexes(t.runtime, t.runtime.embedder, t.runtime.events, t.runtime.log, {
      memoryBytes: Math.ceil(largest * 1.5),
      followsLiveSites: false,
    });
    await indexes.forProject(a);
    await indexes.forProject(b);
    expect(indexes.heldProjects()).toEqual([b.id]);
    expect(indexes.stats()).toMatchObject({ sites: 1, loaded: 2, evicted: 1 });
    await indexes.forProject(a);
    expect(indexes.heldProjects()).toEqual([a.id]);
    expect(indexes.stats()).toMatchObject({ loaded: 3, built: 0, evicted: 2 });
    indexes.close();
  });

  it('holds nothing for a site with nothing deployed', async () => {
    const indexes = new SearchIndexes(t.runtime, t.runtime.embedder, t.runtime.events, t.runtime.log, { memoryBytes: 1024 ** 3, followsLiveSites: false });
    expect(await indexes.forProject({ id: 'none', liveDeploymentId: null })).toBeUndefined();
    expect(indexes.heldProjects()).toEqual([]);
    indexes.close();
  });
});
