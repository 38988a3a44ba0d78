import { beforeAll, describe, expect, it } from 'vitest';
import type { Deployment } from '../../api/db/generated/prisma/client.ts';
import { createProject } from '../../api/projects/create-project.ts';
import { readableAccent } from '../../api/sites/theme-colors.ts';
import { deployAndWait } from '../support/deployments.ts';
import { makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** livepeer-docs, a real project that still has a legacy mint.json, deployed and served as a site. */
const LIVEPEER = new URL('../fixtures/real/livepeer-docs', import.meta.url).pathname;
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let deployment: Deployment;

beforeAll(async () => {
  t = isolated.app;
  const project = await createProject(t.db, { name: 'Livepeer', subdomain: 'livepeer', repo: makeRepo({ copyFrom: LIVEPEER }).dir });
  deployment = await deployAndWait(t, project.projectId);
  expect(deployment.status, deployment.summary ?? '').toBe('success');
});

const page = async (path: string) => (await t.call('GET', `/sites/livepeer${path}`)).body as string;

describe("a project with a legacy mint.json (livepeer's)", () => {
  it('deploys, saying in its log that mint.json was read as Mintlify upgrades it and what the upgrade left out', () => {
    expect(deployment.logs).toContain('Read the legacy mint.json as Mintlify upgrades it to docs.json (see mint upgrade).');
    expect(deployment.logs).toContain('Warning: mint.json: "feedback" has no docs.json equivalent (Mintlify sets page feedback in its dashboard); left out.');
    expect(deployment.defaultVersion).toBe('Developers');
  });

  it("lists the site's broken links in its log, as folio check does", () => {
    expect(deployment.logs).toContain(
      'Warning: ai/introduction.mdx:189: broken link "ai/pipelines/overview#warm-models": no page, redirect or file answers /ai/ai/pipelines/overview',
    );
    expect(deployment.logs).toContain(
      'Warning: developers/guides/access-control-jwt.mdx:168: broken link "/sdks/react/player/Root#jwt": /sdks/react/player/Root has no heading or anchor "#jwt"',
    );
  });

  it("serves each audience (mint.json's versions) its shared groups and its own guides", async () => {
    const versions = await t.db.deploymentPage.groupBy({ by: ['version'], where: { deploymentId: deployment.id }, _count: true });
    expect(versions.map((row) => row.version).sort()).toEqual(['Delegators', 'Developers', 'Gateways', 'Orchestrators']);
    const delegators = await page('/delegators/guides/yield-calculation');
    expect(delegators).toContain('<summary>Version: Delegators</summary>');
    expect(delegators).toMatch(
      /<nav class="sidebar" aria-label="Sidebar">[\s\S]*<p class="nav-group-title">Getting Started<\/p>[\s\S]*<p class="nav-group-title">Guides<\/p>/,
    );
    expect(delegators).not.toContain('/sites/livepeer/orchestrators/guides/get-started"');
  });

  it('shows the anchors as sections, the topbar links, the anchors that leave the site, the dark theme and the colours', async () => {
    const html = await page('/developers/introduction');
    expect(html).toContain('<summary>Version: Developers</summary>');
    const sections = /<nav class="site-tabs" aria-label="Sections">(.*?)<\/nav>/.exec(html)?.[1] ?? '';
    expect([...sections.matchAll(/>([^<]+)<\/a>/g)].map((match) => match[1])).toEqual(['Documentation', 'API Reference', 'SDKs', 'AI Video (Beta)']);
    expect(sections).toMatch(/<a href="\/sites\/livepeer\/developers\/introduction" aria-current="page">Documentation<\/a>/);
    for (const [label, href] of [
      ['Discord', 'https://discord.gg/livepeer'],
      ['Dashboard', 'https://livepeer.studio'],
      ['What&#39;s New', 'https://livepeer.canny.io/changelog'],
      ['Community', 'https://discord.gg/livepeer'],
    ]) {
      expect(html).toContain(`<a href="${href}" rel="noopener noreferrer">${label}</a>`);
    }
    expect(html).toContain(':root{color-scheme:dark;');
    expect(html).toContain(`--accent:${readableAccent('#2b9a66', 'dark')};`);
    expect(html).toContain('<img class="logo logo-light" src="/sites/livepeer/logo/light.svg" alt="Livepeer Docs">');
    const sdks = await page('/sdks/javascript');
    expect(sdks).toMatch(/<a href="[^"]*" aria-current="page">SDKs<\/a>/);
    expect(sdks).toMatch(/<p class="nav-group-title">Server-side SDKs<\/p>/);
  });

  it("follows mint.json's redirects", async () => {
    const moved = await t.call('GET', '/sites/livepeer/guides/overview');
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe('/sites/livepeer/developers/guides/overview');
  });
});
