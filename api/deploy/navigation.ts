/**
 * Reads a Mintlify docs project's navigation (docs.json, or legacy mint.json) into the list of pages it
 * serves, each with its language, version and section. Pages that are not in the navigation are
 * "hidden pages" in Mintlify's terms and stay out of search.
 */
export interface NavigationPage {
  /** Page path as written in the navigation, without extension: `fr/cli/install`. */
  page: string;
  language: string;
  version: string;
  /** The innermost navigation group (or tab) the page sits in. */
  section: string;
  /** Under a group or tab marked hidden: served, but not searchable. */
  isHidden: boolean;
}

export interface Navigation {
  pages: NavigationPage[];
  languages: string[];
  defaultLanguage: string;
  versions: string[];
  /** '' when the project has no versions. */
  defaultVersion: string;
  warnings: string[];
}

const FALLBACK_LANGUAGE = 'en';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Context {
  language: string;
  version: string;
  section: string;
  isHidden: boolean;
}

/** Containers whose children inherit the context; the key of each child that names it. */
const CONTAINERS = ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'products', 'menu', 'groups', 'pages'] as const;

/**
 * @param config the parsed docs.json or mint.json
 * @param readRef reads a `$ref`'d JSON file (docs.json may split its navigation across files)
 */
export function readNavigation(config: JsonObject, readRef: (ref: string) => Json, isLegacy = false): Navigation {
  const warnings: string[] = [];
  const pages: NavigationPage[] = [];
  const languages = new Set<string>();
  const versions = new Set<string>();
  let defaultLanguage: string | undefined;
  let defaultVersion: string | undefined;

  const resolve = (node: Json, depth = 0): Json => {
    if (!isObject(node) || typeof node.$ref !== 'string' || depth > 10) return node;
    try {
      const { $ref, ...rest } = node;
      const referenced = resolve(readRef($ref as string), depth + 1);
      return isObject(referenced) ? { ...referenced, ...rest } : referenced;
    } catch (error) {
      warnings.push(`navigation: cannot read ${node.$ref}: ${(error as Error).message}`);
      return null;
    }
  };

  const walk = (raw: Json, context: Context) => {
    const node = resolve(raw);
    if (typeof node === 'string') {
      pages.push({ page: normalisePage(node), ...context });
      return;
    }
    if (!isObject(node)) return;
    const next: Context = { ...context };
    if (typeof node.language === 'string') {
      next.language = node.language;
      languages.add(node.language);
      if (defaultLanguage === undefined || node.default === true) defaultLanguage = node.language;
    }
    if (typeof node.version === 'string') {
      next.version = node.version;
      versions.add(node.version);
      if (defaultVersion === undefined || node.default === true) defaultVersion = node.version;
    }
    for (const key of ['tab', 'anchor', 'dropdown', 'product', 'group'] as const) {
      if (typeof node[key] === 'string') next.section = node[key] as string;
    }
    if (node.hidden === true) next.isHidden = true;
    if (typeof node.root === 'string') pages.push({ page: normalisePage(node.root), ...next });
    for (const key of CONTAINERS) {
      const children = node[key];
      if (Array.isArray(children)) for (const child of children) walk(child, next);
    }
  };

  const base: Context = { language: FALLBACK_LANGUAGE, version: '', section: '', isHidden: false };
  if (isLegacy) {
    const legacyVersions = Array.isArray(config.versions) ? config.versions.filter((v): v is string => typeof v === 'string') : [];
    legacyVersions.forEach((v) => versions.add(v));
    defaultVersion = legacyVersions[0];
    const navigation = Array.isArray(config.navigation) ? config.navigation : [];
    for (const group of navigation) walk(group, { ...base, version: defaultVersion ?? '' });
  } else if (isObject(config.navigation) || Array.isArray(config.navigation)) {
    walk(config.navigation as Json, base);
  } else {
    warnings.push('docs.json has no "navigation": no page is searchable.');
  }

  return {
    pages: dedupe(pages),
    languages: languages.size > 0 ? [...languages] : [FALLBACK_LANGUAGE],
    defaultLanguage: defaultLanguage ?? FALLBACK_LANGUAGE,
    versions: [...versions],
    defaultVersion: defaultVersion ?? '',
    warnings,
  };
}

/** `/quickstart`, `quickstart.mdx` and `quickstart` name the same page. */
function normalisePage(page: string): string {
  return page.trim().replace(/^\/+/, '').replace(/\.(mdx|md)$/, '');
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

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
