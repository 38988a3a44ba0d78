import { describe, expect, it } from 'vitest';
import { upgradeLegacyConfig } from '../../api/mintlify/legacy-config.ts';
import { Redirects } from '../../api/sites/redirects.ts';
import { readSiteLayout } from '../../api/sites/site-layout.ts';
import { readableAccent } from '../../api/sites/theme-colors.ts';

const defaults = { language: 'en', versions: { en: 'v2' } };
const hasFile = (file: string) => ['logo/light.svg', 'logo/dark.svg', 'favicon.png'].includes(file);

describe('the layout a site is served with', () => {
  it('reads versions, tabs, groups and nested groups, leaving hidden ones out of the sidebar, and the header links that leave the site', () => {
    const layout = readSiteLayout(
      {
        name: 'Acme',
        logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: 'https://acme.example' },
        favicon: '/favicon.png',
        appearance: { default: 'dark', strict: true },
        navbar: {
          links: [
            { label: 'Blog', href: 'https://acme.example/blog' },
            { label: 'Bad', href: 'javascript:alert(1)' },
          ],
          primary: { type: 'github', href: 'https://github.com/acme/docs' },
        },
        navigation: {
          global: {
            anchors: [
              { anchor: 'Community', href: 'https://acme.example/community' },
              { anchor: 'Changelog', href: '/changelog' },
            ],
          },
          versions: [
            {
              version: 'v2',
              tabs: [
                {
                  tab: 'Guides',
                  groups: [
                    { group: 'Start', pages: ['index', { group: 'CLI', root: 'cli/index', pages: ['cli/install'] }] },
                    { group: 'Secret', hidden: true, pages: ['secret'] },
                  ],
                },
                { tab: 'Blog', href: 'https://acme.example/blog' },
              ],
            },
            { version: 'v1', groups: [{ group: 'Old', pages: ['v1/start.mdx'] }] },
          ],
        },
      },
      defaults,
      hasFile,
    );
    expect(layout.languages).toEqual([
      {
        code: 'en',
        defaultVersion: 'v2',
        versions: [
          {
            name: 'v2',
            tabs: [
              { name: 'Guides', items: [{ group: 'Start', items: [{ route: '/' }, { group: 'CLI', items: [{ route: '/cli' }, { route: '/cli/install' }] }] }] },
              { name: 'Blog', href: 'https://acme.example/blog', items: [] },
            ],
          },
          { name: 'v1', tabs: [{ name: '', items: [{ group: 'Old', items: [{ route: '/v1/start' }] }] }] },
        ],
      },
    ]);
    expect(layout).toMatchObject({
      name: 'Acme',
      logo: { light: 'logo/light.svg', dark: 'logo/dark.svg', href: 'https://acme.example' },
      favicon: 'favicon.png',
      appearance: 'dark',
      isAppearanceStrict: true,
      links: [
        { label: 'Blog', href: 'https://acme.example/blog' },
        { label: 'GitHub', href: 'https://github.com/acme/docs' },
        { label: 'Community', href: 'https://acme.example/community' },
      ],
    });
  });

  it("reads languages, and an upgraded mint.json's groups by version", () => {
    const languages = readSiteLayout(
      {
        navigation: {
          languages: [
            { language: 'en', pages: ['a'] },
            { language: 'fr', pages: ['fr/a'] },
          ],
        },
      },
      { language: 'en', versions: {} },
      hasFile,
    );
    expect(languages.languages.map((language) => [language.code, language.versions[0]!.tabs[0]!.items])).toEqual([
      ['en', [{ route: '/a' }]],
      ['fr', [{ route: '/fr/a' }]],
    ]);
    const { config } = upgradeLegacyConfig({
      versions: ['v2', 'v1'],
      navigation: [
        { group: 'A', pages: ['a'] },
        { group: 'B', version: 'v1', pages: ['b'] },
      ],
    });
    const legacy = readSiteLayout(config, defaults, hasFile);
    expect(legacy.languages[0]!.versions.map((version) => [version.name, version.tabs[0]!.items.map((item) => 'group' in item && item.group)])).toEqual([
      ['v2', ['A']],
      ['v1', ['A', 'B']],
    ]);
  });

  it('leaves out a logo or favicon the repository does not have, and a tab link that is not http(s), and makes pale colours readable', () => {
    const layout = readSiteLayout(
      { logo: '/missing.svg', favicon: '../../etc/passwd', colors: { primary: '#ffff00', light: '#000080' }, navigation: {} },
      defaults,
      hasFile,
    );
    expect(layout.logo).toEqual({});
    expect(layout.favicon).toBeUndefined();
    expect(layout.accent.light).not.toBe('#ffff00');
    expect(layout.accent.dark).not.toBe('#000080');
    expect(readableAccent('#166e3f', 'light')).toBe('#166e3f'); // already readable: unchanged
    const tabs = readSiteLayout({ navigation: { tabs: [{ tab: 'Out', href: 'javascript:alert(1)' }] } }, defaults, hasFile);
    expect(tabs.languages[0]!.versions[0]!.tabs[0]).toEqual({ name: 'Out', items: [] });
  });

  it('matches redirects exactly, by parameter and by wildcard, and refuses targets that are not paths or http(s)', () => {
    const redirects = new Redirects([
      { source: '/old', destination: '/new', isPermanent: true },
      { source: '/blog/:slug', destination: '/posts/:slug', isPermanent: false },
      { source: '/api-reference/*', destination: '/api/*', isPermanent: true },
    ]);
    expect(redirects.match('/old')).toEqual({ location: '/new', isPermanent: true });
    expect(redirects.match('/blog/hello')).toEqual({ location: '/posts/hello', isPermanent: false });
    expect(redirects.match('/api-reference/a/b')).toEqual({ location: '/api/a/b', isPermanent: true });
    expect(redirects.match('/blog/a/b')).toBeUndefined();
    const read = readSiteLayout(
      {
        navigation: {},
        redirects: [
          { source: '/x', destination: 'javascript:alert(1)' },
          { source: '/y', destination: '//evil.example' },
          { source: '/z/', destination: '/a' },
        ],
      },
      defaults,
      hasFile,
    );
    expect(read.redirects).toEqual([{ source: '/z', destination: '/a', isPermanent: true }]);
  });
});
