import { fromSiteRoot } from './route-marks.ts';

/**
 * Where links and images of a rendered page may point. Pages are served under a base path that the
 * deployment does not know (`/sites/{subdomain}` by default, `/` on a site's own host name), so a
 * link to a site route (`/quickstart`) is written relative to the route the page is served at (see
 * route-marks.ts) and works under either. Only site routes, fragments, relative paths and http(s),
 * mailto and tel addresses survive: `javascript:`, `data:` and every other scheme lose their target.
 */
const SAFE_SCHEMES = /^(https?:|mailto:|tel:)/i;

/** A link's target as the rendered page should write it, or undefined when it may not point anywhere. */
export function siteHref(url: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed === '' || /[\u0000-\u001f\\]/.test(trimmed)) return undefined;
  if (trimmed.startsWith('#')) return trimmed;
  if (trimmed.startsWith('//')) return undefined;
  if (trimmed.startsWith('/')) return fromSiteRoot(trimmed);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed);
  if (!scheme) return trimmed; // a path relative to the page, as the author wrote it
  return SAFE_SCHEMES.test(trimmed) ? trimmed : undefined;
}

/** An image's source: a repository file (served with the site) or an http(s) address. */
export function siteImageSrc(url: string): string | undefined {
  const href = siteHref(url);
  if (!href || href.startsWith('#') || /^(mailto|tel):/i.test(href)) return undefined;
  return href;
}

/** Whether a link leaves the site (opens in a new tab). */
export const isExternal = (href: string): boolean => /^https?:/i.test(href);
