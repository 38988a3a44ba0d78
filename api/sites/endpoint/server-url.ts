import type { EndpointServer } from '../../openapi/endpoint.ts';

/**
 * A server's URL with its `{variables}` filled: the reader's choice, else the document's default. Pure and
 * without Node: the playground's script (site-script/playground/) fills the URL it sends to the same way
 * the page shows it.
 */
export function serverUrl(server: EndpointServer, chosen: Record<string, string> = {}): string {
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = Object.hasOwn(server.variables ?? {}, name) ? server.variables![name] : undefined;
    return Object.hasOwn(chosen, name) ? chosen[name]! : (variable?.default ?? whole);
  });
}

/** A server's URL and an operation's path as one address: `https://api.example.com/v1/` and `/users` make `…/v1/users`. */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
