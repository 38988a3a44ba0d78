import { siteUrl } from './site-origin.ts';

/**
 * A page is rendered once per content and may be served at many routes (every version of a versioned
 * site that has the same file): what its links mean depends on the route, so the stored text marks
 * them and serving completes them for the route it serves. Private-use characters, as the site
 * origin mark (site-origin.ts) is: documentation text does not hold them.
 */

/** In a page's HTML, the way up from the page to the site's root (`../../` at `/guides/setup/dns`), before a route. */
const SITE_ROOT_MARK = '\uE001';
/** …and the site's root itself (`../../` there, `./` at `/`). */
const SITE_ROOT_ITSELF = '\uE004';
/** In a page's Markdown, a link relative to the page (`#install`, `../cli/install`) between these two. */
const RELATIVE_START = '\uE002';
const RELATIVE_END = '\uE003';
const RELATIVE_LINK = new RegExp(`${RELATIVE_START}([^${RELATIVE_END}]*)${RELATIVE_END}`, 'g');

/** A site route (`/cli/install`) as a page's HTML writes it: relative to the page, once it is served. */
export const fromSiteRoot = (route: string): string => (/^\/*$/.test(route) ? SITE_ROOT_ITSELF : `${SITE_ROOT_MARK}${route.replace(/^\/+/, '')}`);

/** A page's HTML as served at `route`: `/cli/install` seen from `/cli/preview` is `../cli/install`, from `/` `cli/install`. */
export function htmlAtRoute(html: string, route: string): string {
  const depth = Math.max(0, route.split('/').filter(Boolean).length - 1);
  const up = '../'.repeat(depth);
  return html.replaceAll(SITE_ROOT_MARK, up).replaceAll(SITE_ROOT_ITSELF, up || './');
}

/** A link relative to the page (a fragment or a relative path) as a page's Markdown export writes it. */
export const relativeToPage = (url: string): string => `${RELATIVE_START}${url}${RELATIVE_END}`;

/** A page's Markdown as served at `route`: its relative links made absolute (behind the site origin mark). */
export function markdownAtRoute(markdown: string, route: string): string {
  return markdown.replace(RELATIVE_LINK, (_, url: string) => (url.startsWith('#') ? `${siteUrl(route)}${url}` : siteUrl(resolve(url, route))));
}

/** `../cli/install` seen from the page at `/guides/page` is `/cli/install`, as a browser reads it from the served page. */
function resolve(relative: string, route: string): string {
  const suffixAt = relative.search(/[?#]/);
  const path = suffixAt < 0 ? relative : relative.slice(0, suffixAt);
  const suffix = suffixAt < 0 ? '' : relative.slice(suffixAt);
  const segments = route.split('/').filter(Boolean).slice(0, -1);
  for (const part of path.split('/')) {
    if (part === '..') segments.pop();
    else if (part !== '.') segments.push(part);
  }
  return `/${segments.join('/')}${suffix}`;
}
