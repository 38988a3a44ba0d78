import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { matchesEtag } from '../http/static-files.ts';
import { lookupTable } from '../lookup-table.ts';
import { composePageMarkdown } from './live-page-markdown.ts';
import type { LoadedSite, SitePage } from './loaded-site.ts';
import type { SiteCache } from './site-cache.ts';
import { withSiteOrigin } from '../render/site-origin.ts';

/** The files of a site for AI tools, by path below the site's base (ai/llmstxt.mdx). */
const TEXTS = lookupTable<'llmsTxt' | 'llmsFullTxt'>({
  '/llms.txt': 'llmsTxt',
  '/.well-known/llms.txt': 'llmsTxt',
  '/llms-full.txt': 'llmsFullTxt',
  '/.well-known/llms-full.txt': 'llmsFullTxt',
});
const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/** What a request for a resource needs to know of the site. */
export interface AgentRequest {
  request: Request;
  site: LoadedSite;
  deploymentId: string;
  cache: SiteCache;
  /** Where the site is read: `http://host/sites/acme`, or `https://acme.docs.example.com`. */
  siteAddress: string;
  /** The site's base path (`/sites/acme`, or '' on its own host name). */
  base: string;
}

/** The headers every page carries so that AI tools find the resources above (ai/llmstxt.mdx). */
export function agentLinkHeaders(base: string): Record<string, string> {
  return {
    link: `<${base}/llms.txt>; rel="llms-txt", <${base}/llms-full.txt>; rel="llms-full-txt", <${base}/.well-known/mcp/server-card.json>; rel="mcp-server-card"`,
    'x-llms-txt': `${base}/llms.txt`,
  };
}

/** Whether a page request asks for Markdown rather than HTML (`Accept: text/markdown` or `text/plain`, before any HTML type). */
export function asksForMarkdown(request: Request): boolean {
  const accept = (request.headers.get('accept') ?? '').toLowerCase();
  const markdown = accept.search(/text\/(markdown|plain)/);
  if (markdown < 0) return false;
  const html = accept.search(/text\/html|application\/xhtml\+xml/);
  return html < 0 || markdown < html;
}

/** llms.txt or llms-full.txt, or undefined when `path` is neither (the MCP server and its discovery documents are api/mcp/'s). */
export async function serveAgentResource(path: string, agent: AgentRequest): Promise<Response | undefined> {
  const text = TEXTS[path];
  if (text) {
    return sendText(agent, text, 'text/plain; charset=utf-8', async () => {
      const stored = await agent.cache.agentText(agent.deploymentId, text);
      return stored === '' ? undefined : stored;
    });
  }
  return undefined;
}

/** A page as Markdown: `{page}.md`, or the page's own URL asked with `Accept: text/markdown`. */
export function servePageMarkdown(page: SitePage, agent: AgentRequest): Promise<Response> {
  // A page's content may be served at several routes (versions), and its relative links differ by route.
  const routeTag = createHash('sha256').update(page.route).digest('base64url').slice(0, 8);
  return sendText(agent, `page.${page.pageId}.${routeTag}`, MARKDOWN_TYPE, async () => {
    const body = await agent.cache.markdown(page.pageId, page.route);
    return body === undefined ? undefined : composePageMarkdown(agent.site, page, body);
  });
}

/**
 * Sends text made at deployment with the site's address put in, kept (with its gzip) per deployment
 * and address so that the next request is a copy; 404 when the deployment has none (it was made
 * before Folio made them: deploy again).
 */
async function sendText(agent: AgentRequest, name: string, contentType: string, read: () => Promise<string | undefined>): Promise<Response> {
  const { request, cache } = agent;
  const addressTag = createHash('sha256').update(agent.siteAddress).digest('base64url').slice(0, 8);
  const etag = `"${agent.deploymentId}.${name}.${addressTag}"`;
  const headers = new Headers({
    'content-type': contentType,
    'cache-control': 'public, max-age=0, must-revalidate',
    'x-content-type-options': 'nosniff',
    'access-control-allow-origin': '*',
    vary: 'Accept, Accept-Encoding',
    etag,
    ...agentLinkHeaders(agent.base),
  });
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const key = `agent:${etag}`;
  let made = cache.get<{ text: Buffer; gzip?: Buffer }>(key);
  if (!made) {
    const text = await read();
    if (text === undefined) {
      return new Response('Not found: this deployment has no such file; deploy the project again.\n', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' },
      });
    }
    made = { text: Buffer.from(withSiteOrigin(text, agent.siteAddress)) };
    cache.set(key, made, made.text.byteLength);
  }
  const isGzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '') && made.text.byteLength > 1024;
  if (isGzip) {
    made.gzip ??= gzipSync(made.text, { level: 4 });
    headers.set('content-encoding', 'gzip');
  }
  const content = isGzip ? made.gzip! : made.text;
  headers.set('content-length', String(content.byteLength));
  // A view, not a copy: the same bytes go to every request until the deployment changes.
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(content.buffer as ArrayBuffer, content.byteOffset, content.byteLength), {
    status: 200,
    headers,
  });
}
