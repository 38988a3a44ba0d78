import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type Reader, recordSearch, recordView } from '../analytics/record.ts';
import { unstorableIn } from '../http/input-guards.ts';
import { searchDocs, SEARCH_LIMITS } from '../search/search-docs.ts';
import type { Services } from '../services.ts';
import { pageMarkdownOf, routeOfReadPath, sectionOfMarkdown } from '../sites/live-page-markdown.ts';
import { withSiteOrigin } from '../render/site-origin.ts';
import type { SiteLayout } from '../sites/site-layout.ts';

/** Pages one `read_pages` call may read. */
export const MAX_PAGES_PER_READ = 10;

/** The site a request's tools work on: its live deployment, and the address its pages are read at. */
export interface McpSite {
  projectId: string;
  /** What the process keeps the site under (a preview's differs from its project's id). */
  siteId: string;
  name: string;
  liveDeploymentId: string;
  /** `http://host/sites/acme` or `https://acme.docs.example.com`. */
  siteAddress: string;
  analyticsEnabled: boolean;
  /** The MCP client, as analytics record it. */
  reader: Reader;
}

/** Both tools only read the site (ai/model-context-protocol.mdx, Server card endpoints). */
const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** What a site's search can be narrowed to: its versions and languages, each default first. */
export interface SearchFilters {
  versions: string[];
  languages: string[];
}

/** Text a client sends, refused when PostgreSQL could not store it (a search is recorded; a path is looked up), as on every entry point. */
const storable = (text: z.ZodString) =>
  text.superRefine((value, context) => {
    const what = unstorableIn(value);
    if (what) context.addIssue({ code: z.ZodIssueCode.custom, message: `contains ${what}` });
  });

const QUERY = storable(z.string().trim().min(1, 'must not be empty').max(SEARCH_LIMITS.maxQueryLength)).describe(
  'What to look for: a few words or a question.',
);
const PAGE_SIZE = z
  .number()
  .int()
  .min(1)
  .max(SEARCH_LIMITS.maxPageSize)
  .optional()
  .describe(`How many results, 1 to ${SEARCH_LIMITS.maxPageSize} (default 10).`);

/** What the search tool takes at the most: a site offers `version` and `language` only when it has several (searchInputOf). */
export interface SearchInput {
  query: string;
  version?: string;
  language?: string;
  pageSize?: number;
}

/**
 * The search tool's input for a site (ai/model-context-protocol.mdx, Search parameters): `version` and
 * `language` only when it has several, each limited to the site's own, which its description lists.
 */
export function searchInputOf(filters: SearchFilters = { versions: [], languages: [] }) {
  const listed = (values: string[]) => values.map((value, i) => `"${value}"${i === 0 ? ' (the default)' : ''}`).join(', ');
  const oneOf = (values: string[], description: string) => {
    const [first, ...others] = values;
    return first !== undefined && others.length > 0
      ? z
          .enum([first, ...others])
          .optional()
          .describe(`${description}: ${listed(values)}.`)
      : undefined;
  };
  const version = oneOf(filters.versions, 'Only this version of the docs, and the pages every version shares');
  const language = oneOf(filters.languages, 'Only pages in this language');
  const shape: Partial<SearchShape> = { query: QUERY, pageSize: PAGE_SIZE };
  if (version) shape.version = version;
  if (language) shape.language = language;
  // A key the site has no use for is left out of the schema; what it parses to is a SearchInput either way.
  return z.object(shape as SearchShape);
}

type SearchShape = {
  query: typeof QUERY;
  version: z.ZodOptional<z.ZodType<string>>;
  language: z.ZodOptional<z.ZodType<string>>;
  pageSize: typeof PAGE_SIZE;
};

/** The versions (those docs.json does not hide) and languages of a site's layout, each default first. */
export function searchFiltersOf(layout: SiteLayout): SearchFilters {
  const versions = new Set<string>();
  for (const language of layout.languages) {
    const ordered = [...language.versions].sort((a, b) => Number(b.name === language.defaultVersion) - Number(a.name === language.defaultVersion));
    for (const version of ordered) if (version.name && !version.isHidden) versions.add(version.name);
  }
  return { versions: [...versions], languages: layout.languages.map((language) => language.code) };
}

export const READ_INPUT = z.object({
  paths: z
    .array(storable(z.string().trim().min(1).max(1000)))
    .min(1)
    .max(MAX_PAGES_PER_READ)
    .describe('Pages to read, by path as search gives them ("/customize/custom-domain"); "/page#anchor" reads that section only.'),
  section: storable(z.string().max(300)).optional().describe('Read only this section of each page: a heading anchor ("configure-dns") or heading text.'),
});

/** The tools as MCP lists them for a site, with what they take (without filters: as a site of one version and language). */
export function mcpTools(filters?: SearchFilters) {
  return {
    search: {
      title: 'Search the documentation',
      description:
        'Search this documentation site. Returns the most relevant sections with their page title, link and text. Read a whole page with read_pages.',
      inputSchema: searchInputOf(filters),
      annotations: { ...READ_ONLY, title: 'Search the documentation' },
    },
    read_pages: {
      title: 'Read documentation pages',
      description: `Read one or several pages of this documentation site (up to ${MAX_PAGES_PER_READ}) as Markdown, whole or one section, by the paths search returns.`,
      inputSchema: READ_INPUT,
      annotations: { ...READ_ONLY, title: 'Read documentation pages' },
    },
  } as const;
}

/** `search`: the site's hybrid search, as text an agent reads (title, link, the matching text). */
export async function searchTool(services: Services, site: McpSite, input: SearchInput): Promise<CallToolResult> {
  const started = performance.now();
  const results = await searchDocs(
    services,
    { id: site.projectId, siteId: site.siteId, liveDeploymentId: site.liveDeploymentId },
    {
      query: input.query,
      pageSize: input.pageSize ?? SEARCH_LIMITS.defaultPageSize,
      version: input.version,
      language: input.language,
    },
  );
  recordSearch(services, { id: site.projectId, analyticsEnabled: site.analyticsEnabled }, site.reader, {
    query: input.query,
    version: input.version,
    language: input.language,
    paths: results.map((result) => result.path),
    latencyMs: performance.now() - started,
  });
  if (results.length === 0) return { content: [{ type: 'text', text: `No results for "${input.query}" in ${site.name}.` }] };
  const text = results
    .map((result) =>
      [`Title: ${result.metadata.title}`, `Link: ${site.siteAddress}${result.path}`, `Path: ${result.path}`, `Content: ${result.content}`].join('\n'),
    )
    .join('\n\n---\n\n');
  return { content: [{ type: 'text', text }] };
}

/** `read_pages`: each page's Markdown (or one section of it); a path that names no page is said so, not an error of the whole call. */
export async function readPagesTool(services: Services, site: McpSite, input: z.infer<typeof READ_INPUT>): Promise<CallToolResult> {
  const parts: string[] = [];
  let found = 0;
  for (const path of input.paths) {
    const route = routeOfReadPath(path);
    const page = await pageMarkdownOf(services.db, site.siteId, site.liveDeploymentId, route);
    if (!page) {
      parts.push(`No page at ${route} on ${site.name}: search for it first, and read a path a result gives.`);
      continue;
    }
    const section = input.section ?? (path.includes('#') ? path.slice(path.indexOf('#') + 1) : undefined);
    const markdown = section ? sectionOfMarkdown(page.markdown, section) : page.markdown;
    if (markdown === undefined) {
      parts.push(`The page ${route} has no section "${section}": read the whole page to see its headings.`);
      continue;
    }
    found++;
    recordView(services, { id: site.projectId, analyticsEnabled: site.analyticsEnabled }, site.reader, { path: page.route, isAi: true, via: 'mcp' });
    parts.push(`Source: ${site.siteAddress}${page.route === '/' ? '/' : page.route}\n\n${withSiteOrigin(markdown, site.siteAddress)}`);
  }
  return { content: [{ type: 'text', text: parts.join('\n\n---\n\n') }], isError: found === 0 };
}
