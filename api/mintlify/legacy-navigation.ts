import { isObject, type Json, type JsonObject } from './config-refs.ts';

/**
 * mint.json's navigation as docs.json writes it. In mint.json the navigation is a list of groups, and
 * `tabs`, `anchors` and `versions` beside it cut that list up: a tab or anchor holds the groups whose
 * pages start with its `url`, the others stay under the primary tab (`primaryTab`) and the top anchor
 * (`topAnchor`); a group tagged with a `version` is in that version only, an untagged one in every
 * version. docs.json says the same with nesting: versions, then tabs, then anchors, then groups. Tabs
 * and anchors that point off the site become global ones (shown on every page); a tab or anchor that
 * holds no group becomes a global link to its `url`.
 */
export function upgradeNavigation(mint: JsonObject, warnings: string[]): JsonObject | undefined {
  if (isObject(mint.navigation)) return mint.navigation; // already written as docs.json writes it
  if (!Array.isArray(mint.navigation)) return undefined;
  const entries = mint.navigation;
  const versions = readVersions(mint.versions, entries, warnings);
  const anchorColor = colorOf(isObject(mint.colors) ? mint.colors.anchors : undefined, 'colors.anchors', warnings);
  const tabs = readSections(mint.tabs, 'tab', undefined, warnings);
  const anchors = readSections(mint.anchors, 'anchor', anchorColor, warnings);
  const used = new Set<Section>();
  const names = { primaryTab: nameOf(mint.primaryTab) ?? 'Documentation', topAnchor: mint.topAnchor };

  const scope = (version: string | undefined): JsonObject => {
    const inScope = entries.filter((entry) => !isObject(entry) || typeof entry.version !== 'string' || entry.version === version);
    return tabLevel(inScope, { tabs, anchors, version, used, names, warnings });
  };

  const navigation: JsonObject =
    versions.local.length > 0
      ? {
          versions: versions.local.map((version) => ({ version: version.name, ...(version.isDefault ? { default: true } : {}), ...scope(version.name) })),
        }
      : scope(undefined);

  const global: Record<'tabs' | 'anchors' | 'versions', Json[]> = { tabs: [], anchors: [], versions: versions.external };
  for (const section of [...tabs, ...anchors]) {
    const href = section.href ?? (used.has(section) ? undefined : `/${section.prefix}`);
    if (href) global[section.kind === 'tab' ? 'tabs' : 'anchors'].push({ [section.kind]: section.name, ...section.extra, href });
  }
  const globals = Object.fromEntries(Object.entries(global).filter(([, list]) => list.length > 0));
  return Object.keys(globals).length > 0 ? { global: globals, ...navigation } : navigation;
}

/** A mint.json tab or anchor. */
interface Section {
  kind: 'tab' | 'anchor';
  name: string;
  /** Its `url` on the site, without slashes: it holds the groups whose first page is under it. */
  prefix: string;
  /** Its `url` when that leaves the site. */
  href?: string;
  version?: string;
  /** The keys docs.json keeps (icon, color, hidden). */
  extra: JsonObject;
}

interface Level {
  tabs: Section[];
  anchors: Section[];
  version: string | undefined;
  /** The sections that received a group somewhere. */
  used: Set<Section>;
  names: { primaryTab: string; topAnchor: Json | undefined };
  warnings: string[];
}

function tabLevel(entries: Json[], level: Level): JsonObject {
  const tabs = level.tabs.filter((tab) => !tab.href && (tab.version === undefined || tab.version === level.version));
  const parts = partition(entries, tabs);
  if (tabs.every((tab) => !parts.has(tab))) return anchorLevel(entries, level);
  const out: Json[] = [];
  const rest = parts.get(undefined);
  if (rest) out.push({ tab: level.names.primaryTab, ...anchorLevel(rest, level) });
  for (const tab of tabs) {
    const held = parts.get(tab);
    if (!held) continue;
    level.used.add(tab);
    out.push({ tab: tab.name, ...tab.extra, ...anchorLevel(held, level) });
  }
  return { tabs: out };
}

function anchorLevel(entries: Json[], level: Level): JsonObject {
  const anchors = level.anchors.filter((anchor) => !anchor.href && (anchor.version === undefined || anchor.version === level.version));
  const parts = partition(entries, anchors);
  if (anchors.every((anchor) => !parts.has(anchor))) return groupLevel(entries);
  const out: Json[] = [];
  const rest = parts.get(undefined);
  if (rest) {
    const top = isObject(level.names.topAnchor) ? level.names.topAnchor : {};
    const icon = typeof top.icon === 'string' ? top.icon : 'book-open';
    out.push({ anchor: nameOf(top) ?? 'Documentation', icon, ...(typeof top.iconType === 'string' ? { iconType: top.iconType } : {}), ...groupLevel(rest) });
  }
  for (const anchor of anchors) {
    const held = parts.get(anchor);
    if (!held) continue;
    level.used.add(anchor);
    out.push({ anchor: anchor.name, ...anchor.extra, ...groupLevel(held) });
  }
  return { anchors: out };
}

/** Groups stay groups (without their `version`, which the nesting now says); a bare page stays a page. */
function groupLevel(entries: Json[]): JsonObject {
  const groups: Json[] = [];
  const pages: Json[] = [];
  for (const entry of entries) {
    if (isObject(entry)) {
      const { version: _version, ...group } = entry;
      groups.push(group);
    } else if (typeof entry === 'string') {
      pages.push(entry);
    }
  }
  return { ...(groups.length > 0 ? { groups } : {}), ...(pages.length > 0 ? { pages } : {}) };
}

/** The entries each section holds (by their first page, the longest `url` winning); `undefined` holds the rest. */
function partition(entries: Json[], sections: Section[]): Map<Section | undefined, Json[]> {
  const parts = new Map<Section | undefined, Json[]>();
  for (const entry of entries) {
    const page = firstPage(entry);
    let best: Section | undefined;
    for (const section of sections) {
      const isUnder = page !== undefined && (page === section.prefix || page.startsWith(`${section.prefix}/`));
      if (isUnder && (!best || section.prefix.length > best.prefix.length)) best = section;
    }
    parts.set(best, [...(parts.get(best) ?? []), entry]);
  }
  return parts;
}

/** A group's first page (looking into nested groups), without leading slashes. */
function firstPage(entry: Json): string | undefined {
  let node: Json | undefined = entry;
  for (let depth = 0; depth < 100; depth++) {
    if (typeof node === 'string') return node.trim().replace(/^\/+/, '');
    if (!isObject(node) || !Array.isArray(node.pages) || node.pages.length === 0) return undefined;
    node = node.pages[0];
  }
  return undefined;
}

function readSections(value: Json | undefined, kind: Section['kind'], defaultColor: JsonObject | undefined, warnings: string[]): Section[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    warnings.push(`"${kind}s" must be a list; left out.`);
    return [];
  }
  return value.flatMap((entry): Section[] => {
    const name = nameOf(entry);
    const url = isObject(entry) && typeof entry.url === 'string' ? entry.url.trim() : '';
    if (!isObject(entry) || !name || !url) {
      warnings.push(`a ${kind} without a "name" and a "url" (${JSON.stringify(entry).slice(0, 80)}); left out.`);
      return [];
    }
    const isOffSite = /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
    const extra: JsonObject = {};
    if (typeof entry.icon === 'string') extra.icon = entry.icon;
    if (typeof entry.iconType === 'string') extra.iconType = entry.iconType;
    const color = kind === 'anchor' && entry.color !== undefined ? colorOf(entry.color, `the anchor "${name}"`, warnings) : defaultColor;
    if (color) extra.color = color;
    if (entry.isDefaultHidden === true) extra.hidden = true;
    return [
      {
        kind,
        name,
        prefix: url.replace(/^\.?\/+|\/+$/g, ''),
        ...(isOffSite ? { href: url } : {}),
        ...(typeof entry.version === 'string' ? { version: entry.version } : {}),
        extra,
      },
    ];
  });
}

/** An anchor's colour: one colour for both themes; a gradient (`from`, `via`, `to`) keeps its first colour. */
function colorOf(value: Json | undefined, what: string, warnings: string[]): JsonObject | undefined {
  if (typeof value === 'string') return { light: value, dark: value };
  if (!isObject(value) || typeof value.from !== 'string') return undefined;
  warnings.push(`${what}: docs.json has no gradients; its colour is ${value.from}, the gradient's first.`);
  return { light: value.from, dark: value.from };
}

interface Versions {
  local: { name: string; isDefault: boolean }[];
  /** Versions that are links elsewhere (`{"name": "v1", "url": "https://v1.example.com"}`). */
  external: Json[];
}

/** mint.json's `versions`: names or `{name, url, default}`; a group's version that the list lacks is added. */
function readVersions(value: Json | undefined, entries: Json[], warnings: string[]): Versions {
  const versions: Versions = { local: [], external: [] };
  for (const entry of Array.isArray(value) ? value : []) {
    const name = typeof entry === 'string' ? entry : nameOf(entry);
    if (!name) continue;
    if (isObject(entry) && typeof entry.url === 'string' && /^https?:\/\//.test(entry.url)) versions.external.push({ version: name, href: entry.url });
    else versions.local.push({ name, isDefault: isObject(entry) && entry.default === true });
  }
  for (const entry of entries) {
    if (!isObject(entry) || typeof entry.version !== 'string' || versions.local.some((version) => version.name === entry.version)) continue;
    warnings.push(`the group "${nameOf(entry) ?? ''}" names the version "${entry.version}", which "versions" does not list; it was added.`);
    versions.local.push({ name: entry.version, isDefault: false });
  }
  return versions;
}

function nameOf(value: Json | undefined): string | undefined {
  if (!isObject(value)) return undefined;
  const name = value.name ?? value.group;
  return typeof name === 'string' && name.trim() !== '' ? name : undefined;
}
