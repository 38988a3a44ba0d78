import type { LoadedSite } from './loaded-site.ts';
import type { LayoutLanguage, LayoutVersion } from './site-layout.ts';

/** Each version's folder (`/v1`, `/fr/v1`, '' for one at the root), worked out once per loaded layout. */
const folders = new WeakMap<LayoutVersion, string>();
/** How many of a language's versions list each route (a site of 35 versions lists tens of thousands). */
const listings = new WeakMap<LayoutLanguage, Map<string, number>>();

function listingsOf(site: LoadedSite, language: LayoutLanguage): Map<string, number> {
  let counts = listings.get(language);
  if (!counts) {
    counts = new Map();
    for (const version of language.versions) for (const route of site.routesIn(version)) counts.set(route, (counts.get(route) ?? 0) + 1);
    listings.set(language, counts);
  }
  return counts;
}

/**
 * Where the version switcher sends a reader of `route` (shown in `from`) who picks `to`: the same page in that version
 * when it has it (the same route, or the route with the version's folder swapped: `/v1/auth` ->
 * `/v2/auth`, `/auth` -> `/2025_12/auth`), else the version's first page.
 */
export function versionLink(
  site: LoadedSite,
  route: string | undefined,
  language: LayoutLanguage,
  from: LayoutVersion | undefined,
  to: LayoutVersion,
): string | undefined {
  return (route !== undefined && from && samePageIn(site, route, language, from, to)) || site.firstRouteIn(to);
}

function samePageIn(site: LoadedSite, route: string, language: LayoutLanguage, from: LayoutVersion, to: LayoutVersion): string | undefined {
  const routes = site.routesIn(to);
  if (routes.has(route)) return route;
  const fromFolder = folderOf(site, language, from);
  if (fromFolder && route !== fromFolder && !route.startsWith(`${fromFolder}/`)) return undefined;
  const rest = route === '/' ? '' : route.slice(fromFolder.length);
  const candidate = `${folderOf(site, language, to)}${rest}` || '/';
  return routes.has(candidate) && site.pages.has(candidate) ? candidate : undefined;
}

/**
 * The folder all of a version's own pages share (not those of no version, nor those another version of
 * its language lists too): a page at the folder itself is its index. One page alone names its own folder.
 */
function folderOf(site: LoadedSite, language: LayoutLanguage, version: LayoutVersion): string {
  let folder = folders.get(version);
  if (folder !== undefined) return folder;
  const listings = listingsOf(site, language);
  const own = [...site.routesIn(version)].filter((route) => site.pages.get(route)?.version === version.name && listings.get(route) === 1);
  const parts = own.map((route) => route.split('/').filter(Boolean));
  let common = parts.length === 1 ? parts[0]!.slice(0, -1) : (parts[0] ?? []);
  for (const segments of parts.slice(1)) {
    let length = 0;
    while (length < common.length && common[length] === segments[length]) length++;
    common = common.slice(0, length);
  }
  folder = common.map((segment) => `/${segment}`).join('');
  folders.set(version, folder);
  return folder;
}
