/**
 * Links to the documentation site. Folio answers with page routes (`/customize/custom-domain#dns`),
 * which are resolved against the `site-url` attribute (which may carry a path prefix such as
 * `https://acme.com/docs`), else against the page the widget is on.
 */
export function siteBase(siteUrl: string | null | undefined): URL {
  return new URL(siteUrl || location.origin, location.href);
}

/** The address of a page route on the site, or undefined for anything that is not a route. */
export function pageUrl(route: string, siteUrl: string | null | undefined): string | undefined {
  if (!route.startsWith('/') || route.startsWith('//') || route.includes('\\')) return undefined;
  const base = siteBase(siteUrl);
  return new URL(base.pathname.replace(/\/+$/, '') + route, base.origin).href;
}

/**
 * Where a link in an answer may go: a site route resolves against the site; an absolute http(s) or
 * mailto address stays; anything else (javascript:, data:, relative paths without a slash) goes
 * nowhere.
 */
export function safeHref(href: string, siteUrl: string | null | undefined): string | undefined {
  if (href.startsWith('/') || href.startsWith('#')) return href.startsWith('#') ? href : pageUrl(href, siteUrl);
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Whether an address is on another origin than the page (such links open in a new tab). */
export const isExternal = (href: string): boolean => !href.startsWith('#') && new URL(href, location.href).origin !== location.origin;
