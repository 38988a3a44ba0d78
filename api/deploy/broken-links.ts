import { BoundedMap } from '../bounded-map.ts';
import { counted } from '../counted.ts';
import type { JsonObject } from '../mintlify/config-refs.ts';
import { pageAnchors, pageLinks } from '../mintlify/mdx/page-links.ts';
import { MAX_SNIPPET_DEPTH, snippetReferences } from '../mintlify/mdx/parse-page.ts';
import type { NavigationPage } from '../mintlify/navigation.ts';
import { routeOf } from '../mintlify/page-route.ts';
import { Redirects, readRedirects } from '../sites/redirects.ts';
import { type ProjectFiles, sourceOf } from './project-reader.ts';

/** A link that leads nowhere, where it is written. */
export interface BrokenLink {
  file: string;
  line: number;
  message: string;
  /**
   * False when the reader still gets somewhere: the page, without the anchor.
   */
  isError: boolean;
}

/** Prefixes Mintlify puts before a field's name in its anchor (`#param-id`, `#body-name`, `#response-data`). */
const FIELD_ANCHOR = /^(param|parameter|body|path|query|header|cookie|response)-/;
/** A frontmatter key of a page generated from an API spec: its anchors come from the spec, not its text. */
const SPEC_KEY = /^(openapi|asyncapi|api)\s*:/m;

/**
 * The links of the site's pages (and of the snippets they include) that lead nowhere, as Mintlify's
 * `mint broken-links` finds them: a Markdown link or an `href` to a site path that no page, redirect or
 * repository file answers, or to an anchor the page does not have (checked where the page's headings
 * are known: not on pages made from an API spec). A relative link is read as a browser reads it from
 * the page's route. Links off the site (`https:`, `mailto:`) are not followed.
 */
export async function findBrokenLinks(
  files: ProjectFiles,
  paths: Iterable<string>,
  pages: NavigationPage[],
  config: JsonObject,
  /** A file's Git blob, when the files are a commit's: what this process already read of it is not read again. */
  blobIdOf: (file: string) => string | undefined = () => undefined,
): Promise<BrokenLink[]> {
  // A page with no file of its own still has its route (the navigation's problem, reported apart; or a
  // page made from an API spec): links to it are not broken.
  const routes = new Map<string, string | undefined>();
  for (const page of pages) {
    const route = routeOf(page.page);
    if (!routes.get(route)) routes.set(route, sourceOf(page, files));
  }
  const sources = [...routes.values()].filter((source): source is string => source !== undefined);
  const facts = await readFacts(files, [...new Set(sources)], blobIdOf);
  const included = new Map<string, string[]>();
  const site: Site = {
    routes,
    files: new Set(paths),
    redirects: new Redirects(readRedirects(config.redirects)),
    facts,
    anchors: new Map(),
    problems: new Map(),
    targets: new Map(),
    withSnippets: (source) => included.get(source) ?? included.set(source, withSnippets(source, facts)).get(source)!,
  };

  const found = new Map<string, BrokenLink>();
  const checked = new Set<string>();
  for (const [route, source] of routes) {
    if (!source || checked.has(source)) continue;
    checked.add(source);
    for (const file of site.withSnippets(source)) {
      for (const link of facts.get(file)?.links ?? []) {
        const problem = linkProblem(link.target, route, site);
        const key = `${file}\u0000${link.line}\u0000${link.target}`;
        if (problem && !found.has(key))
          found.set(key, { file, line: link.line, message: `broken link "${link.target}": ${problem.message}`, isError: problem.isError });
      }
    }
  }
  const byFile = new Intl.Collator().compare; // as localeCompare orders, without its cost per call
  return [...found.values()].sort((a, b) => byFile(a.file, b.file) || a.line - b.line);
}

/** What the check needs of a file: its links, the anchors its headings make, the snippets it includes, whether an API spec makes its page. */
interface FileFacts {
  links: ReturnType<typeof pageLinks>;
  /** As `looseAnchor` writes them. */
  anchors: Set<string>;
  snippets: string[];
  isSpecPage: boolean;
}

/** What the check needs of a file's text, whatever its path: by blob, so that a file's copies (older versions' folders) are read once. */
type ContentFacts = Omit<FileFacts, 'snippets'>;

/** Facts this process read, by blob, and the snippets of a path's blob, by path (a redeployment reads only the files that changed). */
const MAX_CACHED_FILES = 50_000;
const contentCache = new BoundedMap<string, ContentFacts>(MAX_CACHED_FILES);
const snippetCache = new BoundedMap<string, { blob: string; snippets: string[] }>(MAX_CACHED_FILES);

/** The facts of the pages and, level by level, of the snippets they include (those that exist). */
async function readFacts(files: ProjectFiles, pages: string[], blobIdOf: (file: string) => string | undefined): Promise<Map<string, FileFacts>> {
  const facts = new Map<string, FileFacts>();
  // A file whose blob is not known is read every time.
  const heldContent = (blob: string | undefined) => (blob ? contentCache.get(blob) : undefined);
  const heldSnippets = (file: string, blob: string | undefined) => {
    const held = blob ? snippetCache.get(file) : undefined;
    return held && held.blob === blob ? held.snippets : undefined;
  };
  let wanted = pages;
  for (let depth = 0; depth <= MAX_SNIPPET_DEPTH && wanted.length > 0; depth++) {
    const unread = wanted.filter((file) => !heldSnippets(file, blobIdOf(file)) || !heldContent(blobIdOf(file)));
    const texts = unread.length > 0 ? await files.read(unread) : new Map<string, string>();
    const next = new Set<string>();
    for (const file of wanted) {
      const blob = blobIdOf(file);
      const text = () => texts.get(file) ?? '';
      let content = heldContent(blob);
      if (!content) {
        const anchors = new Set([...pageAnchors(text())].map(looseAnchor));
        content = { links: pageLinks(text()), anchors, isSpecPage: SPEC_KEY.test(frontmatterOf(text())) };
        if (blob) contentCache.set(blob, content);
      }
      let snippets = heldSnippets(file, blob);
      if (!snippets) {
        snippets = snippetReferences(file, text());
        if (blob) snippetCache.set(file, { blob, snippets });
      }
      facts.set(file, { ...content, snippets });
      for (const snippet of snippets) if (files.has(snippet) && !facts.has(snippet)) next.add(snippet);
    }
    wanted = [...next];
  }
  return facts;
}

/** Broken links a deployment's log lists; `folio check` lists them all. */
const MAX_LOGGED = 50;

/** What names a broken link from one deployment to the next: its file and message (its line moves with edits above it). */
export const brokenLinkKey = (link: BrokenLink) => `${link.file}: ${link.message}`;

/**
 * A deployment's log lines for its broken links: each as a warning with its file and line, at most 50.
 * A redeployment lists only those the previous deployment did not have (`previous.links`: their keys)
 * or that are in a file it changed, then counts them all: a one-page change does not list the site's
 * old broken links again.
 */
export function brokenLinkLog(links: BrokenLink[], previous?: { links: ReadonlySet<string>; changedFiles: ReadonlySet<string> }): string[] {
  const listed = previous ? links.filter((link) => !previous.links.has(brokenLinkKey(link)) || previous.changedFiles.has(link.file)) : links;
  const lines = listed.slice(0, MAX_LOGGED).map((link) => `Warning: ${link.file}:${link.line}: ${link.message}`);
  const more = listed.length - MAX_LOGGED;
  if (more > 0) lines.push(`Warning: ${counted(more, 'more broken link')}; folio check lists them all.`);
  if (listed.length < links.length) {
    lines.push(
      `Broken links: ${links.length.toLocaleString('en')} in all, ${listed.length.toLocaleString('en')} of them new or in a changed file; folio check lists them all.`,
    );
  }
  return lines;
}

interface Problem {
  message: string;
  isError: boolean;
}

interface Site {
  /** Route -> the file it is made from, if it has one. */
  routes: Map<string, string | undefined>;
  files: Set<string>;
  redirects: Redirects;
  facts: Map<string, FileFacts>;
  /** The anchors of each page read so far, by route, as `looseAnchor` writes them (undefined: not known). */
  anchors: Map<string, Set<string> | undefined>;
  /** What is wrong with each link checked so far, by its path and fragment. */
  problems: Map<string, Problem | undefined>;
  /** The same, by a link's target as written, for targets that read the same from every page (`/x#y`). */
  targets: Map<string, Problem | undefined>;
  /** The folders that hold a route, made when first asked for. */
  folders?: Set<string>;
  withSnippets(source: string): string[];
}

/** What is wrong with a link from the page at `route`, or undefined when it leads somewhere (or is not the site's). */
function linkProblem(target: string, route: string, site: Site): Problem | undefined {
  // Most links are written from the site's root: each such target is read once, not once per page that has it.
  const isAbsolute = target.startsWith('/') && !target.startsWith('//');
  if (isAbsolute && site.targets.has(target)) return site.targets.get(target);
  const problem = problemAt(target, route, site);
  if (isAbsolute) site.targets.set(target, problem);
  return problem;
}

function problemAt(target: string, route: string, site: Site): Problem | undefined {
  const link = siteLink(target, route);
  if (!link) return undefined;
  // The copies of a page in other versions' folders link to the same places: each is checked once.
  const key = `${link.path}#${link.fragment}`;
  if (!site.problems.has(key)) site.problems.set(key, problemOf(link, site));
  return site.problems.get(key);
}

function problemOf(link: { path: string; fragment: string }, site: Site): Problem | undefined {
  const page = pageAt(link.path, site);
  if (page === undefined) {
    if (link.path === '/' || site.files.has(link.path.slice(1)) || site.redirects.match(link.path)) return undefined;
    // A folder's address leads to its first page, on Mintlify and on Folio.
    if (foldersOf(site).has(link.path)) return undefined;
    return { message: `no page, redirect or file answers ${link.path}`, isError: true };
  }
  if (!link.fragment) return undefined;
  const anchors = anchorsOf(page, site);
  if (!anchors || hasAnchor(anchors, link.fragment)) return undefined;
  return { message: `${page} has no heading or anchor "#${link.fragment}"`, isError: false };
}

/** The folders that hold a route (`/guides` for `/guides/setup/dns`, and `/guides/setup`). */
function foldersOf(site: Site): Set<string> {
  if (!site.folders) {
    site.folders = new Set();
    for (const route of site.routes.keys()) {
      for (let at = route.lastIndexOf('/'); at > 0; at = route.lastIndexOf('/', at - 1)) site.folders.add(route.slice(0, at));
    }
  }
  return site.folders;
}

/** The site path and fragment a link names, or undefined for a link off the site or one written as code. */
function siteLink(target: string, route: string): { path: string; fragment: string } | undefined {
  const trimmed = target.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//') || /[{}$]/.test(trimmed)) return undefined;
  const hashAt = trimmed.indexOf('#');
  const fragment = hashAt < 0 ? '' : decode(trimmed.slice(hashAt + 1));
  const written = decode((hashAt < 0 ? trimmed : trimmed.slice(0, hashAt)).replace(/\?.*$/, ''));
  if (written === '') return { path: route, fragment };
  const segments = written.startsWith('/') ? [] : route.split('/').filter(Boolean).slice(0, -1);
  for (const part of written.split('/')) {
    if (part === '..') segments.pop();
    else if (part !== '.' && part !== '') segments.push(part);
  }
  return { path: `/${segments.join('/')}`, fragment };
}

/** The route of the page a path serves: `/guide`, `/guide/`, `/guide.md`, `/guide.mdx` and `/guide/index` alike. */
function pageAt(path: string, site: Site): string | undefined {
  const bare = path.replace(/\.mdx?$/, '').replace(/\/index$/, '') || '/';
  return site.routes.has(bare) ? bare : undefined;
}

function anchorsOf(route: string, site: Site): Set<string> | undefined {
  if (!site.anchors.has(route)) {
    const source = site.routes.get(route);
    const isKnown = source !== undefined && site.facts.get(source)?.isSpecPage === false;
    const files = isKnown ? site.withSnippets(source) : [];
    const anchorsOfFile = (file: string) => site.facts.get(file)?.anchors ?? new Set<string>();
    const anchors = files.length === 1 ? anchorsOfFile(source!) : new Set(files.flatMap((file) => [...anchorsOfFile(file)]));
    site.anchors.set(route, isKnown ? anchors : undefined);
  }
  return site.anchors.get(route);
}

/**
 * A fragment names an anchor: as it is, as a repeat (`setup-2`), or as a field's (`param-id`). Letters
 * and digits are compared alone: Mintlify's anchors keep some punctuation Folio's drop (`$ref`, `：`)
 * and make hyphens of others (`api.params` is `#api-params`), and a link written for either lands.
 */
function hasAnchor(anchors: Set<string>, fragment: string): boolean {
  const wanted = fragment.toLowerCase();
  return [wanted, wanted.replace(/-\d+$/, ''), wanted.replace(FIELD_ANCHOR, '')].some((anchor) => anchors.has(looseAnchor(anchor)));
}

function looseAnchor(anchor: string): string {
  return anchor.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The file and the snippets it includes, at every depth, that exist. */
function withSnippets(source: string, facts: Map<string, FileFacts>): string[] {
  const files = [source];
  for (let i = 0; i < files.length; i++) {
    for (const snippet of facts.get(files[i]!)?.snippets ?? []) {
      if (facts.has(snippet) && !files.includes(snippet)) files.push(snippet);
    }
  }
  return files;
}

/** The frontmatter block at the top of a page, or ''. */
function frontmatterOf(text: string): string {
  if (!text.startsWith('---')) return '';
  const end = text.indexOf('\n---', 3);
  return end < 0 ? '' : text.slice(0, end);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
