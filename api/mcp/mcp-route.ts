import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { RequestAuth } from '../auth/request-auth.ts';
import { appErrorOf } from '../errors.ts';
import { lookupTable } from '../lookup-table.ts';
import { assertStorable } from '../http/input-guards.ts';
import { readBodyText } from '../http/request-body.ts';
import type { RateLimit } from '../rate-limits.ts';
import type { Services } from '../services.ts';
import type { SiteAddress } from '../sites/page-html.ts';
import { siteCacheOf } from '../sites/site-cache.ts';
import { type McpSite, mcpTools, readPagesTool, searchFiltersOf, searchTool } from './mcp-tools.ts';
import { INVALID_PARAMS, invalidParamsOf } from './rpc-params.ts';

/** JSON-RPC's code for an error of the server's (the MCP transport's own use it for refusals too). */
const SERVER_ERROR = -32000;
const PARSE_ERROR = -32700;

/** The tool whose calls each site-wide limit counts. */
const LIMITED_TOOLS = lookupTable<'search' | 'read'>({ search: 'search', read_pages: 'read' });

/**
 * A site's MCP server (ai/model-context-protocol.mdx) over Streamable HTTP, stateless: each POST is
 * answered on its own by a server made for it, so any web process answers any request and nothing
 * is kept between them. `/mcp` is public; `/authed/mcp` takes the site's assistant key as a Bearer
 * token. Requests count against a limit per client address, and tool calls against limits per site,
 * all in PostgreSQL; past one, the answer is an HTTP 429 with Retry-After.
 */
export async function serveMcp(
  services: Services,
  request: Request,
  address: SiteAddress,
  options: { isAuthenticated: boolean; clientAddress: string },
): Promise<Response> {
  try {
    if (request.method !== 'POST') {
      return rpcError(405, SERVER_ERROR, `${request.method} is not served: this MCP server is stateless; send each JSON-RPC message with POST.`, {
        headers: { Allow: 'POST' },
      });
    }
    // The site's name comes from the path: text PostgreSQL cannot store is refused as the API's `{domain}` is.
    assertStorable({ domain: address.subdomain });
    const project = await services.sites.find(address.subdomain);
    if (!project?.liveDeploymentId) return rpcError(404, SERVER_ERROR, `No documentation is deployed at "${address.subdomain}".`);
    if (options.isAuthenticated) {
      const auth = new RequestAuth(services.keys, request.headers.get('authorization'), { origin: request.headers.get('origin'), host: null });
      await auth.requireKind('assistant');
      await auth.requireProject(project.id);
    }
    const limits = services.rateLimits.mcp;
    await limits.client.consume(`${project.id}:${options.clientAddress}`);
    const text = await readBodyText(request, services.config.maxBodyBytes);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return rpcError(400, PARSE_ERROR, 'The body is not JSON: send a JSON-RPC message.');
    }
    const invalid = invalidParamsOf(body);
    if (invalid) return rpcError(400, INVALID_PARAMS, invalid.message, { field: invalid.field, id: invalid.id });
    await consumeToolCalls(body, options.isAuthenticated ? limits.authedToolCalls : limits.toolCalls, project.id);

    const site: McpSite = {
      projectId: project.id,
      siteId: project.siteId,
      name: project.name,
      liveDeploymentId: project.liveDeploymentId,
      siteAddress: `${address.origin}${address.base}`,
      analyticsEnabled: project.analyticsEnabled,
      reader: { caller: 'mcp', clientAddress: options.clientAddress, userAgent: request.headers.get('user-agent') },
    };
    const loaded = await siteCacheOf(services.db).site(project.siteId, project.liveDeploymentId);
    const server = mcpServerFor(services, site, mcpTools(loaded && searchFiltersOf(loaded.layout)));
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: body });
    } finally {
      void server.close();
    }
  } catch (error) {
    const app = appErrorOf(error);
    if (!app) throw error;
    return rpcError(app.status, SERVER_ERROR, app.message, { headers: app.headers, field: app.field });
  }
}

function mcpServerFor(services: Services, site: McpSite, tools: ReturnType<typeof mcpTools>): McpServer {
  const server = new McpServer(
    { name: `${site.name} docs`, version: '1.0.0' },
    { instructions: `Search and read the documentation of ${site.name}. Search first, then read the pages the results link.` },
  );
  server.registerTool('search', tools.search, (input) => searchTool(services, site, input));
  server.registerTool('read_pages', tools.read_pages, (input) => readPagesTool(services, site, input));
  return server;
}

/** Counts each tool call of the message (or batch) against its site-wide limit, before any runs. */
async function consumeToolCalls(body: unknown, limits: Record<'search' | 'read', RateLimit>, projectId: string): Promise<void> {
  for (const message of Array.isArray(body) ? body : [body]) {
    const call = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (call?.method !== 'tools/call' || typeof call.params?.name !== 'string') continue;
    const tool = LIMITED_TOOLS[call.params.name];
    if (tool) await limits[tool].consume(projectId);
  }
}

/** A JSON-RPC error answer; `field` (in `error.data`) names the input at fault, as the API's `field` does. */
function rpcError(
  status: number,
  code: number,
  message: string,
  { headers = {}, field, id = null }: { headers?: Record<string, string>; field?: string; id?: unknown } = {},
): Response {
  const error = { code, message, ...(field ? { data: { field } } : {}) };
  return new Response(JSON.stringify({ jsonrpc: '2.0', error, id }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
