import { relativeToPage } from './route-marks.ts';
import { siteUrl } from './site-origin.ts';
import { siteHref, siteImageSrc } from './site-links.ts';

/**
 * Where a link of a page's Markdown export points. The export is read away from the site (fetched by an
 * agent, pasted into a chat), so a site route, a fragment or a path relative to the page becomes an
 * absolute address behind the site origin mark (site-origin.ts); http(s), mailto and tel stay as written.
 * The targets the site's link policy refuses (javascript:, data:, //host) give undefined: the link keeps
 * its text only.
 */
export function exportHref(url: string): string | undefined {
  return siteHref(url) === undefined ? undefined : absolute(url.trim());
}

/** An image's source, made absolute as links are; undefined when it may not be shown. */
export function exportImageSrc(url: string): string | undefined {
  return siteImageSrc(url) === undefined ? undefined : absolute(url.trim());
}

/** A link destination as Markdown writes it, in `<…>` when it holds spaces or brackets, with its title. */
export function linkDestination(url: string, title?: string | null): string {
  const target = url === '' || /[\s<>()]/.test(url) ? `<${url.replace(/[\s<>]/g, encodeURIComponent)}>` : url;
  return title ? `${target} "${title.replace(/["\\]/g, '\\$&')}"` : target;
}

/** A fragment or a path relative to the page is completed for the route it is served at (route-marks.ts). */
function absolute(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  if (url.startsWith('/')) return siteUrl(url);
  return relativeToPage(url);
}
