import { previewDomainOf, previewSlugOf } from '../projects/preview-names.ts';
import { isSubdomain } from '../projects/subdomain.ts';
import type { SiteAddress } from './page-html.ts';

/** Paths that stay Folio's own on a site's host name: the API, the widget, the health check. */
const FOLIO_PATHS = /^\/(v1|v2|graphql|widget)(\/|$)|^\/widget\.js$|^\/health$/;

/**
 * Whether a request (its URL, whose host is the request's Host) is for a site, and which: `/sites/{subdomain}/…`
 * (a branch's preview: `/sites/{subdomain}/~preview/{slug}/…`) on any host, or, with
 * SITE_DOMAIN set, any path but Folio's own on `{subdomain}.{SITE_DOMAIN}` (so the widget on the site
 * calls its own origin). The host of PUBLIC_URL is always Folio's, even when it is under SITE_DOMAIN.
 * `path` is what follows the site's base.
 */
export function siteAddressOf(url: URL, config: { siteDomain: string | undefined; publicUrl: string }): { address: SiteAddress; path: string } | undefined {
  const { siteDomain } = config;
  // Behind a proxy that ends TLS, the request itself says http: the scheme is PUBLIC_URL's.
  const origin = `${new URL(config.publicUrl).protocol}//${url.host}`;
  if (siteDomain) {
    const name = url.hostname.toLowerCase();
    if (name.endsWith(`.${siteDomain}`) && url.host !== new URL(config.publicUrl).host) {
      const subdomain = name.slice(0, -siteDomain.length - 1);
      if (isSubdomain(subdomain) && !FOLIO_PATHS.test(url.pathname)) return { address: { subdomain, base: '', origin }, path: url.pathname };
    }
  }
  const match = /^\/sites\/([^/]+)(?:\/~preview\/([^/]+))?(\/.*)?$/.exec(url.pathname);
  if (!match) return undefined;
  // A name that is not validly percent-encoded (`%ED%A0%80`) names no site: kept as written, it is looked
  // up as any unknown name is, so that its MCP server's answer is a JSON-RPC "not deployed".
  const subdomain = decodedOrAsWritten(match[1]!);
  const slug = match[2] === undefined ? undefined : decodedOrAsWritten(match[2]);
  const path = match[3] ?? '';
  // A branch's preview is the site whose domain is `{slug}--{subdomain}`, under its project's address.
  if (slug !== undefined) return { address: { subdomain: previewDomainOf(slug, subdomain), base: `/sites/${match[1]}/~preview/${match[2]}`, origin }, path };
  return { address: { subdomain, base: `/sites/${match[1]}`, origin }, path };
}

function decodedOrAsWritten(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Where a site is read when no request says (an API answer): its own host name under SITE_DOMAIN, else under PUBLIC_URL. */
export function publicSiteAddress(subdomain: string, config: { siteDomain: string | undefined; publicUrl: string }): string {
  if (config.siteDomain) return `${new URL(config.publicUrl).protocol}//${subdomain}.${config.siteDomain}`;
  return `${config.publicUrl}/sites/${encodeURIComponent(subdomain)}`;
}

/**
 * Where a branch's preview is read, the same before and after each of its deployments:
 * `{slug}--{subdomain}.{SITE_DOMAIN}`, else (or when that is longer than a host-name label may be)
 * `/sites/{subdomain}/~preview/{slug}` under PUBLIC_URL.
 */
export function publicPreviewAddress(subdomain: string, branch: string, config: { siteDomain: string | undefined; publicUrl: string }): string {
  const slug = previewSlugOf(branch, subdomain);
  const domain = previewDomainOf(slug, subdomain);
  if (config.siteDomain && isSubdomain(domain)) return publicSiteAddress(domain, config);
  return `${config.publicUrl}/sites/${encodeURIComponent(subdomain)}/~preview/${encodeURIComponent(slug)}`;
}
