import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../api/mintlify/config-refs.ts';
import { upgradeLegacyConfig } from '../../api/mintlify/legacy-config.ts';
import { readNavigation } from '../../api/mintlify/navigation.ts';

const upgrade = (mint: JsonObject) => upgradeLegacyConfig(mint);
const LIVEPEER = JSON.parse(fs.readFileSync(new URL('../fixtures/real/livepeer-docs/mint.json', import.meta.url), 'utf8')) as JsonObject;

describe('a mint.json upgraded to docs.json', () => {
  it('puts a group without a version in every version, and a tagged one in its own', () => {
    const { config, warnings } = upgrade({
      versions: ['2.0', '1.0'],
      navigation: [
        { group: 'Intro', pages: ['intro'] },
        { group: 'Old API', version: '1.0', pages: ['api/v1'] },
      ],
    });
    expect(warnings).toEqual([]);
    expect(config.navigation).toEqual({
      versions: [
        { version: '2.0', groups: [{ group: 'Intro', pages: ['intro'] }] },
        {
          version: '1.0',
          groups: [
            { group: 'Intro', pages: ['intro'] },
            { group: 'Old API', pages: ['api/v1'] },
          ],
        },
      ],
    });
    const nav = readNavigation(config);
    expect(nav.defaultVersion).toBe('2.0');
    expect(nav.pages).toEqual([
      { page: 'intro', language: 'en', version: '2.0', section: 'Intro', isHidden: false, isSearchable: true },
      { page: 'intro', language: 'en', version: '1.0', section: 'Intro', isHidden: false, isSearchable: true },
      { page: 'api/v1', language: 'en', version: '1.0', section: 'Old API', isHidden: false, isSearchable: true },
    ]);
  });

  it('reads versions written as objects, with their default, a version that leaves the site, and one only a group names', () => {
    const { config, warnings } = upgrade({
      versions: [{ name: 'v1' }, { name: 'v2', default: true }, { name: 'v0', url: 'https://v0.acme.dev' }],
      navigation: [
        { group: 'Intro', pages: ['intro'] },
        { group: 'Beta', version: 'v3', pages: ['beta'] },
      ],
    });
    const nav = readNavigation(config);
    expect(nav.versions).toEqual(['v1', 'v2', 'v3']);
    expect(nav.defaultVersion).toBe('v2');
    expect((config.navigation as JsonObject).global).toEqual({ versions: [{ version: 'v0', href: 'https://v0.acme.dev' }] });
    expect(warnings).toEqual(['the group "Beta" names the version "v3", which "versions" does not list; it was added.']);
  });

  it("makes tabs of mint.json's tabs and anchors of its anchors, by the url their groups' pages start with", () => {
    const { config, warnings } = upgrade({
      primaryTab: { name: 'Guides' },
      tabs: [
        { name: 'API', url: 'api' },
        { name: 'API v2', url: '/api/v2/' },
        { name: 'Status', url: 'https://status.acme.dev' },
        { name: 'Changelog', url: 'changelog' },
      ],
      topAnchor: { name: 'Docs', icon: 'book' },
      anchors: [
        { name: 'SDKs', url: 'sdks', icon: 'code', color: '#ff0000' },
        { name: 'Blog', url: 'https://blog.acme.dev', icon: 'newspaper' },
        { name: 'Broken' },
      ],
      colors: { primary: '#112233', anchors: { from: '#00ff00', to: '#0000ff' } },
      navigation: [
        { group: 'Start', pages: ['quickstart'] },
        { group: 'SDKs', pages: ['sdks/node'] },
        { group: 'Endpoints', pages: [{ group: 'Users', pages: ['api/users'] }] },
        { group: 'Endpoints v2', pages: ['api/v2/users'] },
      ],
    });
    expect(config.navigation).toEqual({
      global: {
        tabs: [
          { tab: 'Status', href: 'https://status.acme.dev' },
          { tab: 'Changelog', href: '/changelog' },
        ],
        anchors: [{ anchor: 'Blog', icon: 'newspaper', color: { light: '#00ff00', dark: '#00ff00' }, href: 'https://blog.acme.dev' }],
      },
      tabs: [
        {
          tab: 'Guides',
          anchors: [
            { anchor: 'Docs', icon: 'book', groups: [{ group: 'Start', pages: ['quickstart'] }] },
            { anchor: 'SDKs', icon: 'code', color: { light: '#ff0000', dark: '#ff0000' }, groups: [{ group: 'SDKs', pages: ['sdks/node'] }] },
          ],
        },
        { tab: 'API', groups: [{ group: 'Endpoints', pages: [{ group: 'Users', pages: ['api/users'] }] }] },
        { tab: 'API v2', groups: [{ group: 'Endpoints v2', pages: ['api/v2/users'] }] },
      ],
    });
    expect(warnings).toEqual([
      "colors.anchors: docs.json has no gradients; its colour is #00ff00, the gradient's first.",
      'a anchor without a "name" and a "url" ({"name":"Broken"}); left out.',
    ]);
    expect(readNavigation(config).pages.map((page) => [page.page, page.section])).toEqual([
      ['quickstart', 'Start'],
      ['sdks/node', 'SDKs'],
      ['api/users', 'Users'],
      ['api/v2/users', 'Endpoints v2'],
    ]);
  });

  it('reads the navbar, colours, background, appearance, fonts, styling and footer as docs.json names them', () => {
    const { config, warnings } = upgrade({
      name: 'Acme',
      theme: 'venus',
      logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: 'https://acme.dev' },
      favicon: '/favicon.svg',
      colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373', ultraLight: '#eee', background: { light: '#ffffff', dark: '#0b0d0e' } },
      backgroundImage: '/background.png',
      background: { style: 'gradient' },
      modeToggle: { default: 'light', isHidden: true },
      font: { headings: { family: 'Inter', url: 'https://fonts.acme.dev/inter.woff2', format: 'woff2' }, body: { family: 'Roboto' } },
      codeBlock: { mode: 'dark' },
      eyebrow: { display: 'breadcrumbs' },
      topbarLinks: [{ name: 'Support', url: 'mailto:help@acme.dev' }, { type: 'github', url: 'https://github.com/acme/docs' }, { name: 'No url' }],
      topbarCtaButton: { name: 'Dashboard', url: 'https://app.acme.dev' },
      footerSocials: { x: 'https://x.com/acme', github: 'https://github.com/acme', myspace: 'https://myspace.com/acme' },
      feedback: { thumbsRating: true, suggestEdit: true },
      layout: 'topnav',
      somethingElse: true,
      navigation: [],
    });
    expect(config).toMatchObject({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: 'https://acme.dev' },
      favicon: '/favicon.svg',
      colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
      background: { decoration: 'gradient', color: { light: '#ffffff', dark: '#0b0d0e' }, image: '/background.png' },
      appearance: { default: 'light', strict: true },
      fonts: { heading: { family: 'Inter', source: 'https://fonts.acme.dev/inter.woff2', format: 'woff2' }, body: { family: 'Roboto' } },
      styling: { codeblocks: 'dark', eyebrows: 'breadcrumbs' },
      navbar: {
        links: [
          { label: 'Support', href: 'mailto:help@acme.dev' },
          { type: 'github', href: 'https://github.com/acme/docs' },
        ],
        primary: { type: 'button', label: 'Dashboard', href: 'https://app.acme.dev' },
      },
      footer: { socials: { x: 'https://x.com/acme', github: 'https://github.com/acme' } },
    });
    expect(Object.keys(config)).not.toContain('feedback');
    expect(warnings).toEqual([
      'the theme "venus" is not a docs.json theme; read as "mint".',
      'colors.ultraLight has no docs.json equivalent; left out.',
      'a topbar link without a "url" ({"name":"No url"}); left out.',
      'footerSocials: docs.json has no "myspace" social link; https://myspace.com/acme left out.',
      '"feedback" has no docs.json equivalent (Mintlify sets page feedback in its dashboard); left out.',
      '"layout" has no docs.json equivalent (docs.json themes set the layout); left out.',
      '"somethingElse" is not a mint.json setting Mintlify upgrades; left out.',
    ]);
  });

  it('reads api, openapi, redirects, metadata, seo, search and analytics as docs.json names them', () => {
    const { config, warnings } = upgrade({
      navigation: [{ group: 'API', pages: ['api/users'] }],
      openapi: ['openapi/v1.json', 'https://acme.dev/openapi.json'],
      api: {
        baseUrl: ['https://api.acme.dev', 'https://sandbox.acme.dev'],
        auth: { method: 'bearer', name: 'Authorization', inputPrefix: 'Bearer ' },
        playground: { mode: 'simple', disableProxy: true },
        request: { example: { languages: ['curl', 'python'], showOptionalParams: false } },
        paramFields: { expanded: 'topLevel' },
        maintainOrder: true,
      },
      redirects: [{ source: '/old', destination: '/new', permanent: false }],
      metadata: { 'og:image': 'https://acme.dev/og.png' },
      seo: { indexHiddenPages: true },
      search: { prompt: 'Search Acme' },
      analytics: { ga4: { measurementId: 'G-1' } },
      integrations: { intercom: 'abc' },
    });
    expect(config).toMatchObject({
      api: {
        openapi: ['openapi/v1.json', 'https://acme.dev/openapi.json'],
        mdx: { server: ['https://api.acme.dev', 'https://sandbox.acme.dev'], auth: { method: 'bearer', name: 'Authorization' } },
        playground: { display: 'simple', proxy: false },
        examples: { languages: ['curl', 'python'], defaults: 'required' },
        params: { expanded: 'closed' },
      },
      redirects: [{ source: '/old', destination: '/new', permanent: false }],
      seo: { indexing: 'all', metatags: { 'og:image': 'https://acme.dev/og.png' } },
      search: { prompt: 'Search Acme' },
      integrations: { ga4: { measurementId: 'G-1' }, intercom: 'abc' },
    });
    expect(readNavigation(config).indexesHiddenPages).toBe(true);
    expect(warnings).toEqual(['api.auth.inputPrefix has no docs.json equivalent; left out.', 'api.maintainOrder has no docs.json equivalent; left out.']);
    expect(upgrade({ openapi: './openapi.yaml', api: { playground: { mode: 'hide' } } }).config.api).toEqual({
      openapi: './openapi.yaml',
      playground: { display: 'none' },
    });
  });

  it("reads livepeer's real mint.json: its audiences as versions, its anchors, topbar, socials and API", () => {
    const { config, warnings } = upgrade(LIVEPEER);
    const navigation = config.navigation as { versions: { version: string; anchors: { anchor: string; groups: { group: string }[] }[] }[] } & JsonObject;
    expect(navigation.versions.map((version) => version.version)).toEqual(['Developers', 'Delegators', 'Orchestrators', 'Gateways']);
    const sections = (name: string) =>
      navigation.versions.find((version) => version.version === name)!.anchors.map((anchor) => [anchor.anchor, anchor.groups.map((group) => group.group)]);
    expect(sections('Developers')).toEqual([
      ['Documentation', ['Getting Started', 'Guides', 'References']],
      ['API Reference', ['Overview', 'APIs']],
      ['SDKs', ['Overview', 'Server-side SDKs', 'React Components']],
      ['AI Video (Beta)', ['AI Video']],
    ]);
    expect(navigation.global).toEqual({
      anchors: [
        { anchor: "What's New", icon: 'rocket', href: 'https://livepeer.canny.io/changelog' },
        { anchor: 'Community', icon: 'discord', iconType: 'brands', href: 'https://discord.gg/livepeer' },
      ],
    });
    expect(config).toMatchObject({
      name: 'Livepeer Docs',
      colors: { primary: '#18794E', light: '#2b9a66', dark: '#18794E' },
      logo: { dark: '/logo/dark.svg', light: '/logo/light.svg' },
      favicon: '/favicon.png',
      appearance: { default: 'dark' },
      navbar: {
        links: [{ label: 'Discord', href: 'https://discord.gg/livepeer' }],
        primary: { type: 'button', label: 'Dashboard', href: 'https://livepeer.studio' },
      },
      footer: {
        socials: {
          website: 'https://livepeer.org',
          github: 'https://github.com/livepeer',
          twitter: 'https://twitter.com/livepeer',
          discord: 'https://discord.gg/livepeer',
        },
      },
      api: { openapi: './openapi.yaml', mdx: { server: 'https://livepeer.studio/api' } },
      search: { prompt: 'Need help? Ask our AI' },
      integrations: { ga4: { measurementId: 'G-P1Z15F6NX4' } },
    });
    expect((config.redirects as unknown[]).length).toBe(76);
    expect(warnings).toEqual([
      'the theme "prism" is not a docs.json theme; read as "mint".',
      'footerSocials: docs.json has one "website" link; https://forum.livepeer.org left out, https://livepeer.org kept.',
      '"feedback" has no docs.json equivalent (Mintlify sets page feedback in its dashboard); left out.',
    ]);
    // Each audience reads the shared groups and its own guides.
    const nav = readNavigation(config);
    expect(nav.versions).toEqual(['Developers', 'Delegators', 'Orchestrators', 'Gateways']);
    expect(nav.defaultVersion).toBe('Developers');
    const pagesOf = (version: string) => new Set(nav.pages.filter((page) => page.version === version).map((page) => page.page));
    expect(pagesOf('Delegators').has('delegators/guides/yield-calculation')).toBe(true);
    expect(pagesOf('Delegators').has('orchestrators/guides/get-started')).toBe(false);
    expect(pagesOf('Gateways').has('developers/introduction')).toBe(true);
  });

  it('keeps a navigation already written as docs.json writes it', () => {
    const navigation = { groups: [{ group: 'Start', pages: ['index'] }] };
    expect(upgrade({ navigation }).config.navigation).toEqual(navigation);
  });
});
