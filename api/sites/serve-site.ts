import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { escapeHtml } from '../http/html.ts';
import { EMBED_ORIGINS } from '../render/embeds.ts';
import { matchesEtag } from '../http/static-files.ts';
import { endpointOrigins } from './endpoint/endpoint-origins.ts';
import type { LoadedSite } from './loaded-site.ts';
import { composePage, type SiteAddress } from './page-html.ts';
import { siteCacheOf, type SiteCache } from './site-cache.ts';
import { siteKeyOf } from './site-key.ts';
import { type AgentRequest, agentLinkHeaders, asksForMarkdown, serveAgentResource, servePageMarkdown } from './agent-resources.ts';
import { routeOfReadPath } from './live-page-markdown.ts';
import { serveRssFeed } from './rss-feed.ts';
import { parsePreviewDomain, siteIdOf } from '../projects/preview-names.ts';
import { markPreviewUsed } from '../projects/preview-usage.ts';

/**
 * The site's pages may run Folio's widget (a script of the same origin) and call Folio's API; the
 * content itself runs nothing (it is sanitised, and no inline script is allowed). Images, videos and
 * sound may come from the site's own files or any https address, as docs pages link them; fonts from
 * Folio (KaTeX's); frames only from the video and demo players pages embed (api/render/embeds.ts).
 */
export const SITE_PAGE_POLICY = pagePolicy([]);

/** The policy of one page: an API page's playground may also connect to its API's servers (api/sites/endpoint/endpoint-origins.ts), and only that page. */
function pagePolicy(apiOrigins: readonly string[]): string {
  return `default-src 'none'; script-src 'self'; connect-src 'self'${apiOrigins.map((origin) => ` ${origin}`).join('')}; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; media-src 'self' https:; font-src 'self'; frame-src ${EMBED_ORIGINS.join(' ')}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}
/** Where a deployment's own stylesheet is served (site-css.ts), below the site's base; no repository file is served there. */
const SITE_CSS_ROUTE = '/_folio/site.css';

/** The deployment's stylesheet; its address carries its hash, so it may be kept for a year. */
function serveSiteCss(site: LoadedSite, request: Request): Response {
  if (!site.css) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const etag = `"${site.cssVersion}"`;
  const headers = new Headers({
    'content-type': 'text/css; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'public, max-age=31536000, immutable',
    etag,
  });
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : site.css, { headers });
}

/** Repository files (an SVG may hold script): never run anything, even when opened directly. */
const FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
/** Files up to this size are kept in memory once served. */
const MAX_CACHED_FILE = 512 * 1024;

/** Which deployment of which project a request is answered from. */
export interface SiteSource {
  projectId: string;
  deploymentId: string;
  siteKey: string;
  /** What the process keeps the site's pages under (api/projects/preview-names.ts); the project's id when not given. */
  siteId?: string;
  /** A branch's preview: its pages are marked noindex. */
  isPreview?: boolean;
  /** Whether readers' views are recorded (the live site's; a preview's or a screenshot's views never are). */
  analyticsEnabled?: boolean;
}

/** A page read, for analytics: its route, and whether it was asked as HTML or Markdown. */
export type OnView = (view: { path: string; via: 'html' | 'markdown' }) => void;

/**
 * The live deployment of the site a domain names (a project's subdomain, or a preview's
 * `{slug}--{subdomain}`) and its project's published key, read on every request (indexed queries), so a
 * site switches exactly when its project or preview does: the first request after the switch is
 * answered from the new deployment, by every web process.
 */
export async function liveSiteSource(db: Db, domain: string): Promise<SiteSource | undefined> {
  const select = {
    id: true,
    liveDeploymentId: true,
    analyticsEnabled: true,
    apiKeys: {
      where: { kind: 'assistant' as const, publishedKey: { not: null }, revokedAt: null },
      orderBy: { createdAt: 'asc' as const },
      take: 1,
      select: { publishedKey: true },
    },
  };
  const project = await db.project.findUnique({ where: { subdomain: domain }, select });
  if (project) {
    if (!project.liveDeploymentId) return undefined;
    const siteKey = project.apiKeys[0]?.publishedKey ?? (await siteKeyOf(db, project.id));
    return { projectId: project.id, deploymentId: project.liveDeploymentId, siteKey, analyticsEnabled: project.analyticsEnabled };
  }
  const named = parsePreviewDomain(domain);
  if (!named) return undefined;
  const preview = await db.preview.findFirst({
    where: { slug: named.slug, project: { subdomain: named.subdomain } },
    select: { id: true, deploymentId: true, project: { select } },
  });
  if (!preview?.deploymentId) return undefined;
  markPreviewUsed(db, preview.id);
  const siteKey = preview.project.apiKeys[0]?.publishedKey ?? (await siteKeyOf(db, preview.project.id));
  return { projectId: preview.project.id, deploymentId: preview.deploymentId, siteKey, siteId: siteIdOf(preview.project.id, named.slug), isPreview: true };
}

/** Answers a GET or HEAD for `path` (below the site's base) from `source`; a preview's answers all say noindex. */
export async function serveSite(
  db: Db,
  request: Request,
  address: SiteAddress,
  path: string,
  source: SiteSource | undefined,
  onView?: OnView,
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    throw new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed here; use GET.`, { headers: { Allow: 'GET, HEAD' } });
  }
  if (!source) return plainPage(404, 'No documentation here', `Nothing is deployed at "${address.subdomain}" yet.`);
  const isPreview = source.isPreview === true;
  const response = await answerFromSource({ db, request, address: isPreview ? { ...address, isPreview } : address, path, source, onView });
  if (isPreview) response.headers.set('x-robots-tag', 'noindex');
  return response;
}

/** A request for a site with a deployment to answer from. */
interface SourcedRequest {
  db: Db;
  request: Request;
  address: SiteAddress;
  path: string;
  source: SiteSource;
  onView?: OnView;
}

async function answerFromSource({ db, request, address, path, source, onView }: SourcedRequest): Promise<Response> {
  const cache = siteCacheOf(db);
  const site = await cache.site(source.siteId ?? source.projectId, source.deploymentId);
  if (!site) return plainPage(404, 'Not rendered yet', 'This deployment was made before Folio rendered sites: deploy the project again.');

  if (path === '' && address.base) return redirect(`${address.base}/`, true);
  const agent: AgentRequest = { request, site, deploymentId: source.deploymentId, cache, siteAddress: `${address.origin}${address.base}`, base: address.base };
  const resource = await serveAgentResource(path, agent);
  if (resource) return resource;
  const { route, decoded } = routeOfPath(path);
  if (route === undefined) return notFoundPage(site, address, source, cache, request);
  if (route !== (decoded || '/')) return redirect(`${address.base}${route}`, true);

  if (route === SITE_CSS_ROUTE) return serveSiteCss(site, request);
  const feed = await serveRssFeed(site, cache, address, route, request);
  if (feed) return feed;
  const file = site.files.get(route.slice(1));
  if (file) return serveFile(db, cache, request, source.projectId, file);
  const page = site.pages.get(route);
  if (page) {
    const isMarkdown = asksForMarkdown(request);
    onView?.({ path: page.route, via: isMarkdown ? 'markdown' : 'html' });
    return isMarkdown ? servePageMarkdown(page, agent) : servePage(site, address, page.route, source, cache, request, 200);
  }
  const markdownOf = route.endsWith('.md') ? site.pageAt(routeOfReadPath(route)) : undefined;
  if (markdownOf) {
    onView?.({ path: markdownOf.route, via: 'markdown' });
    return servePageMarkdown(markdownOf, agent);
  }
  const moved = site.redirects.match(route);
  if (moved) return redirect(/^https?:\/\//.test(moved.location) ? moved.location : `${address.base}${moved.location}`, moved.isPermanent);
  const home = route === '/' ? site.homeRoute() : undefined;
  if (home) return redirect(`${address.base}${home}`, false);
  const inFolder = site.firstRouteUnder(route);
  if (inFolder) return redirect(`${address.base}${inFolder}`, false);
  return notFoundPage(site, address, source, cache, request);
}

/**
 * The route of a path (`/a/b/` -> `/a/b`) and the path decoded, which a canonical address equals; no
 * route for paths no file or page can have (`..`, a NUL, bad encoding).
 */
function routeOfPath(path: string): { route?: string; decoded?: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return {};
  }
  const parts = decoded.split('/').filter(Boolean);
  if (parts.some((part) => part === '..' || part === '.' || /[\u0000\\]/.test(part))) return {};
  return { route: `/${parts.join('/')}`, decoded };
}

async function servePage(
  site: LoadedSite,
  address: SiteAddress,
  route: string,
  source: SiteSource,
  cache: SiteCache,
  request: Request,
  status: number,
): Promise<Response> {
  const page = site.pages.get(route);
  // Read before the headers: an API page's policy names its servers, on a 304 too (a browser may keep the policy it is given).
  const stored = page && (await cache.body(page.pageId));
  const keyTag = createHash('sha256').update(source.siteKey).digest('base64url').slice(0, 8);
  const etag = `"${source.deploymentId}.${page?.pageId ?? 'missing'}.${keyTag}"`;
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': stored?.endpoint ? pagePolicy(endpointOrigins(stored.endpoint)) : SITE_PAGE_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cache-control': 'public, max-age=0, must-revalidate',
    vary: 'Accept, Accept-Encoding',
    etag,
    ...agentLinkHeaders(address.base),
  });
  if (status === 200 && matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });

  const key = `page:${address.base}:${etag}:${route}`;
  let composed = cache.get<{ html: Buffer; gzip: Buffer }>(key);
  if (!composed) {
    const body = stored || {
      html: page
        ? '<p>This page could not be rendered; deploy the project again.</p>'
        : '<h1>Page not found</h1><p>There is no page at this address. Search the docs, or pick a page from the navigation.</p>',
      headings: [],
    };
    const html = Buffer.from(composePage(site, address, page, body, source.siteKey));
    composed = { html, gzip: gzipSync(html, { level: 6 }) };
    cache.set(key, composed, (html.byteLength + composed.gzip.byteLength) / 2);
  }
  const isGzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
  const content = isGzip ? composed.gzip : composed.html;
  if (isGzip) headers.set('content-encoding', 'gzip');
  headers.set('content-length', String(content.byteLength));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(content), { status, headers });
}

function notFoundPage(site: LoadedSite, address: SiteAddress, source: SiteSource, cache: SiteCache, request: Request): Promise<Response> {
  return servePage(site, address, '\u0000not-found', source, cache, request, 404);
}

async function serveFile(db: Db, cache: SiteCache, request: Request, projectId: string, blobId: string): Promise<Response> {
  const etag = `"${blobId}"`;
  const headers = new Headers({
    'cache-control': 'public, max-age=0, must-revalidate',
    etag,
    'content-security-policy': FILE_POLICY,
    'x-content-type-options': 'nosniff',
  });
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  let file = cache.get<{ contentType: string; content: Uint8Array<ArrayBuffer> }>(`file:${blobId}`);
  if (!file) {
    const stored = await db.siteFile.findUnique({ where: { projectId_blobId: { projectId, blobId } }, select: { contentType: true, content: true } });
    if (!stored) return plainPage(404, 'Not found', 'This file is not served (it may be too large).');
    file = { contentType: stored.contentType, content: new Uint8Array(stored.content) };
    if (file.content.byteLength <= MAX_CACHED_FILE) cache.set(`file:${blobId}`, file, file.content.byteLength);
  }
  headers.set('content-type', file.contentType);
  headers.set('content-length', String(file.content.byteLength));
  return new Response(request.method === 'HEAD' ? null : file.content, { status: 200, headers });
}

function redirect(location: string, isPermanent: boolean): Response {
  // A header holds bytes, not text: a route of "/😀" goes out percent-encoded, as browsers send it.
  const encoded = location.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character));
  return new Response(null, { status: isPermanent ? 308 : 307, headers: { location: encoded, 'cache-control': 'public, max-age=0, must-revalidate' } });
}

function plainPage(status: number, title: string, message: string): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>:root{color-scheme:light dark}body{font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`,
    {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      },
    },
  );
}
