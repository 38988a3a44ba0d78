import { siteUrl } from './site-origin.ts';
import { siteHref, siteImageSrc } from './site-links.ts';

/**
 * Where a link of a page's Markdown export points. The export is read away from the site (fetched by an
 * agent, pasted into a chat), so a site route, a fragment or a path relative to the page becomes an
 * absolute address behind the site origin mark (site-origin.ts); http(s), mailto and tel stay as written.
 * The targets the site's link policy refuses (javascript:, data:, //host) give undefined: the link keeps
 * its text only.
 */
export function exportHref(url: string, route: string): string | undefined {
  return siteHref(url, route) === undefined ? undefined : absolute(url.trim(), route);
}

/** An image's source, made absolute as links are; undefined when it may not be shown. */
export function exportImageSrc(url: string, route: string): string | undefined {
  return siteImageSrc(url, route) === undefined ? undefined : absolute(url.trim(), route);
}

/** A link destination as Markdown writes it, in `<…>` when it holds spaces or brackets, with its title. */
export function linkDestination(url: string, title?: string | null): string {
  const target = url === '' || /[\s<>()]/.test(url) ? `<${url.replace(/[\s<>]/g, encodeURIComponent)}>` : url;
  return title ? `${target} "${title.replace(/["\\]/g, '\\$&')}"` : target;
}

function absolute(url: string, route: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  if (url.startsWith('#')) return `${siteUrl(route)}${url}`;
  if (url.startsWith('/')) return siteUrl(url);
  return siteUrl(resolve(url, route));
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
