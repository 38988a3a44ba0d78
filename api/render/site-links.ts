/**
 * Where links and images of a rendered page may point. Pages are served under a base path that the
 * deployment does not know (`/sites/{subdomain}` by default, `/` on a site's own host name), so a
 * link to a site route (`/quickstart`) is written relative to the page's own route and works under
 * either. Only site routes, fragments, relative paths and http(s), mailto and tel addresses survive:
 * `javascript:`, `data:` and every other scheme lose their target.
 */
const SAFE_SCHEMES = /^(https?:|mailto:|tel:)/i;

/** A link's target as the rendered page should write it, or undefined when it may not point anywhere. */
export function siteHref(url: string, pageRoute: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed === '' || /[\u0000-\u001f\\]/.test(trimmed)) return undefined;
  if (trimmed.startsWith('#')) return trimmed;
  if (trimmed.startsWith('//')) return undefined;
  if (trimmed.startsWith('/')) return relativeToRoute(trimmed, pageRoute);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed);
  if (!scheme) return trimmed; // a path relative to the page, as the author wrote it
  return SAFE_SCHEMES.test(trimmed) ? trimmed : undefined;
}

/** An image's source: a repository file (served with the site) or an http(s) address. */
export function siteImageSrc(url: string, pageRoute: string): string | undefined {
  const href = siteHref(url, pageRoute);
  if (!href || href.startsWith('#') || /^(mailto|tel):/i.test(href)) return undefined;
  return href;
}

/** Whether a link leaves the site (opens in a new tab). */
export const isExternal = (href: string): boolean => /^https?:/i.test(href);

/**
 * `/cli/install` seen from the page at route `/cli/preview` is `../cli/install`; from `/` it is `cli/install`.
 * A page's route has no trailing slash except the home page's (`/`), which the server serves at the
 * base path with a slash.
 */
export function relativeToRoute(target: string, pageRoute: string): string {
  const depth = Math.max(0, pageRoute.split('/').filter(Boolean).length - 1);
  const path = target.replace(/^\/+/, '');
  const up = '../'.repeat(depth);
  return up + path || './';
}
