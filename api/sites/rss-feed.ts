import { escapeHtml } from '../http/html.ts';
import { matchesEtag } from '../http/static-files.ts';
import { decodeEntities } from '../render/components/inline-markdown.ts';
import { htmlAtRoute } from '../render/route-marks.ts';
import type { LoadedSite } from './loaded-site.ts';
import { hasUpdates } from './page-assets.ts';
import type { SiteAddress } from './page-html.ts';
import type { SiteCache } from './site-cache.ts';

/** An item's description is the start of its text. */
const MAX_DESCRIPTION_CHARS = 1_000;

/** One Update entry as the rendered page holds it (api/render/components/steps.ts writes the markup read here). */
interface FeedItem {
  anchor: string;
  title: string;
  description: string;
  date?: Date;
}

/**
 * The RSS feed of a page of Update entries, at the page's address with `/rss.xml` after it
 * (`/changelog/rss.xml`), as Mintlify serves it: one item per entry, titled by its `rss.title` or label,
 * linked to its anchor, dated when its label is a date, described by its `rss.description` or its text
 * (code, formulas and diagrams left out). Undefined when there is no such page.
 */
export async function serveRssFeed(site: LoadedSite, cache: SiteCache, address: SiteAddress, route: string, request: Request): Promise<Response | undefined> {
  if (!route.endsWith('/rss.xml')) return undefined;
  const page = site.pages.get(route.slice(0, -'/rss.xml'.length) || '/');
  const body = page && (await cache.body(page.pageId));
  if (!page || !body || !hasUpdates(body.html)) return undefined;
  const etag = `"rss.${site.deploymentId}.${page.pageId}"`;
  const headers = new Headers({
    'content-type': 'application/rss+xml; charset=utf-8',
    'cache-control': 'public, max-age=0, must-revalidate',
    etag,
    'x-content-type-options': 'nosniff',
  });
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const pageUrl = `${address.origin}${address.base}${page.route === '/' ? '/' : page.route}`;
  const feed = rssXml({
    title: `${page.title} - ${site.layout.name}`,
    description: page.description || page.title,
    pageUrl,
    feedUrl: `${address.origin}${address.base}${route}`,
    items: feedItems(htmlAtRoute(body.html, page.route)),
  });
  return new Response(request.method === 'HEAD' ? null : feed, { status: 200, headers });
}

export function rssXml(feed: { title: string; description: string; pageUrl: string; feedUrl: string; items: FeedItem[] }): string {
  const x = escapeHtml;
  const items = feed.items.map((item) => {
    const link = `${feed.pageUrl}#${encodeURIComponent(item.anchor)}`;
    return [
      '<item>',
      `<title>${x(item.title)}</title>`,
      `<link>${x(link)}</link>`,
      `<guid isPermaLink="true">${x(link)}</guid>`,
      item.date ? `<pubDate>${item.date.toUTCString()}</pubDate>` : '',
      item.description ? `<description>${x(item.description)}</description>` : '',
      '</item>',
    ]
      .filter(Boolean)
      .join('');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${x(feed.title)}</title>
<link>${x(feed.pageUrl)}</link>
<description>${x(feed.description)}</description>
<generator>Folio</generator>
<atom:link href="${x(feed.feedUrl)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
</channel>
</rss>
`;
}

/** The page's Update entries, in page order: each `<section class="update">` to its matching `</section>` (entries may nest). */
export function feedItems(html: string): FeedItem[] {
  const found: { start: number; item: FeedItem }[] = [];
  const open: { attributes?: string; start: number }[] = [];
  for (const match of html.matchAll(/<section class="update"([^>]*)>|<section[\s>]|<\/section>/g)) {
    if (match[0] !== '</section>') open.push({ attributes: match[1], start: match.index + match[0].length });
    else {
      const entry = open.pop();
      if (entry?.attributes !== undefined) found.push({ start: entry.start, item: itemOf(entry.attributes, html.slice(entry.start, match.index)) });
    }
  }
  return found.sort((a, b) => a.start - b.start).flatMap(({ item }) => (item.anchor ? [item] : []));
}

function itemOf(attributes: string, inner: string): FeedItem {
  const data = (name: string) => decodeEntities(new RegExp(` ${name}="([^"]*)"`).exec(attributes)?.[1] ?? '');
  const label = data('data-label');
  const date = label ? new Date(label) : undefined;
  return {
    anchor: data('id'),
    title: data('data-rss-title') || label || data('id'),
    description: data('data-rss-description') || textOf(inner.replace(/^<div class="update-meta">[\s\S]*?<\/div><div class="update-body">/, '')),
    date: date && !Number.isNaN(date.getTime()) ? date : undefined,
  };
}

/** What an entry says in words, as Mintlify's feed has it: its text, without code, formulas, diagrams or icons. */
function textOf(html: string): string {
  const text = decodeEntities(
    withoutElements(html, /<span class="katex[ "]/g, 'span')
      .replace(/<(pre|code|svg|script|style)[\s>][\s\S]*?<\/\1>|<p class="code-title">[\s\S]*?<\/p>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_DESCRIPTION_CHARS ? `${text.slice(0, MAX_DESCRIPTION_CHARS - 1).trimEnd()}…` : text;
}

/** `html` without the elements whose opening tags `start` finds, nested elements of the same name included. */
function withoutElements(html: string, start: RegExp, name: string): string {
  let out = '';
  let at = 0;
  for (const match of html.matchAll(start)) {
    if (match.index < at) continue;
    out += html.slice(at, match.index);
    const tags = new RegExp(`<${name}[\\s>]|</${name}>`, 'g');
    tags.lastIndex = match.index;
    let depth = 0;
    for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
      depth += tag[0].startsWith('</') ? -1 : 1;
      if (depth === 0) {
        at = tags.lastIndex;
        break;
      }
    }
    if (depth !== 0) return out;
  }
  return out + html.slice(at);
}
