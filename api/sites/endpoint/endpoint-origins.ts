import type { EndpointServer } from '../../openapi/endpoint.ts';
import { readEndpoint } from './read-endpoint.ts';

/** Enough for every region of a real API (`{region}` of a dozen values); a document listing more gets the first ones. */
const MAX_ORIGINS = 32;
/**
 * An origin as a CSP host-source may name it, and nothing else: a host of letters, digits, dots and
 * hyphens (an IDN is punycode by then) or an IPv6 literal, and a port. The URL parser lets `;`, `'`
 * and `*` into a host name, which would end the directive or widen it.
 */
const SAFE_ORIGIN = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origins an API page's playground may send requests to: its servers', each server variable taken
 * at every value it may have (its `enum`, else its default), for the page's `connect-src`. None when the
 * page has no interactive playground. A relative server URL is the site's own origin ('self').
 */
export function endpointOrigins(value: unknown): string[] {
  const endpoint = readEndpoint(value);
  if (endpoint?.display !== 'interactive') return [];
  const origins = new Set<string>();
  for (const server of endpoint.servers) {
    for (const url of expand(server)) {
      if (origins.size >= MAX_ORIGINS) break;
      const origin = originOf(url);
      if (origin) origins.add(origin);
    }
  }
  return [...origins];
}

/** Each URL a server may stand for (at most MAX_ORIGINS of them). */
function expand(server: EndpointServer): string[] {
  let urls = [server.url];
  for (const [name, variable] of Object.entries(server.variables ?? {})) {
    const choices = variable.enum && variable.enum.length > 0 ? variable.enum : [variable.default];
    urls = urls.flatMap((url) => (url.includes(`{${name}}`) ? choices.map((choice) => url.replaceAll(`{${name}}`, choice)) : [url])).slice(0, MAX_ORIGINS);
  }
  return urls;
}

function originOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    const origin = new URL(url).origin;
    return SAFE_ORIGIN.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}
