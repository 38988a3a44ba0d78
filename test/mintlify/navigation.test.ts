import { describe, expect, it } from 'vitest';
import { ConfigError, resolveRefs, type Json } from '../../api/mintlify/config-refs.ts';
import { readNavigation, withUnlistedPages } from '../../api/mintlify/navigation.ts';

describe('readNavigation', () => {
  it('walks languages, tabs, nested groups and roots, and knows each page language and section', () => {
    const nav = readNavigation({
      navigation: {
        languages: [
          {
            language: 'en',
            tabs: [
              {
                tab: 'Guides',
                groups: [{ group: 'Start', pages: ['index', '/quickstart.mdx', { group: 'CLI', root: 'cli/index', pages: ['cli/install'] }] }],
              },
              { tab: 'Internal', hidden: true, groups: [{ group: 'Ops', pages: ['ops/runbook'] }] },
            ],
          },
          { language: 'fr', default: false, groups: [{ group: 'Démarrer', pages: ['fr/index'] }] },
        ],
      },
    });
    expect(nav.languages).toEqual(['en', 'fr']);
    expect(nav.defaultLanguage).toBe('en');
    expect(nav.defaultVersion).toBe('');
    expect(nav.pages).toEqual([
      { page: 'index', language: 'en', version: '', section: 'Start', isHidden: false, isSearchable: true },
      { page: 'quickstart', language: 'en', version: '', section: 'Start', isHidden: false, isSearchable: true },
      { page: 'cli/index', language: 'en', version: '', section: 'CLI', isHidden: false, isSearchable: true },
      { page: 'cli/install', language: 'en', version: '', section: 'CLI', isHidden: false, isSearchable: true },
      { page: 'ops/runbook', language: 'en', version: '', section: 'Ops', isHidden: true, isSearchable: false },
      { page: 'fr/index', language: 'fr', version: '', section: 'Démarrer', isHidden: false, isSearchable: true },
    ]);
  });

  it('puts the hidden pages of a `searchable: true` group or tab into search, and a hidden group inside takes its own out', () => {
    const nav = readNavigation({
      navigation: {
        tabs: [
          { tab: 'Docs', groups: [{ group: 'Start', pages: ['index'] }] },
          {
            tab: 'Help center',
            hidden: true,
            searchable: true,
            groups: [
              { group: 'Errors', pages: ['help/dns-error'] },
              { group: 'Internal', hidden: true, pages: ['help/runbook'] },
            ],
          },
          { tab: 'Drafts', hidden: true, groups: [{ group: 'Drafts', pages: ['drafts/idea'] }] },
        ],
      },
    });
    expect(nav.pages.map((p) => [p.page, p.isHidden, p.isSearchable])).toEqual([
      ['index', false, true],
      ['help/dns-error', true, true],
      ['help/runbook', true, false],
      ['drafts/idea', true, false],
    ]);
    expect(nav.indexesHiddenPages).toBe(false);
  });

  it('with seo.indexing "all", adds the pages the navigation does not list, in the language their folder names', () => {
    const nav = withUnlistedPages(
      readNavigation({
        seo: { indexing: 'all' },
        navigation: {
          languages: [
            { language: 'en', pages: ['index'] },
            { language: 'fr', pages: ['fr/index'] },
          ],
        },
      }),
      ['index.mdx', 'fr/index.mdx', 'guides/unlisted.mdx', 'fr/guides/unlisted.mdx', 'snippets/note.mdx', 'README.md', 'docs.json', 'node_modules/x/a.md'],
    );
    expect(nav.indexesHiddenPages).toBe(true);
    expect(nav.pages.filter((p) => p.isHidden).map((p) => [p.page, p.language])).toEqual([
      ['guides/unlisted', 'en'],
      ['fr/guides/unlisted', 'fr'],
    ]);
    const plain = readNavigation({ navigation: { pages: ['index'] } });
    expect(withUnlistedPages(plain, ['index.mdx', 'guides/unlisted.mdx']).pages.map((p) => p.page)).toEqual(['index']);
  });

  it("takes each language's own default version, whether versions hold languages or languages hold versions", () => {
    const perLanguage = readNavigation({
      navigation: {
        languages: [
          {
            language: 'en',
            versions: [
              { version: 'v1', pages: ['v1/a'] },
              { version: 'v2', default: true, pages: ['v2/a'] },
            ],
          },
          {
            language: 'fr',
            versions: [
              { version: 'v3', pages: ['fr/v3/a'] },
              { version: 'v1', default: true, pages: ['fr/v1/a'] },
            ],
          },
          { language: 'de', pages: ['de/a'] },
        ],
      },
    });
    expect(perLanguage.defaultVersion).toBe('v2');
    expect(perLanguage.defaultVersions).toEqual({ en: 'v2', fr: 'v1' });
    const perVersion = readNavigation({
      navigation: {
        versions: [
          {
            version: 'v1',
            languages: [
              { language: 'en', pages: ['v1/a'] },
              { language: 'fr', pages: ['fr/v1/a'] },
            ],
          },
          { version: 'v2', default: true, languages: [{ language: 'en', pages: ['v2/a'] }] },
        ],
      },
    });
    expect(perVersion.defaultVersions).toEqual({ en: 'v2', fr: 'v1' });
  });

  it('gives each page its version, and takes the version marked default', () => {
    const nav = readNavigation({
      navigation: {
        versions: [
          { version: 'v1', groups: [{ group: 'Old', pages: ['v1/intro'] }] },
          { version: 'v2', default: true, groups: [{ group: 'New', pages: ['v2/intro', 'shared'] }] },
        ],
      },
    });
    expect(nav.versions).toEqual(['v1', 'v2']);
    expect(nav.defaultVersion).toBe('v2');
    expect(nav.pages.map((p) => [p.page, p.version])).toEqual([
      ['v1/intro', 'v1'],
      ['v2/intro', 'v2'],
      ['shared', 'v2'],
    ]);
  });

  it('warns about a config without navigation, and cuts off navigation nested absurdly deep', () => {
    expect(readNavigation({ name: 'x' }).warnings).toEqual(['docs.json has no "navigation": no page is searchable.']);
    let deep: Json = { group: 'Bottom', pages: ['deep'] };
    for (let i = 0; i < 20_000; i++) deep = { group: `G${i}`, pages: [deep] };
    const nav = readNavigation({ navigation: { groups: [deep, { group: 'Top', pages: ['top'] }] } });
    expect(nav.pages.map((p) => p.page)).toEqual(['top']);
    expect(nav.warnings).toEqual(['navigation: nested more than 100 levels deep; the deeper entries were left out.']);
  });
});

describe('resolveRefs', () => {
  const reader = (files: Record<string, Json>) => async (file: string) => {
    if (!(file in files)) throw new ConfigError(`${file} does not exist`);
    return files[file]!;
  };

  it('resolves nested references relative to the file that holds them, in objects and arrays, siblings winning', async () => {
    const config = await resolveRefs(
      'docs.json',
      reader({
        'docs.json': { name: 'Acme', navigation: { $ref: './config/navigation.json', global: { anchors: [] } } },
        'config/navigation.json': { groups: { $ref: './groups.json' }, global: { anchors: ['x'] } },
        'config/groups.json': [{ group: 'Start', pages: ['index', { $ref: '../more/page-list.json' }] }],
        'more/page-list.json': { group: 'More', pages: ['more'] },
      }),
    );
    expect(config).toEqual({
      name: 'Acme',
      navigation: { groups: [{ group: 'Start', pages: ['index', { group: 'More', pages: ['more'] }] }], global: { anchors: [] } },
    });
  });

  it.each([
    [
      'a circular reference',
      { 'docs.json': { navigation: { $ref: 'nav.json' } }, 'nav.json': { groups: [{ group: 'G', pages: ['a', { $ref: 'nav.json' }] }] } },
      'circular $ref: docs.json -> nav.json -> nav.json',
    ],
    [
      'a path outside the repository',
      { 'docs.json': { navigation: { $ref: '../../etc/passwd' } } },
      '$ref "../../etc/passwd" in docs.json points outside the repository',
    ],
    ['an absolute path', { 'docs.json': { navigation: { $ref: '/etc/passwd' } } }, '$ref "/etc/passwd" in docs.json must be a relative path'],
    ['a missing file', { 'docs.json': { navigation: { $ref: 'gone.json' } } }, 'gone.json does not exist'],
  ] as [string, Record<string, Json>, string][])('refuses %s', async (_name, files, message) => {
    await expect(resolveRefs('docs.json', reader(files))).rejects.toThrow(new ConfigError(message));
  });

  it('refuses a fan-out of references before it exhausts memory', async () => {
    const files: Record<string, Json> = { 'f5.json': ['leaf'] };
    for (let n = 4; n >= 0; n--) files[`f${n}.json`] = Array.from({ length: 25 }, () => ({ $ref: `f${n + 1}.json` }));
    files['docs.json'] = { navigation: { pages: { $ref: 'f0.json' } } };
    await expect(resolveRefs('docs.json', reader(files))).rejects.toThrow('docs.json resolves more than 1,000 $ref references');
  });
});
