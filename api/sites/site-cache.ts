import type { Db } from '../db/database.ts';
import type { PageHeading } from '../render/headings.ts';
import type { PageBody } from './page-html.ts';
import { LoadedSite } from './loaded-site.ts';
import { markdownAtRoute } from '../render/route-marks.ts';

/** Rendered bodies and composed pages a process keeps in memory, in characters (about 2 bytes each). */
const MAX_CACHED_CHARS = 40_000_000;

/**
 * What one process keeps to serve sites fast: each project's loaded site (its live deployment's, or
 * whichever deployment a screenshot asked for), page bodies by page id (content-addressed, never
 * stale) and finished responses by deployment and URL, both in one LRU bounded by size. A new
 * deployment is a new key, so nothing needs invalidating: the switch to live is the switch of key.
 */
export class SiteCache {
  readonly #sites = new Map<string, Promise<LoadedSite | undefined>>();
  readonly #entries = new Map<string, { value: unknown; size: number }>();
  #size = 0;

  constructor(private readonly db: Db) {}

  /**
   * The site of a deployment, loaded once however many ask; a site (a project's live site, or a preview:
   * `siteId`, api/projects/preview-names.ts) keeps its two latest: the live one and the one loaded
   * before it goes live (or the one it replaced, for requests already under way).
   */
  site(siteId: string, deploymentId: string): Promise<LoadedSite | undefined> {
    const key = `${siteId}:${deploymentId}`;
    let site = this.#sites.get(key);
    if (!site) {
      const older = [...this.#sites.keys()].filter((other) => other.startsWith(`${siteId}:`));
      for (const other of older.slice(0, -1)) this.#sites.delete(other);
      site = LoadedSite.load(this.db, deploymentId);
      site.catch(() => this.#sites.delete(key));
      this.#sites.set(key, site);
    }
    return site;
  }

  async body(pageId: string): Promise<PageBody | undefined> {
    const cached = this.get<PageBody>(`body:${pageId}`);
    if (cached) return cached;
    const render = await this.db.pageRender.findUnique({ where: { pageId }, select: { html: true, headings: true, mode: true, endpoint: true } });
    if (!render) return undefined;
    const body: PageBody = {
      html: render.html,
      // Prisma reads JSON columns untyped; storePages writes this one only from the render's PageHeading[].
      headings: render.headings as PageHeading[],
      mode: render.mode,
      endpoint: render.endpoint ?? undefined,
    };
    this.set(`body:${pageId}`, body, render.html.length);
    return body;
  }

  /**
   * A page's Markdown body as served at `route` (its addresses marked, see site-origin.ts), '' for a page
   * rendered before Markdown was.
   */
  async markdown(pageId: string, route: string): Promise<string | undefined> {
    const cached = this.get<string>(`markdown:${pageId}`);
    if (cached !== undefined) return markdownAtRoute(cached, route);
    const render = await this.db.pageRender.findUnique({ where: { pageId }, select: { markdown: true } });
    if (!render) return undefined;
    this.set(`markdown:${pageId}`, render.markdown, render.markdown.length);
    return markdownAtRoute(render.markdown, route);
  }

  /** A deployment's llms.txt or llms-full.txt as stored (marked), '' for a deployment made before they were. */
  async agentText(deploymentId: string, name: 'llmsTxt' | 'llmsFullTxt'): Promise<string> {
    const key = `${name}:${deploymentId}`;
    const cached = this.get<string>(key);
    if (cached !== undefined) return cached;
    const build = await this.db.siteBuild.findUnique({ where: { deploymentId }, select: { llmsTxt: name === 'llmsTxt', llmsFullTxt: name === 'llmsFullTxt' } });
    const text = build?.[name] ?? '';
    this.set(key, text, text.length);
    return text;
  }

  get<T>(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key); // most recently used last
    this.#entries.set(key, entry);
    return entry.value as T;
  }

  set(key: string, value: unknown, size: number): void {
    const previous = this.#entries.get(key);
    if (previous) this.#size -= previous.size;
    this.#entries.set(key, { value, size });
    this.#size += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#size <= MAX_CACHED_CHARS) break;
      this.#entries.delete(oldest);
      this.#size -= entry.size;
    }
  }
}

const caches = new WeakMap<Db, SiteCache>();

/** The process's site cache for this database (one per runtime, made on first use). */
export function siteCacheOf(db: Db): SiteCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SiteCache(db)));
  return cache;
}
