import type { Db } from '../db/database.ts';
import { slugify } from '../mintlify/mdx/anchors.ts';
import { agentInstructionsBlock } from './llms-txt.ts';
import type { LoadedSite, SitePage } from './loaded-site.ts';
import { siteCacheOf } from './site-cache.ts';

/** A page of a deployment as AI tools read it. */
export interface PageMarkdown {
  route: string;
  title: string;
  /** `# Title`, the description as a blockquote, the body, the site's agent instructions; addresses marked (site-origin.ts). */
  markdown: string;
}

/**
 * The route a reader's path names: `/quickstart`, `quickstart`, `/quickstart/`, `/quickstart.md`,
 * `/quickstart#install` (a search result's path) and `/index.md` (the home page) all name a page.
 */
export function routeOfReadPath(path: string): string {
  let route = path.trim().split(/[?#]/)[0]!.replace(/\/+$/, '');
  if (!route.startsWith('/')) route = `/${route}`;
  if (route.endsWith('.md')) route = route.slice(0, -3);
  if (route === '/index' || route === '') return '/';
  return route;
}

/** A deployment's page at a route as Markdown, or undefined when it serves no page there; `siteId` as the site cache keeps it. */
export async function pageMarkdownOf(db: Db, siteId: string, deploymentId: string, route: string): Promise<PageMarkdown | undefined> {
  const cache = siteCacheOf(db);
  const site = await cache.site(siteId, deploymentId);
  const page = site?.pageAt(route);
  if (!site || !page) return undefined;
  const body = await cache.markdown(page.pageId, page.route);
  if (body === undefined) return undefined;
  return { route: page.route, title: page.title, markdown: composePageMarkdown(site, page, body) };
}

/** A page's whole Markdown export (ai/markdown-export.mdx): its title, description, body and the site's agent instructions. */
export function composePageMarkdown(site: LoadedSite, page: SitePage, body: string): string {
  const description = page.description.trim().replace(/\s*\n\s*/g, ' ');
  const instructions = agentInstructionsBlock(site.layout.agentInstructions ?? []);
  return [`# ${page.title}`, description ? `> ${description}` : '', body.trim(), instructions.trim()]
    .filter((part) => part !== '')
    .join('\n\n')
    .concat('\n');
}

/**
 * One section of a page's Markdown: from the heading that `section` names (its anchor, `#anchor`, or
 * its text, whatever the case) to the next heading of the same or a higher level; undefined when no
 * heading is named so. Headings inside fenced code are not headings.
 */
export function sectionOfMarkdown(markdown: string, section: string): string | undefined {
  const wanted = section.trim().replace(/^#/, '');
  const lines = markdown.split('\n');
  const headings: { line: number; level: number }[] = [];
  let fence: string | undefined;
  let start: { line: number; level: number } | undefined;
  for (const [index, line] of lines.entries()) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      continue;
    }
    if (fence) continue;
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const level = heading[1]!.length;
    headings.push({ line: index, level });
    const text = plainHeading(heading[2]!);
    if (!start && index > 0 && (slugify(text) === slugify(wanted) || slugify(text) === wanted || text.toLowerCase() === wanted.toLowerCase()))
      start = { line: index, level };
  }
  if (!start) return undefined;
  const end = headings.find((heading) => heading.line > start.line && heading.level <= start.level)?.line ?? lines.length;
  return `${lines.slice(start.line, end).join('\n').trim()}\n`;
}

/** A heading's text without its Markdown: links, emphasis and code marks. */
const plainHeading = (text: string) =>
  text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]/g, '')
    .trim();
