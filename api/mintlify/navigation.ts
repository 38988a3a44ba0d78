import { isObject, type Json, type JsonObject } from './config-refs.ts';

/**
 * Reads a Mintlify docs project's navigation (docs.json; a legacy mint.json is upgraded to one first,
 * legacy-config.ts) into the list of pages it serves, each with its language, version and section.
 * Pages that are not in the navigation, or under a hidden group or tab, are "hidden pages" in Mintlify's
 * terms (organize/hidden-pages): out of search unless `seo.indexing` is "all" or the hidden group or
 * tab says `searchable: true`.
 */
export interface NavigationPage {
  /** Page path as written in the navigation, without extension: `fr/cli/install`. */
  page: string;
  language: string;
  version: string;
  /** The innermost navigation group (or tab) the page sits in. */
  section: string;
  /** Under a group or tab marked hidden, or not in the navigation at all (see withUnlistedPages). */
  isHidden: boolean;
  /** What the navigation says of search: visible, or hidden under a `searchable: true` group or tab. */
  isSearchable: boolean;
}

export interface Navigation {
  pages: NavigationPage[];
  languages: string[];
  defaultLanguage: string;
  versions: string[];
  /** The default language's default version; '' when it has no versions. */
  defaultVersion: string;
  /**
   * Each language's default version (organize/navigation, Default version): the one marked
   * `default: true`, else its first; languages without versions are not in it.
   */
  defaultVersions: Record<string, string>;
  /** docs.json `seo.indexing: "all"`: hidden pages are searchable too. */
  indexesHiddenPages: boolean;
  warnings: string[];
}

const FALLBACK_LANGUAGE = 'en';
/** Navigation nested deeper than this is not a real site; it is cut off with a warning. */
const MAX_NAVIGATION_DEPTH = 100;

interface Context {
  language: string;
  version: string;
  section: string;
  isHidden: boolean;
  isSearchable: boolean;
}

/** Where a page sits: its context, and whether its version says `default: true`. */
interface Walked extends Context {
  isDefaultVersion: boolean;
}

/** Containers whose children inherit the context; the key of each child that names it. */
const CONTAINERS = ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'products', 'menu', 'groups', 'pages'] as const;

/**
 * @param config the parsed docs.json, its `$ref`s already resolved (see config-refs.ts)
 */
export function readNavigation(config: JsonObject): Navigation {
  const warnings: string[] = [];
  const pages: NavigationPage[] = [];
  const languages = new Set<string>();
  const versions = new Set<string>();
  let defaultLanguage: string | undefined;
  const defaultVersions = new Map<string, { version: string; isMarked: boolean }>();
  let isCutOff = false;

  const add = (page: string, { isDefaultVersion, ...context }: Walked) => {
    pages.push({ page: normalisePage(page), ...context });
    if (context.version === '') return;
    const known = defaultVersions.get(context.language);
    if (!known || (!known.isMarked && isDefaultVersion)) defaultVersions.set(context.language, { version: context.version, isMarked: isDefaultVersion });
  };

  const walk = (node: Json, context: Walked, depth = 0) => {
    if (depth > MAX_NAVIGATION_DEPTH) {
      if (!isCutOff) warnings.push(`navigation: nested more than ${MAX_NAVIGATION_DEPTH} levels deep; the deeper entries were left out.`);
      isCutOff = true;
      return;
    }
    if (typeof node === 'string') {
      add(node, context);
      return;
    }
    if (!isObject(node)) return;
    const next: Walked = { ...context };
    if (typeof node.language === 'string') {
      next.language = node.language;
      languages.add(node.language);
      if (defaultLanguage === undefined || node.default === true) defaultLanguage = node.language;
    }
    if (typeof node.version === 'string') {
      next.version = node.version;
      next.isDefaultVersion = node.default === true;
      versions.add(node.version);
    }
    for (const key of ['tab', 'anchor', 'dropdown', 'product', 'group'] as const) {
      if (typeof node[key] === 'string') next.section = node[key] as string;
    }
    // A hidden group or tab keeps its pages out of search unless it says `searchable: true`; a hidden
    // group inside a searchable one (without `searchable: true` of its own) takes its pages out again.
    if (node.hidden === true) {
      next.isHidden = true;
      next.isSearchable = node.searchable === true;
    } else if (node.searchable === true) {
      next.isSearchable = true;
    }
    if (typeof node.root === 'string') add(node.root, next);
    for (const key of CONTAINERS) {
      const children = node[key];
      if (Array.isArray(children)) for (const child of children) walk(child, next, depth + 1);
    }
  };

  const base: Walked = { language: FALLBACK_LANGUAGE, version: '', section: '', isHidden: false, isSearchable: true, isDefaultVersion: false };
  if (isObject(config.navigation) || Array.isArray(config.navigation)) {
    walk(config.navigation as Json, base);
  } else {
    warnings.push('docs.json has no "navigation": no page is searchable.');
  }

  const language = defaultLanguage ?? FALLBACK_LANGUAGE;
  return {
    pages: dedupe(pages),
    languages: languages.size > 0 ? [...languages] : [FALLBACK_LANGUAGE],
    defaultLanguage: language,
    versions: [...versions],
    defaultVersion: defaultVersions.get(language)?.version ?? '',
    defaultVersions: Object.fromEntries([...defaultVersions].map(([code, { version }]) => [code, version])),
    indexesHiddenPages: isObject(config.seo) && config.seo.indexing === 'all',
    warnings,
  };
}

/** `/quickstart`, `./quickstart`, `quickstart.mdx` and `quickstart` name the same page. */
export function normalisePage(page: string): string {
  return page
    .trim()
    .replace(/^(\.?\/)+/, '')
    .replace(/\.(mdx|md)$/, '');
}

/** The same page listed twice (e.g. as a group root and a page) is served once, where it first appears. */
function dedupe(pages: NavigationPage[]): NavigationPage[] {
  const seen = new Set<string>();
  return pages.filter((page) => {
    const key = `${page.language}\u0000${page.version}\u0000${page.page}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * With `seo.indexing: "all"`, the repository's pages that the navigation does not list are hidden pages
 * that search still finds: each is served in the language its first folder names (`fr/...`), else the
 * default language, and in that language's default version. Snippets are parts of pages, not pages, and the files
 * Mintlify ignores by default (organize/mintignore) are not served at all.
 */
export function withUnlistedPages(navigation: Navigation, files: Iterable<string>): Navigation {
  return navigation.indexesHiddenPages ? { ...navigation, pages: [...navigation.pages, ...unlistedPages(navigation, files)] } : navigation;
}

/** The repository's pages that the navigation does not list, as hidden pages (outside search). */
export function unlistedPages(navigation: Navigation, files: Iterable<string>): NavigationPage[] {
  const listed = new Set(navigation.pages.map((page) => page.page));
  const unlisted: NavigationPage[] = [];
  for (const file of files) {
    if (!/\.mdx?$/.test(file)) continue;
    const page = normalisePage(file);
    if (listed.has(page) || listed.has(page.replace(/\/index$/, '')) || isIgnoredByDefault(file)) continue;
    listed.add(page);
    const folder = page.split('/')[0]!;
    const language = page.includes('/') && navigation.languages.includes(folder) ? folder : navigation.defaultLanguage;
    unlisted.push({ page, language, version: navigation.defaultVersions[language] ?? '', section: '', isHidden: true, isSearchable: false });
  }
  return unlisted;
}

const IGNORED_FOLDERS = new Set([
  '.git',
  '.github',
  '.claude',
  '.agents',
  '.idea',
  '.vscode',
  'node_modules',
  'build',
  'dist',
  'coverage',
  '.cache',
  'tmp',
  'temp',
  'snippets',
  '_snippets',
]);
const IGNORED_FILES = new Set(['readme.md', 'license.md', 'changelog.md', 'contributing.md']);

function isIgnoredByDefault(file: string): boolean {
  const parts = file.split('/');
  return parts.slice(0, -1).some((folder) => IGNORED_FOLDERS.has(folder)) || IGNORED_FILES.has(parts.at(-1)!.toLowerCase());
}
