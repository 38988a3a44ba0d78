import { routeOf } from '../mintlify/page-route.ts';
import { isObject, type Json, type JsonObject } from '../mintlify/config-refs.ts';
import { normalisePage } from '../mintlify/navigation.ts';
import { readableAccent } from './theme-colors.ts';
import { readRedirects, type Redirect } from './redirects.ts';
import { agentInstructionsOf } from './agent-instructions.ts';
import { readBanner, type SiteBanner } from './site-banner.ts';

/**
 * What a deployed site looks like around its pages, read from docs.json at deploy time and stored
 * with the deployment (site_builds): name, theme colours, logo, favicon, header links, the sidebar's
 * tree for each language, version and tab, and the redirects. Pages are named by route; their titles
 * are joined when the site is served.
 */
// Types, not interfaces (here and in what it holds): Prisma stores it as JSON, which needs an index signature.
export type SiteLayout = {
  name: string;
  description: string;
  /** Accents readable as text on the light and the dark background (docs.json `colors`, adjusted). */
  accent: { light: string; dark: string };
  /** Repository paths (`logo/light.svg`) or http(s) addresses. */
  logo: { light?: string; dark?: string; href?: string };
  favicon?: string;
  /** docs.json `appearance.default`: the theme the site opens in (and its screenshot's). */
  appearance: 'system' | 'light' | 'dark';
  /** docs.json `appearance.strict`: no other theme. */
  isAppearanceStrict: boolean;
  links: { label: string; href: string }[];
  /** docs.json `markdown.instructions`, as lines: added to every page's Markdown (absent in layouts stored before it). */
  agentInstructions?: string[];
  /** docs.json `banner`, shown above every page whose language has none of its own (absent in layouts stored before it). */
  banner?: SiteBanner;
  languages: LayoutLanguage[];
  redirects: Redirect[];
  /** The repository's OpenAPI documents, served at their paths as Mintlify serves them (absent in layouts stored before it). */
  specFiles?: string[];
};

export type LayoutLanguage = {
  code: string;
  /** The language's own `banner` in `navigation.languages`. */
  banner?: SiteBanner;
  /** Its default version's name, where its home and switchers start (absent without versions, and in layouts stored before it: the first). */
  defaultVersion?: string;
  versions: LayoutVersion[];
};

export type LayoutVersion = {
  /** '' when the site has no versions. */
  name: string;
  /** docs.json `tag`: the badge the version switcher shows beside it ("Latest", "Beta"). */
  tag?: string;
  /** docs.json `hidden: true`: its pages are served with their sidebar, but the switcher does not offer it. */
  isHidden?: boolean;
  tabs: LayoutTab[];
};

export type LayoutTab = {
  /** '' for the pages outside any tab. */
  name: string;
  /** A tab that links elsewhere (docs.json `href`) instead of holding pages. */
  href?: string;
  items: NavItem[];
};

export type NavItem = { route: string } | { group: string; items: NavItem[] };

/** Sidebars larger than this are cut (a generated docs.json with 100,000 entries is not a sidebar). */
const MAX_ITEMS = 20_000;
const MAX_DEPTH = 30;
const TAB_KEYS = ['tab', 'anchor', 'dropdown', 'product', 'item'] as const;
const TAB_CONTAINERS = ['tabs', 'anchors', 'dropdowns', 'products', 'menu'] as const;

interface Place {
  language: string;
  version: string;
  /** Inside a `versions` entry, which names the version and says its tag and whether it is hidden. */
  versionNode: JsonObject | undefined;
  tab: string | undefined;
}

/**
 * Reads the resolved docs.json (a legacy mint.json arrives upgraded to one) into the site's layout.
 * `defaults.versions` holds each language's default version (navigation.ts): the sidebar of the pages
 * outside any version.
 */
export function readSiteLayout(
  config: JsonObject,
  defaults: { language: string; versions: Readonly<Record<string, string>> },
  hasFile: (path: string) => boolean,
): SiteLayout {
  const languages = new Map<string, Map<string, { version: LayoutVersion; tabs: Map<string, LayoutTab>; order: number }>>();
  const banners = new Map<string, SiteBanner>();
  /** Each `versions` entry's place in docs.json: a language's versions keep that order, whatever page comes first. */
  const versionOrder = new Map<JsonObject, number>();
  let count = 0;
  const bucket = (place: Place): LayoutTab => {
    const versions = languages.get(place.language) ?? languages.set(place.language, new Map()).get(place.language)!;
    let entry = versions.get(place.version);
    if (!entry) versions.set(place.version, (entry = { version: { name: place.version, tabs: [] }, tabs: new Map(), order: Number.POSITIVE_INFINITY }));
    // The pages of no version can make their language's default version before its own entry does.
    if (place.versionNode && entry.order === Number.POSITIVE_INFINITY) {
      entry.order = versionOrder.get(place.versionNode)!;
      entry.version = { ...versionOf(place.versionNode), name: place.version, tabs: [] };
    }
    const name = place.tab ?? '';
    return entry.tabs.get(name) ?? entry.tabs.set(name, { name, items: [] }).get(name)!;
  };

  const pageItems = (entries: Json | undefined, depth: number): NavItem[] => {
    if (!Array.isArray(entries) || depth > MAX_DEPTH) return [];
    const items: NavItem[] = [];
    for (const entry of entries) {
      if (count >= MAX_ITEMS) break;
      if (typeof entry === 'string') {
        count++;
        items.push({ route: routeOfConfigPage(entry) });
      } else if (isObject(entry) && entry.hidden !== true) {
        const group = groupItem(entry, depth);
        if (group) items.push(group);
      }
    }
    return items;
  };
  const groupItem = (node: JsonObject, depth: number): NavItem | undefined => {
    if (typeof node.group !== 'string') return undefined;
    const items = pageItems(node.pages, depth + 1);
    if (typeof node.root === 'string') items.unshift({ route: routeOfConfigPage(node.root) });
    return { group: node.group, items };
  };

  const walk = (node: Json, place: Place, depth: number) => {
    if (!isObject(node) || depth > MAX_DEPTH) return;
    // A hidden version leaves the switcher only; a hidden tab or group leaves the sidebar.
    if (node.hidden === true && typeof node.version !== 'string') return;
    const here = { ...place };
    if (typeof node.language === 'string') {
      here.language = node.language;
      if (!here.versionNode) here.version = defaults.versions[node.language] ?? '';
    }
    const banner = typeof node.language === 'string' ? readBanner(node.banner) : undefined;
    if (banner) banners.set(here.language, banner);
    if (typeof node.version === 'string') {
      here.version = node.version;
      here.versionNode = node;
      versionOrder.set(node, versionOrder.size);
    }
    const tabName = TAB_KEYS.map((key) => node[key]).find((value): value is string => typeof value === 'string');
    if (tabName !== undefined) {
      if (here.tab === undefined) {
        here.tab = tabName;
        const tab = bucket(here);
        if (typeof node.href === 'string' && /^https?:\/\//.test(node.href) && !node.pages && !node.groups) tab.href = node.href;
      } else {
        // A tab inside a tab (a dropdown's items, an anchor in a tab) is a group of its own.
        const items = [
          ...pageItems(node.pages, depth + 1),
          ...(Array.isArray(node.groups)
            ? node.groups.flatMap((group) => (isObject(group) && group.hidden !== true ? [groupItem(group, depth + 1)].filter((g): g is NavItem => !!g) : []))
            : []),
        ];
        if (items.length > 0) bucket(here).items.push({ group: tabName, items });
        return;
      }
    }
    // The versions first: the pages of no version beside them follow the default version's own.
    if (Array.isArray(node.versions)) for (const child of node.versions) walk(child, here, depth + 1);
    if (Array.isArray(node.groups)) {
      for (const group of node.groups)
        if (isObject(group) && group.hidden !== true) {
          const item = groupItem(group, depth);
          if (item) bucket(here).items.push(item);
        }
    }
    if (Array.isArray(node.pages)) bucket(here).items.push(...pageItems(node.pages, depth));
    for (const key of ['languages', ...TAB_CONTAINERS] as const) {
      const children = node[key];
      if (Array.isArray(children)) for (const child of children) walk(child, here, depth + 1);
    }
  };

  const base: Place = { language: defaults.language, version: defaults.versions[defaults.language] ?? '', versionNode: undefined, tab: undefined };
  walk(config.navigation ?? null, base, 0);

  return {
    name: typeof config.name === 'string' ? config.name : 'Documentation',
    description: typeof config.description === 'string' ? config.description : '',
    accent: accentOf(config.colors),
    logo: logoOf(config.logo, hasFile),
    favicon: imageOf(isObject(config.favicon) ? (config.favicon.light ?? config.favicon.dark) : config.favicon, hasFile),
    appearance: appearanceOf(config),
    isAppearanceStrict: isObject(config.appearance) && config.appearance.strict === true,
    links: linksOf(config),
    agentInstructions: agentInstructionsOf(config),
    banner: readBanner(config.banner),
    languages: [...languages].map(([code, versions]) => ({
      code,
      banner: banners.get(code),
      defaultVersion: defaults.versions[code],
      versions: [...versions.values()].sort((a, b) => a.order - b.order).map(({ version, tabs }) => ({ ...version, tabs: [...tabs.values()] })),
    })),
    redirects: readRedirects(config.redirects),
  };
}

/** What a `versions` entry says of itself besides its pages: its tag, whether it is hidden. */
function versionOf(node: JsonObject): Pick<LayoutVersion, 'tag' | 'isHidden'> {
  const tag = typeof node.tag === 'string' && node.tag.trim() !== '' ? node.tag.trim() : undefined;
  return { ...(tag ? { tag } : {}), ...(node.hidden === true ? { isHidden: true } : {}) };
}

/** A page as docs.json names it (`quickstart`, `/quickstart.mdx`, `cli/index`) -> its route, as deployments store it. */
function routeOfConfigPage(page: string): string {
  return routeOf(normalisePage(page));
}

function accentOf(colors: Json | undefined) {
  const color = (value: Json | undefined) => (typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : undefined);
  const primary = isObject(colors) ? color(colors.primary) : undefined;
  const light = isObject(colors) ? color(colors.light) : undefined;
  return { light: readableAccent(primary ?? '#0d6e5a', 'light'), dark: readableAccent(light ?? primary ?? '#4fd1b5', 'dark') };
}

function logoOf(logo: Json | undefined, hasFile: (path: string) => boolean): SiteLayout['logo'] {
  if (typeof logo === 'string') {
    const image = imageOf(logo, hasFile);
    return image ? { light: image, dark: image } : {};
  }
  if (!isObject(logo)) return {};
  const light = imageOf(logo.light, hasFile);
  const dark = imageOf(logo.dark, hasFile) ?? light;
  return { light: light ?? dark, dark, href: typeof logo.href === 'string' && /^https?:\/\//.test(logo.href) ? logo.href : undefined };
}

/** A repository file that exists (`/logo.svg` -> `logo.svg`), or an http(s) address. */
function imageOf(value: Json | undefined, hasFile: (path: string) => boolean): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^https?:\/\//.test(value)) return value;
  const path = value.replace(/^\.?\/+/, '');
  return path && !path.split('/').includes('..') && hasFile(path) ? path : undefined;
}

function appearanceOf(config: JsonObject): SiteLayout['appearance'] {
  const value = isObject(config.appearance) ? config.appearance.default : undefined;
  return value === 'light' || value === 'dark' ? value : 'system';
}

/**
 * The header's links: docs.json `navbar.links` and its primary button, then the global anchors and tabs
 * (`navigation.global`) that leave the site. A GitHub or Discord link may go without a label.
 */
function linksOf(config: JsonObject): SiteLayout['links'] {
  const navbar = isObject(config.navbar) ? config.navbar : {};
  const global = isObject(config.navigation) && isObject(config.navigation.global) ? config.navigation.global : {};
  const entries = [
    ...(Array.isArray(navbar.links) ? navbar.links : []),
    navbar.primary,
    ...(Array.isArray(global.anchors) ? global.anchors : []),
    ...(Array.isArray(global.tabs) ? global.tabs : []),
  ];
  return entries
    .flatMap((entry) => {
      if (!isObject(entry) || typeof entry.href !== 'string') return [];
      const named = [entry.label, entry.anchor, entry.tab].find((value): value is string => typeof value === 'string');
      const label = named ?? (entry.type === 'github' ? 'GitHub' : entry.type === 'discord' ? 'Discord' : '');
      return /^https?:\/\//.test(entry.href) && label ? [{ label, href: entry.href }] : [];
    })
    .slice(0, 10);
}
