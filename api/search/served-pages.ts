import { stringAt, stringColumn, type StringColumn } from './string-column.ts';

/**
 * Where a language's pages are served: every searchable route of a deployment in that language, with
 * the number of its page in the language's partition. A partition holds each distinct page once, so
 * this is what gives a page its route (`/v3/quickstart`), version and section; it is light, kept in a
 * deployment's manifest, and a change of routes alone changes it and nothing else.
 */
export interface ServedState {
  versions: string[];
  sectionNames: string[];
  /** Per route, in route order. */
  routes: StringColumn;
  pages: Int32Array;
  /** Index into `versions`. */
  versionOf: Int32Array;
  /** Index into `sectionNames`. */
  sectionOf: Int32Array;
}

export interface ServedRoute {
  page: number;
  route: string;
  version: string;
  section: string;
}

/** The state of these routes, given in route order. */
export function servedState(routes: readonly ServedRoute[]): ServedState {
  const versions = new Map<string, number>();
  const sections = new Map<string, number>();
  const numberOf = (names: Map<string, number>, name: string) => names.get(name) ?? names.set(name, names.size).get(name)!;
  const versionOf = Int32Array.from(routes, (served) => numberOf(versions, served.version));
  const sectionOf = Int32Array.from(routes, (served) => numberOf(sections, served.section));
  return {
    versions: [...versions.keys()],
    sectionNames: [...sections.keys()],
    routes: stringColumn(routes.map((served) => served.route)),
    pages: Int32Array.from(routes, (served) => served.page),
    versionOf,
    sectionOf,
  };
}

/** Every version some route of these states is served in. */
export function versionsOf(states: readonly ServedState[]): Set<string> {
  return new Set(states.flatMap((state) => state.versions));
}

/**
 * Each page's twin in another language's partition: the page served at the same route of the same
 * version, once each route's language folder is left out (`/v3/fr/quickstart` and `/v3/quickstart`);
 * a page served at several routes takes the twin of its first route that has one. -1 for none.
 */
export function twinsOf(pages: ServedState, pageCount: number, language: string, english: ServedState, englishLanguage: string): Int32Array {
  const keyOf = (state: ServedState, at: number, of: string) =>
    `${state.versions[state.versionOf[at]!]}\u0000${withoutLanguageFolder(stringAt(state.routes, at)!, of)}`;
  const englishByKey = new Map<string, number>();
  for (let at = 0; at < english.pages.length; at++) {
    const key = keyOf(english, at, englishLanguage);
    if (!englishByKey.has(key)) englishByKey.set(key, english.pages[at]!);
  }
  const twins = new Int32Array(pageCount).fill(-1);
  for (let at = 0; at < pages.pages.length; at++) {
    const page = pages.pages[at]!;
    if (twins[page] === -1) twins[page] = englishByKey.get(keyOf(pages, at, language)) ?? -1;
  }
  return twins;
}

/** A route without its language folder, the first path segment that names the language: `/v3/fr/x` -> `/v3/x`. */
export function withoutLanguageFolder(route: string, language: string): string {
  return route.replace(new RegExp(`(^|/)${escapeRegExp(language)}(?=/|$)`), '') || '/';
}

/** A language's pages as one version serves them, made from its ServedState when a search first asks for the version. */
export class ServedPages {
  readonly #views = new Map<string, VersionPages | undefined>();

  constructor(
    readonly state: ServedState,
    readonly pageCount: number,
  ) {}

  /** The pages served in `version`: its own and the unversioned ones (version ''); undefined when it has none. */
  inVersion(version: string): VersionPages | undefined {
    if (!this.#views.has(version)) this.#views.set(version, this.#view(version));
    return this.#views.get(version);
  }

  #view(version: string): VersionPages | undefined {
    const { versions, versionOf, pages } = this.state;
    // Its own routes first, then the unversioned ones; within each, the first route in route order.
    const wanted = [versions.indexOf(version), version === '' ? -1 : versions.indexOf('')].filter((number) => number >= 0);
    if (wanted.length === 0) return undefined;
    const entryOf = new Int32Array(this.pageCount).fill(-1);
    let servedCount = 0;
    for (const number of wanted) {
      for (let at = 0; at < pages.length; at++) {
        if (versionOf[at] !== number || entryOf[pages[at]!] !== -1) continue;
        entryOf[pages[at]!] = at;
        servedCount++;
      }
    }
    return new VersionPages(this.state, version, entryOf, wanted, servedCount === this.pageCount);
  }
}

export class VersionPages {
  /** Page -> 1 when served in this version; undefined when every page of the partition is. */
  readonly served: Uint8Array | undefined;
  #pageByRoute: Map<string, number> | undefined;

  constructor(
    private readonly state: ServedState,
    readonly version: string,
    /** Page -> the route it is served at in this version, -1 for a page not served in it. */
    private readonly entryOf: Int32Array,
    /** The versions (by number) whose routes are this version's. */
    private readonly versionNumbers: number[],
    isEveryPage: boolean,
  ) {
    this.served = isEveryPage ? undefined : Uint8Array.from(entryOf, (entry) => (entry === -1 ? 0 : 1));
  }

  routeOf(page: number): string {
    return stringAt(this.state.routes, this.entryOf[page]!)!;
  }

  sectionOf(page: number): string {
    return this.state.sectionNames[this.state.sectionOf[this.entryOf[page]!]!]!;
  }

  /** The page at any of this version's routes (a page served twice in it has two). */
  pageAt(route: string): number | undefined {
    if (!this.#pageByRoute) {
      const { routes, pages, versionOf } = this.state;
      this.#pageByRoute = new Map();
      for (let at = 0; at < pages.length; at++) {
        if (!this.versionNumbers.includes(versionOf[at]!)) continue;
        const served = stringAt(routes, at)!;
        if (!this.#pageByRoute.has(served)) this.#pageByRoute.set(served, pages[at]!);
      }
    }
    return this.#pageByRoute.get(route);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
