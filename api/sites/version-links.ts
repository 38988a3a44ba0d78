import type { LoadedSite } from './loaded-site.ts';
import type { LayoutLanguage, LayoutVersion } from './site-layout.ts';

/** Each version's folder (`/v1`, `/fr/v1`, '' for one at the root), worked out once per loaded layout. */
const folders = new WeakMap<LayoutVersion, string>();

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
  const others = language.versions.filter((other) => other !== version).map((other) => site.routesIn(other));
  const own = [...site.routesIn(version)].filter((route) => site.pages.get(route)?.version === version.name && !others.some((routes) => routes.has(route)));
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
