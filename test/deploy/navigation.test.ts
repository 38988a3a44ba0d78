import { describe, expect, it } from 'vitest';
import { readNavigation } from '../../api/deploy/navigation.ts';

const noRefs = () => {
  throw new Error('no $ref expected');
};

describe('readNavigation', () => {
  it('walks languages, tabs, nested groups and roots, and knows each page language and section', () => {
    const nav = readNavigation(
      {
        navigation: {
          languages: [
            {
              language: 'en',
              tabs: [
                {
                  tab: 'Guides',
                  groups: [
                    { group: 'Start', pages: ['index', '/quickstart.mdx', { group: 'CLI', root: 'cli/index', pages: ['cli/install'] }] },
                  ],
                },
                { tab: 'Internal', hidden: true, groups: [{ group: 'Ops', pages: ['ops/runbook'] }] },
              ],
            },
            { $ref: './fr.json' },
          ],
        },
      },
      (ref) => {
        expect(ref).toBe('./fr.json');
        return { language: 'fr', default: false, groups: [{ group: 'Démarrer', pages: ['fr/index'] }] };
      },
    );
    expect(nav.languages).toEqual(['en', 'fr']);
    expect(nav.defaultLanguage).toBe('en');
    expect(nav.defaultVersion).toBe('');
    expect(nav.pages).toEqual([
      { page: 'index', language: 'en', version: '', section: 'Start', isHidden: false },
      { page: 'quickstart', language: 'en', version: '', section: 'Start', isHidden: false },
      { page: 'cli/index', language: 'en', version: '', section: 'CLI', isHidden: false },
      { page: 'cli/install', language: 'en', version: '', section: 'CLI', isHidden: false },
      { page: 'ops/runbook', language: 'en', version: '', section: 'Ops', isHidden: true },
      { page: 'fr/index', language: 'fr', version: '', section: 'Démarrer', isHidden: false },
    ]);
  });

  it('gives each page its version, and takes the version marked default', () => {
    const nav = readNavigation(
      {
        navigation: {
          versions: [
            { version: 'v1', groups: [{ group: 'Old', pages: ['v1/intro'] }] },
            { version: 'v2', default: true, groups: [{ group: 'New', pages: ['v2/intro', 'shared'] }] },
          ],
        },
      },
      noRefs,
    );
    expect(nav.versions).toEqual(['v1', 'v2']);
    expect(nav.defaultVersion).toBe('v2');
    expect(nav.pages.map((p) => [p.page, p.version])).toEqual([['v1/intro', 'v1'], ['v2/intro', 'v2'], ['shared', 'v2']]);
  });

  it('reads legacy mint.json navigation with versioned groups', () => {
    const nav = readNavigation(
      { versions: ['2.0', '1.0'], navigation: [{ group: 'Intro', pages: ['intro'] }, { group: 'Old API', version: '1.0', pages: ['api/v1'] }] },
      noRefs,
      true,
    );
    expect(nav.defaultVersion).toBe('2.0');
    expect(nav.pages).toEqual([
      { page: 'intro', language: 'en', version: '2.0', section: 'Intro', isHidden: false },
      { page: 'api/v1', language: 'en', version: '1.0', section: 'Old API', isHidden: false },
    ]);
  });

  it('warns about a $ref it cannot read and about a config without navigation', () => {
    const broken = readNavigation({ navigation: { languages: [{ $ref: 'missing.json' }] } }, () => {
      throw new Error('missing.json does not exist');
    });
    expect(broken.warnings).toEqual(['navigation: cannot read missing.json: missing.json does not exist']);
    expect(readNavigation({ name: 'x' }, noRefs).warnings).toEqual(['docs.json has no "navigation": no page is searchable.']);
  });
});
