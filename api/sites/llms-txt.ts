import { siteUrl } from '../render/site-origin.ts';

/**
 * llms.txt and llms-full.txt (https://llmstxt.org), as Mintlify writes them (ai/llmstxt.mdx): the
 * site's title, description and agent instructions, then its pages in navigation order with their
 * descriptions, its API specifications and its external links. Addresses are written with the site
 * origin mark (site-origin.ts), completed when the text is served.
 *
 * Lengths are counted in UTF-16 code units (`string.length`), never fewer than characters, so a text
 * within LLMS_TXT_LIMIT units is within that many characters.
 */

export interface LlmsPage {
  /** Root-relative route, `/customize/custom-domain` (home is `/`). */
  route: string;
  title: string;
  /** Frontmatter description ('' when none). */
  description: string;
}

export interface LlmsSite {
  /** docs.json `name`. */
  name: string;
  /** docs.json `description` ('' when none). */
  description: string;
  /** docs.json `markdown.instructions`, a string or list of strings as docs.json has it, normalised to lines ([] when none). */
  instructions: string[];
  /** The default language's navigation pages of its default version and of no version, in docs.json order, each once, hidden and noindex ones already removed by the caller unless seo.indexing is "all". */
  pages: LlmsPage[];
  /** Pages outside the navigation that `seo.indexing: "all"` includes (the formatter sorts them alphabetically by title and lists them after the others). */
  extraPages: LlmsPage[];
  /** OpenAPI and AsyncAPI specification files the docs use: repository paths (`openapi.json`) or absolute http(s) URLs. */
  openApiSpecs: string[];
  asyncApiSpecs: string[];
  /** Absolute http(s) links in the navigation (title and URL). */
  externalLinks: { title: string; url: string }[];
}

export const LLMS_TXT_LIMIT = 100_000;

/**
 * How long a page's description may be in llms.txt, the ellipsis included: 300 as Mintlify says, then
 * shorter and shorter while the file is over the limit, then none.
 */
const DESCRIPTION_LENGTHS = [300, 150, 60, 0] as const;
/** A docs.json whose description or instructions alone would fill llms.txt still leaves room for the pages. */
const MAX_HEAD_LENGTH = LLMS_TXT_LIMIT / 2;
const ELLIPSIS = '…';

interface Section {
  heading: string;
  entries: string[];
  /** What one entry is, for the note on what was left out. */
  noun: [singular: string, plural: string];
}

/** llms.txt: at most LLMS_TXT_LIMIT characters, shortened as ai/llmstxt.mdx says. */
export function llmsTxt(site: LlmsSite): string {
  const head = shorten(headOf(site), MAX_HEAD_LENGTH);
  const pages = pagesInOrder(site);
  const specs = (heading: string, urls: string[], noun: string): Section => ({
    heading,
    entries: urls.map((url) => `- [${linkText(specName(url))}](${linkTarget(specUrl(url))})`),
    noun: [noun, `${noun}s`],
  });
  const openApi = specs('OpenAPI Specs', site.openApiSpecs, 'OpenAPI specification');
  const asyncApi = specs('AsyncAPI Specs', site.asyncApiSpecs, 'AsyncAPI specification');
  const optional: Section = {
    heading: 'Optional',
    entries: site.externalLinks.map((link) => `- [${linkText(link.title)}](${linkTarget(link.url)})`),
    noun: ['link', 'links'],
  };

  const listed = pages.map(pageLink);
  const docsWith = (length: number): Section => ({
    heading: 'Docs',
    entries: listed.map(({ link, summary }) => (summary && length > 0 ? `${link}: ${shorten(summary, length)}` : link)),
    noun: ['page', 'pages'],
  });
  for (const length of DESCRIPTION_LENGTHS) {
    const sections = [docsWith(length), openApi, asyncApi, optional];
    if (renderedLength(head, sections) <= LLMS_TXT_LIMIT) return render(head, sections);
  }

  // Still too long without descriptions: entries go from the end, pages first (llms-full.txt still has
  // them), then the links (the section llmstxt.org says may be skipped), then the specifications.
  const byPriority = [openApi, asyncApi, optional, docsWith(0)];
  const keeping = (count: number): Section[] => {
    let left = count;
    const kept = byPriority.map((section) => {
      const entries = section.entries.slice(0, left);
      left -= entries.length;
      return { ...section, entries };
    });
    const [keptOpenApi, keptAsyncApi, keptOptional, keptDocs] = kept as [Section, Section, Section, Section];
    const note = omissionNote(byPriority.map((section, i) => ({ section, count: section.entries.length - kept[i]!.entries.length })));
    return [{ ...keptDocs, entries: [...keptDocs.entries, note] }, keptOpenApi, keptAsyncApi, keptOptional];
  };
  // The largest number of entries that fits, searched by halves: an entry adds more than the note loses by
  // counting one fewer, except where the note stops naming a section, so the search may keep one entry
  // fewer than would fit, never one more. No entries at all fits, the head being capped.
  let low = 0;
  let high = byPriority.reduce((sum, section) => sum + section.entries.length, 0) - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (renderedLength(head, keeping(middle)) <= LLMS_TXT_LIMIT) low = middle;
    else high = middle - 1;
  }
  return render(head, keeping(low));
}

/** llms-full.txt: every page of `pages` then `extraPages` (same order as llms.txt) with its Markdown body; `bodyOf(route)` gives a page's Markdown export body. No size limit. */
export function llmsFullTxt(site: LlmsSite, bodyOf: (route: string) => string): string {
  const blocks = [headOf(site)];
  for (const page of pagesInOrder(site)) {
    const parts = [`# ${oneLine(page.title)}\nSource: ${linkTarget(siteUrl(page.route))}`];
    if (page.description.trim()) parts.push(quote(page.description));
    // Its blank lines at either end go, so that one blank line separates every part; not its first
    // line's indent, which may make a code block.
    const body = bodyOf(page.route)
      .replace(/^(?:[ \t]*\r?\n)+/, '')
      .trimEnd();
    if (body) parts.push(body);
    blocks.push(parts.join('\n\n'));
  }
  return `${blocks.join('\n\n---\n\n')}\n`;
}

/**
 * Agent instructions as the Markdown blockquote block ai/markdown-export.mdx shows (`> ## Agent Instructions`
 * then one `> line` per line), '' when none: also used by the page Markdown export. No final line break.
 */
export function agentInstructionsBlock(instructions: string[]): string {
  const text = instructions.join('\n');
  return text.trim() ? quote(`## Agent Instructions\n${text}`) : '';
}

/** The site's title, description and instructions, blank-line separated. */
function headOf(site: LlmsSite): string {
  return [`# ${oneLine(site.name)}`, quote(site.description), agentInstructionsBlock(site.instructions)].filter(Boolean).join('\n\n');
}

/** The navigation's pages, then the others alphabetically by title (by route between equal titles). */
function pagesInOrder(site: LlmsSite): LlmsPage[] {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const extra = [...site.extraPages].sort((a, b) => collator.compare(a.title, b.title) || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  return [...site.pages, ...extra];
}

/** `- [Title](…/route.md)`, and the first paragraph of the page's description on one line ('' when none). */
function pageLink(page: LlmsPage): { link: string; summary: string } {
  const link = `- [${linkText(page.title)}](${linkTarget(siteUrl(page.route === '/' ? '/index.md' : `${page.route}.md`))})`;
  return { link, summary: oneLine(page.description.trim().split(/\n[ \t]*\r?\n/, 1)[0]!) };
}

/** The sections with entries, after the head; blank-line separated, ending with a line break. */
function render(head: string, sections: Section[]): string {
  const blocks = [head];
  for (const section of sections) if (section.entries.length > 0) blocks.push(`## ${section.heading}\n\n${section.entries.join('\n')}`);
  return `${blocks.join('\n\n')}\n`;
}

/** The length of render(head, sections), without making the text: a large site is measured several times. */
function renderedLength(head: string, sections: Section[]): number {
  let length = head.length + 1;
  for (const section of sections) {
    if (section.entries.length === 0) continue;
    length += '\n\n## '.length + section.heading.length + '\n\n'.length + section.entries.length - 1;
    for (const entry of section.entries) length += entry.length;
  }
  return length;
}

/** `- [llms-full.txt](…): every page; this list leaves out the last 1,234 pages and 2 links to stay under 100,000 characters`. */
function omissionNote(omitted: { section: Section; count: number }[]): string {
  const number = new Intl.NumberFormat('en-US');
  const counts = omitted
    .filter(({ count }) => count > 0)
    .reverse()
    .map(({ section, count }) => `${number.format(count)} ${section.noun[count === 1 ? 0 : 1]}`);
  const listed = counts.length > 1 ? `${counts.slice(0, -1).join(', ')} and ${counts.at(-1)}` : counts[0];
  return `- [llms-full.txt](${siteUrl('/llms-full.txt')}): every page; this list leaves out the last ${listed} to stay under ${number.format(LLMS_TXT_LIMIT)} characters`;
}

/**
 * The text at most `length` long, the ellipsis included: cut at the last space when there is one in
 * its second half (text without spaces, such as Chinese, is cut where it must be).
 */
function shorten(text: string, length: number): string {
  if (text.length <= length) return text;
  const space = text.lastIndexOf(' ', length - 1);
  const cut = space > length / 2 ? text.slice(0, space) : text.slice(0, length - 1).replace(/[\uD800-\uDBFF]$/, '');
  let end = cut.length;
  while (end > 0 && ' \t\n\r,.;:'.includes(cut[end - 1]!)) end--;
  return `${cut.slice(0, end)}${ELLIPSIS}`;
}

/** Text as a Markdown blockquote, a `>` on each line; '' for blank text. */
function quote(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return trimmed
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${line.trimEnd()}` : '>'))
    .join('\n');
}

/** Each run of white space a single space; single spaces are left unmatched, as replacing each is slow on a large site. */
const oneLine = (text: string): string => text.replace(/[^\S ]\s*| \s+/g, ' ').trim();

/** A link's text that cannot end the link early: backslashes and brackets escaped. */
const linkText = (text: string): string => oneLine(text).replace(/[\\[\]]/g, '\\$&');

/** A link's address that cannot end the link early (CommonMark): spaces, controls, parentheses and angle brackets percent-encoded. */
const linkTarget = (url: string): string => url.replace(/[\x00-\x20()<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

const isAbsolute = (url: string): boolean => /^https?:\/\//i.test(url);

/** A repository path (`openapi.json`, `./specs/v1.yaml`) becomes an address on the site. */
const specUrl = (spec: string): string => (isAbsolute(spec) ? spec : siteUrl(spec.replace(/^\.?\/+/, '')));

/** The file name without its extension: `specs/openapi.json` and `https://api.example.com/v1/openapi.yaml?x=1` are `openapi`. */
function specName(spec: string): string {
  const path = spec.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const file = path.slice(path.lastIndexOf('/') + 1);
  return file.replace(/\.[^.]*$/, '') || file;
}
