/**
 * Where a site's absolute addresses begin, in text made at deployment (a page's Markdown, llms.txt):
 * the deployment does not know the address it will be read at (`http://host/sites/{subdomain}` or a
 * site's own host name), so such text writes this mark in its place, and serving puts the request's
 * site address there. A private-use character: documentation text does not hold it, and PostgreSQL's
 * text can (it cannot hold NUL).
 */
export const SITE_ORIGIN_MARK = '\uE000';

/** A root-relative route (`/quickstart`) as an absolute address to be completed when served. */
export const siteUrl = (route: string): string => `${SITE_ORIGIN_MARK}${route.startsWith('/') ? route : `/${route}`}`;

/** The text with its marks replaced by the site's address (`https://docs.example.com` or `http://host/sites/acme`). */
export function withSiteOrigin(text: string, siteAddress: string): string {
  return text.replaceAll(SITE_ORIGIN_MARK, siteAddress);
}
