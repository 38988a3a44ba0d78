import type { Services } from '../services.ts';
import type { SiteAddress } from '../sites/page-html.ts';

const DISCOVERY_PREFIX = '/.well-known/mcp';

/** Whether a path of a site (what follows its base) may be its MCP server's or a discovery document. */
export function isMcpPath(path: string): boolean {
  return path === '/mcp' || path === '/authed/mcp' || path.startsWith(DISCOVERY_PREFIX);
}

/**
 * Answers a site's MCP server and discovery documents, or undefined when `site.path` is neither (a page
 * whose path starts like one). The MCP modules, with the SDK and its JSON Schema validator, are loaded
 * on the first such request: most processes answer pages, searches and the API first, and start sooner
 * without them.
 */
export async function serveSiteMcp(
  services: Services,
  request: Request,
  site: { address: SiteAddress; path: string },
  clientAddress: string,
): Promise<Response | undefined> {
  if (site.path.startsWith(DISCOVERY_PREFIX)) {
    const { serveMcpDiscovery } = await import('./mcp-discovery.ts');
    return serveMcpDiscovery(site.path, `${site.address.origin}${site.address.base}`);
  }
  const { serveMcp } = await import('./mcp-route.ts');
  return serveMcp(services, request, site.address, { isAuthenticated: site.path === '/authed/mcp', clientAddress });
}
