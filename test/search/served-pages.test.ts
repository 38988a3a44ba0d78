import { describe, expect, it } from 'vitest';
import { ServedPages, servedState, twinsOf } from '../../api/search/served-pages.ts';

/**
 * Where a language's distinct pages are served, as a deployment lists them in route order: page 0 in
 * v2 and v1, page 1 twice in v2 (two identical files), page 2 in v1 only, page 3 in no version.
 */
const state = servedState([
  { page: 3, route: '/changelog', version: '', section: 'Help' },
  { page: 0, route: '/v1/intro', version: 'v1', section: 'Guide' },
  { page: 2, route: '/v1/legacy', version: 'v1', section: 'Guide' },
  { page: 0, route: '/v2/intro', version: 'v2', section: 'Start' },
  { page: 1, route: '/v2/setup', version: 'v2', section: 'Guide' },
  { page: 1, route: '/v2/setup-copy', version: 'v2', section: 'Other' },
]);

describe("a language's pages as a version serves them", () => {
  const served = new ServedPages(state, 4);

  it("are its own and those of no version, each at its first route in route order, with that route's section", () => {
    const v2 = served.inVersion('v2')!;
    expect(Array.from(v2.served!)).toEqual([1, 1, 0, 1]);
    expect([0, 1, 3].map((page) => [v2.routeOf(page), v2.sectionOf(page)])).toEqual([
      ['/v2/intro', 'Start'],
      ['/v2/setup', 'Guide'],
      ['/changelog', 'Help'],
    ]);
    expect(Array.from(served.inVersion('v1')!.served!)).toEqual([1, 0, 1, 1]);
  });

  it('are found by any of their routes in the version, and by none of another', () => {
    const v2 = served.inVersion('v2')!;
    expect(['/v2/setup', '/v2/setup-copy', '/changelog', '/v1/legacy'].map((route) => v2.pageAt(route))).toEqual([1, 1, 3, undefined]);
  });

  it('are those of no version alone in a version of the site this language has no route in, and in version ""', () => {
    expect(Array.from(served.inVersion('v3')!.served!)).toEqual([0, 0, 0, 1]);
    expect(Array.from(served.inVersion('')!.served!)).toEqual([0, 0, 0, 1]);
    expect(new ServedPages(servedState([{ page: 0, route: '/v1/intro', version: 'v1', section: '' }]), 1).inVersion('v2')).toBeUndefined();
  });
});

describe('twins', () => {
  it("pair each page with the English page at the same route of the same version, the language's folder left out", () => {
    const english = servedState([
      { page: 0, route: '/intro', version: 'v2', section: '' },
      { page: 1, route: '/v1/intro', version: 'v1', section: '' },
    ]);
    const french = servedState([
      { page: 0, route: '/fr/intro', version: 'v2', section: '' },
      { page: 0, route: '/v1/fr/intro', version: 'v1', section: '' },
      { page: 1, route: '/v1/fr/other', version: 'v1', section: '' },
    ]);
    expect(Array.from(twinsOf(french, 2, 'fr', english, 'en'))).toEqual([0, -1]);
  });
});
