import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { buildArtifact } from '../../api/search/search-artifact.ts';
import { SearchIndexes } from '../../api/search/search-indexes.ts';
import type { SiteIndex } from '../../api/search/site-index.ts';
import { TranslatedQueries } from '../../api/search/translated-queries.ts';
import { loadAnalyzer } from '../../api/search/analyzer.ts';
import { bilingualSource, sharedVersionsSite } from '../support/bilingual-site.ts';
import { makeRepo } from '../support/git-repo.ts';
import { deployAndWait } from '../support/deployments.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';
import { versionedSite, type VersionedSite } from '../support/versioned-site.ts';

/**
 * A versioned site in English and French, as versionedSite makes it: v3 (the default, at the root), v2
 * and v1 (copies under v2/ and v1/ with one page a language edited: in English, webhooks in v2 and fonts
 * in v1), and one English page outside the versions. Searched over the REST API as readers search it.
 */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
const source = bilingualSource();
const sites: VersionedSite[] = [];
let project: CreatedProject;

const UNVERSIONED = '---\ntitle: Support\n---\n\n## Open a ticket\n\nWrite to the helpdesk to open a support ticket.\n';

async function deployedVersions(versions: number, subdomain: string): Promise<{ site: VersionedSite; project: CreatedProject }> {
  const site = versionedSite(source.dir, { versions, editsPerVersion: 1 });
  sites.push(site);
  const created = await createProject(t.db, { name: subdomain, subdomain, repo: site.dir });
  expect((await deployAndWait(t, created.projectId)).status).toBe('success');
  return { site, project: created };
}

beforeAll(async () => {
  t = isolated.app;
  const site = versionedSite(source.dir, { versions: 3, editsPerVersion: 1 });
  sites.push(site);
  // The support page is listed beside the versions, in none of them: it is served in every version.
  const docs = JSON.parse(fs.readFileSync(`${site.dir}/docs.json`, 'utf8'));
  docs.navigation.languages[0].groups = [{ group: 'Help', pages: ['support'] }];
  site.commitFile('support.mdx', UNVERSIONED);
  site.commitFile('docs.json', JSON.stringify(docs));
  project = await createProject(t.db, { name: 'Versioned', subdomain: 'versioned-bilingual', repo: site.dir });
  expect((await deployAndWait(t, project.projectId)).status).toBe('success');
});
afterAll(() => {
  for (const site of sites) site.remove();
  source.remove();
});

type Result = { content: string; path: string; metadata: { version: string; language: string; section: string } };
async function search(body: Record<string, unknown>, on: CreatedProject = project): Promise<Result[]> {
  const res = await t.call('POST', `/v1/search/${on.subdomain}`, { key: on.assistantKey, json: body });
  expect(res.status).toBe(200);
  return res.body as Result[];
}
const liveIndex = async (of: CreatedProject = project): Promise<SiteIndex> => {
  const { liveDeploymentId } = await t.db.project.findUniqueOrThrow({ where: { id: of.projectId } });
  return (await t.runtime.searchIndexes.forProject({ id: of.projectId, liveDeploymentId }))!;
};

describe('a versioned site', () => {
  it.each([
    ['v2', '/v2/domain#configure-dns'],
    ['v1', '/v1/domain#configure-dns'],
    ['v3', '/domain#configure-dns'],
  ])("finds a page in version %s at that version's route, and only that version's pages", async (version, path) => {
    const results = await search({ query: 'CNAME record', pageSize: 20, filter: { version } });
    expect(results[0]).toMatchObject({ path, metadata: { version, language: 'en' } });
    for (const result of results) expect(result.metadata.version).toBe(version);
    const prefix = version === 'v3' ? /^\/(?!v\d\/)/ : new RegExp(`^/${version}/`);
    for (const result of results.filter((r) => r.path !== '/support#open-a-ticket')) expect(result.path).toMatch(prefix);
  });

  it('searches the default version when the search names none', async () => {
    const results = await search({ query: 'CNAME record' });
    expect(results[0]).toMatchObject({ path: '/domain#configure-dns', metadata: { version: 'v3' } });
  });

  it('never mixes versions: a page edited in one version is found in that version only', async () => {
    const inV2 = await search({ query: 'behaviour of release', pageSize: 20, filter: { version: 'v2' } });
    expect(inV2.map((r) => r.path)).toContain('/v2/webhooks#changes-in-v2');
    const edited = inV2.filter((r) => r.content.includes('Changes in') || r.content.includes('release v'));
    expect(edited.map((r) => r.path.split('#')[0])).toEqual(edited.map(() => '/v2/webhooks'));
    const inV1 = await search({ query: 'behaviour of release', pageSize: 20, filter: { version: 'v1' } });
    expect(inV1.map((r) => r.path)).toContain('/v1/fonts#changes-in-v1');
    expect(inV1.map((r) => r.path)).not.toContain('/v2/webhooks#changes-in-v2');
    const inDefault = await search({ query: 'behaviour of release', pageSize: 20 });
    expect(inDefault.filter((r) => r.content.includes('release v'))).toEqual([]);
  });

  it('finds a page of no version from every version, at its one route, as of the version asked', async () => {
    for (const version of ['v3', 'v2', 'v1']) {
      const [first] = await search({ query: 'support ticket', filter: { version } });
      expect(first).toMatchObject({ path: '/support#open-a-ticket', metadata: { version, section: 'Help' } });
    }
    expect((await search({ query: 'support ticket' }))[0]!.metadata.version).toBe('v3');
  });

  it('finds nothing in a version it does not have', async () => {
    expect(await search({ query: 'CNAME record', filter: { version: 'v9' } })).toEqual([]);
  });

  it("searches each version's French pages in French, at their routes", async () => {
    const results = await search({ query: 'enregistrement CNAME', filter: { language: 'fr', version: 'v2' } });
    expect(results[0]).toMatchObject({ path: '/v2/fr/domain#configurer-le-dns', metadata: { version: 'v2', language: 'fr' } });
    const index = await liveIndex();
    expect(index.hasLanguage('fr', 'v1')).toBe(true);
    expect(index.hasLanguage('fr', 'v9')).toBe(false);
    expect(index.hasLanguage('de')).toBe(false);
  });

  it("learns French from the pages' twins in every version", async () => {
    const [artifact] = await t.db.searchArtifact.findMany({ where: { deployment: { projectId: project.projectId } } });
    expect(artifact!.parts).toHaveLength(3); // English, French, and French carried into English
    const translation = (await liveIndex()).parts.get(artifact!.parts[2]!);
    expect(translation).toBeInstanceOf(TranslatedQueries);
    const fr = await loadAnalyzer('fr');
    expect((translation as TranslatedQueries).translate(fr.queryTerms('visiteurs')).map((term) => term.word)).toContain('visitors');
  });
});

describe("a versioned site's pages, opened", () => {
  it('give their best sections in the version asked for, at its routes', async () => {
    const index = await liveIndex();
    const en = await loadAnalyzer('en');
    const terms = en.queryTerms('webhook signature').map((term) => term.term);
    expect(index.chunksOfPage('/v2/webhooks', terms, 3, { version: 'v2' }).map((c) => [c.path, c.version])).toEqual([['/v2/webhooks#verify-a-webhook', 'v2']]);
    expect(index.chunksOfPage('/webhooks', terms, 3).map((c) => [c.path, c.version])).toEqual([['/webhooks#verify-a-webhook', 'v3']]);
    expect(index.chunksOfPage('/v2/webhooks', terms, 3, { version: 'v1' })).toEqual([]);
  });

  it('read on past a cut section in the version asked for', async () => {
    const index = await liveIndex();
    const en = await loadAnalyzer('en');
    const chunks = index.chunksOfPage(
      '/v1/migrate',
      en.queryTerms('batch migration').map((term) => term.term),
      10,
      { version: 'v1' },
    );
    expect(chunks.length).toBeGreaterThan(1);
    const [first, second] = chunks;
    expect(first!.path).toBe('/v1/migrate#move-the-archive');
    expect(index.textAfter(first!.path, first!.content, { version: 'v1' })).toBe(second!.content);
    expect(index.textAfter(first!.path, first!.content, { version: 'v2' })).toBeUndefined();
    expect(index.textAfter('/migrate#move-the-archive', first!.content)).toBe(second!.content);
  });
});

describe("a versioned site's search artifact", () => {
  it('holds each stored page once, however many versions serve it: three versions take well under twice the bytes and memory of one', async () => {
    const sizeOf = async (versions: number) => {
      const created = await createProject(t.db, { name: 'Shared', subdomain: `shared-${versions}`, repo: makeRepo(sharedVersionsSite(versions)).dir });
      const deployment = await deployAndWait(t, created.projectId);
      expect(deployment.status).toBe('success');
      const artifact = await t.db.searchArtifact.findFirstOrThrow({ where: { deploymentId: deployment.id } });
      const parts = await t.db.searchPart.findMany({ where: { id: { in: artifact.parts } } });
      return { bytes: artifact.bytes.length + parts.reduce((sum, part) => sum + part.bytes.length, 0), memory: Number(artifact.memoryBytes) };
    };
    const [one, three] = [await sizeOf(1), await sizeOf(3)];
    expect(three.bytes).toBeLessThan(2 * one.bytes);
    expect(three.memory).toBeLessThan(2 * one.memory);
  });

  it('of a deployment that only moves pages between groups rebuilds no part', async () => {
    const { site, project: moved } = await deployedVersions(2, 'regrouped');
    const docs = JSON.parse(fs.readFileSync(`${site.dir}/docs.json`, 'utf8'));
    docs.navigation.languages[0].versions[0].groups[0].group = 'Basics';
    site.commitFile('docs.json', JSON.stringify(docs));
    const deployment = await deployAndWait(t, moved.projectId);
    expect(deployment.logs.join('\n')).toMatch(/built 0 of its 3 parts, the others unchanged/);
    expect((await search({ query: 'CNAME record' }, moved))[0]!.metadata.section).toBe('Basics');
  });
});

describe('a page stored once and served in several versions', () => {
  it("is found in each version at that version's route", async () => {
    const { project: once } = await deployedVersions(3, 'stored-once');
    const { liveDeploymentId } = await t.db.project.findUniqueOrThrow({ where: { id: once.projectId } });
    const deploymentId = liveDeploymentId!;
    // As a deployment that stores each content once would: the identical copies of the domain page in v2 and v1 are v3's page.
    const { pageId } = await t.db.deploymentPage.findFirstOrThrow({ where: { deploymentId, route: '/domain' } });
    await t.db.deploymentPage.updateMany({ where: { deploymentId, route: { in: ['/v2/domain', '/v1/domain'] } }, data: { pageId } });
    const { chunkCount } = await buildArtifact(t.runtime, t.runtime.embedder, deploymentId);
    const indexes = new SearchIndexes(t.runtime, t.runtime.embedder, t.runtime.events, t.runtime.log, { memoryBytes: 1024 ** 3, followsLiveSites: false });
    const index = (await indexes.forProject({ id: once.projectId, liveDeploymentId: deploymentId }))!;
    expect(index.chunkCount).toBe(chunkCount);
    for (const [version, path] of [
      ['v3', '/domain#configure-dns'],
      ['v2', '/v2/domain#configure-dns'],
      ['v1', '/v1/domain#configure-dns'],
    ]) {
      const [first] = index.search({ query: 'CNAME record', pageSize: 5, version }, undefined);
      expect([first!.chunk.path, first!.chunk.version, first!.chunk.pageId]).toEqual([path, version, pageId]);
    }
    expect(index.chunksOfPage('/v1/domain', ['cname'], 1, { version: 'v1' })[0]!.path).toBe('/v1/domain#configure-dns');
    indexes.close();
  });
});
