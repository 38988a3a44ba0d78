import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { lookupTable } from '../lookup-table.ts';
import { mcpTools } from './mcp-tools.ts';

/** The discovery documents, by path below a site's base (ai/model-context-protocol.mdx, Discovery endpoint). */
const MCP_DISCOVERY_PATHS = lookupTable<(siteAddress: string) => unknown>({
  '/.well-known/mcp': (siteAddress) => mcpDiscovery(siteAddress),
  '/.well-known/mcp.json': (siteAddress) => mcpDiscovery(siteAddress),
  '/.well-known/mcp/server-card.json': (siteAddress) => mcpServerCard(siteAddress),
  '/.well-known/mcp/server-cards.json': (siteAddress) => mcpServerCards(siteAddress),
});

/** The version the discovery documents give Folio's MCP servers. */
const VERSION = '1.0.0';

const servers = (siteAddress: string) => [
  { name: 'public', url: `${siteAddress}/mcp`, transport: 'http', authentication: 'none' },
  { name: 'authenticated', url: `${siteAddress}/authed/mcp`, transport: 'http', authentication: 'bearer' },
];

/** `/.well-known/mcp` (and `mcp.json`): where the site's MCP servers are (ai/model-context-protocol.mdx, Discovery endpoint). */
export function mcpDiscovery(siteAddress: string) {
  return { version: VERSION, transport: 'http', url: `${siteAddress}/mcp`, servers: servers(siteAddress) };
}

/** `/.well-known/mcp/server-card.json`: the public server and its tools, so a client can list them without connecting. */
export function mcpServerCard(siteAddress: string) {
  return card(servers(siteAddress)[0]!);
}

/** `/.well-known/mcp/server-cards.json`: a card for each server (the public one and the one that takes an assistant key). */
export function mcpServerCards(siteAddress: string) {
  return { servers: servers(siteAddress).map(card) };
}

function card(server: ReturnType<typeof servers>[number]) {
  return {
    name: server.name === 'public' ? 'docs-search' : 'docs-search-authenticated',
    version: VERSION,
    url: server.url,
    transport: server.transport,
    description: 'Search and read this documentation site',
    capabilities: { tools: true, resources: false },
    authentication: server.authentication,
    tools: Object.entries(mcpTools()).map(([name, tool]) => ({
      name,
      title: tool.title,
      description: tool.description,
      inputSchema: toJsonSchemaCompat(tool.inputSchema),
      annotations: tool.annotations,
    })),
  };
}

/** A discovery document as a response anyone may read. */
export function serveMcpDiscovery(path: string, siteAddress: string): Response | undefined {
  const document = MCP_DISCOVERY_PATHS[path];
  if (!document) return undefined;
  return new Response(JSON.stringify(document(siteAddress), null, 2), {
    headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300' },
  });
}
