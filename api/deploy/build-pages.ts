import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { chunkSections } from './chunk.ts';
import { commitFiles, type GitMirror } from './git.ts';
import type { ParsedPage } from '../mintlify/mdx/parse-page.ts';
import { parseOrReport, readPagesAndSnippets, sourceOf } from './project-reader.ts';
import type { Navigation, NavigationPage } from '../mintlify/navigation.ts';
import type { DeploymentProgress } from './progress.ts';
import { classNamesOf } from '../render/class-names.ts';
import { PageCodeRunner } from '../render/jsx-runtime/page-code-runner.ts';
import type { GeneratedApiPage } from '../openapi/navigation-expansion.ts';
import { apiPageSource, generatedApiSource, type PageEndpoint, withApiDefaults } from './api-pages.ts';
import type { ApiReference } from './api-reference.ts';
import { renderPage, RENDER_VERSION, type RenderedPage, type RenderOptions } from '../render/render-page.ts';
import { pageMarkdown } from '../render/page-markdown.ts';
import { routeOf } from '../mintlify/page-route.ts';

/** Bump when parsing, chunking or the pages made from OpenAPI change, so every page is rebuilt by the next deployment. */
const PARSER_VERSION = '8';
const INSERT_BATCH = 500;

export interface BuiltPages {
  /** Navigation pages with a stored page, in navigation order. */
  served: number;
  parsed: number;
  reused: number;
  skipped: number;
  newChunks: number;
  perLanguage: Map<string, number>;
  /** Pages stored outside the navigation (hidden pages, served by URL only). */
  hidden: number;
  /** Time spent rendering the parsed pages' HTML. */
  renderSeconds: number;
  /** Time spent making the parsed pages' Markdown for AI tools. */
  markdownSeconds: number;
  /** Components the parsed pages use that Folio does not know (neither Mintlify's nor the pages' own), with their counts. */
  unknownComponents: Map<string, number>;
}

interface Draft {
  sourcePath: string;
  blobId: string;
  /** Every navigation entry this file serves (a file may serve several versions). */
  plans: Planned[];
  hash: string;
  page: ParsedPage;
  chunks: ReturnType<typeof chunkSections>;
  rendered: RenderedPage;
  /** Its body as Markdown for AI tools (api/render/page-markdown.ts). */
  markdown: string;
  /** An API reference page's operation, for its header and playground. */
  endpoint?: PageEndpoint;
}

interface Planned {
  nav: NavigationPage;
  sourcePath: string;
  blobId: string;
  pageId?: string;
  /** The page's own frontmatter says: `hidden: true`, and `searchable: false` or `noindex: true`. */
  isHidden?: boolean;
  isSearchable?: boolean;
  /** A page the navigation does not list: stored and rendered for its URL, not counted or searched. */
  isOffNavigation?: boolean;
  /** A page the navigation makes from an OpenAPI operation: it has no file of its own. */
  generated?: GeneratedApiPage;
}

/**
 * Makes sure every page of the navigation is stored, parsing only the pages whose content changed since
 * the previous deployment (a page's content = its file + the snippets it includes + the parser), and
 * records which pages this deployment serves. Nothing is visible to readers until the deployment is
 * switched live.
 */
export async function buildPages(input: {
  db: Db;
  projectId: string;
  deploymentId: string;
  previousDeploymentId: string | undefined;
  mirror: GitMirror;
  tree: Map<string, string>;
  navigation: Navigation;
  /** The repository's pages outside the navigation, rendered as hidden pages. */
  offNavigation: NavigationPage[];
  /** The project's OpenAPI documents and the pages its navigation makes of them. */
  apiReference?: ApiReference;
  /** What docs.json says about how every page renders (its icon library, LaTeX). */
  renderOptions?: RenderOptions;
  /** Whether to render the pages' HTML (always, but in the benchmark's baseline). */
  isRendering?: boolean;
  progress: DeploymentProgress;
  /** Aborted when the worker stops: parsing stops between pages. */
  signal?: AbortSignal;
}): Promise<BuiltPages> {
  const { db, tree, progress } = input;
  const planned: Planned[] = [];
  const plan = (nav: NavigationPage, isOffNavigation: boolean): Planned | undefined => {
    const sourcePath = sourceOf(nav, tree);
    if (sourcePath) return { nav, sourcePath, blobId: tree.get(sourcePath)!, isOffNavigation };
    const generated = input.apiReference?.navigation.pages.get(nav.page);
    if (!generated) return undefined;
    return { nav, sourcePath: `${nav.page}.mdx`, blobId: generatedBlobId(generated, input.apiReference!, tree), isOffNavigation, generated };
  };
  for (const nav of input.navigation.pages) {
    const planning = plan(nav, false);
    if (planning) planned.push(planning);
    else progress.log(`Warning: the navigation lists "${nav.page}", which has no .mdx or .md file; skipped.`);
  }
  for (const nav of input.offNavigation) {
    const planning = plan(nav, true);
    if (planning) planned.push(planning);
  }

  const previousPage = { select: { id: true, sourcePath: true, contentHash: true, snippets: true, isHidden: true, isSearchable: true } } as const;
  const previous = input.previousDeploymentId
    ? (
        await Promise.all([
          db.deploymentPage.findMany({ where: { deploymentId: input.previousDeploymentId }, select: { page: previousPage } }),
          db.hiddenPage.findMany({ where: { deploymentId: input.previousDeploymentId }, select: { page: previousPage } }),
        ])
      ).flat()
    : [];
  const previousBySource = new Map(previous.map(({ page }) => [page.sourcePath, page]));
  const toParse: Planned[] = [];
  for (const plan of planned) {
    const before = previousBySource.get(plan.sourcePath);
    if (before && contentHash(plan.blobId, before.snippets, tree, input.renderOptions) === before.contentHash) {
      plan.pageId = before.id;
      plan.isHidden = before.isHidden;
      plan.isSearchable = before.isSearchable;
    } else {
      toParse.push(plan);
    }
  }
  const onNavigation = (plans: Planned[]) => plans.filter((plan) => !plan.isOffNavigation).length;
  const reused = onNavigation(planned) - onNavigation(toParse);

  let parsed = 0;
  let skipped = 0;
  let newChunks = 0;
  let renderMs = 0;
  let markdownMs = 0;
  const unknownComponents = new Map<string, number>();
  if (toParse.length > 0) {
    const readFile = await readPagesAndSnippets(
      commitFiles(input.mirror, tree),
      toParse.filter((plan) => !plan.generated).map((plan) => plan.sourcePath),
    );
    const bySource = new Map<string, Planned[]>();
    for (const plan of toParse) bySource.set(plan.sourcePath, [...(bySource.get(plan.sourcePath) ?? []), plan]);
    const drafts: Draft[] = [];
    const pageCode = new PageCodeRunner();
    try {
      for (const [sourcePath, plans] of bySource) {
        await yieldToOtherWork(); // a worker that also serves HTTP keeps answering while it parses
        input.signal?.throwIfAborted();
        const reference = input.apiReference;
        const api =
          plans[0]!.generated && reference
            ? generatedApiSource(plans[0]!.generated, reference)
            : reference && apiPageSource(readFile(sourcePath) ?? '', reference);
        const read = parseOrReport(sourcePath, api ? (file) => (file === sourcePath ? api.text : readFile(file)) : readFile);
        const page = api ? withApiDefaults(read, api) : read;
        for (const warning of api?.warnings ?? []) progress.log(`Warning: ${sourcePath}: ${warning}`);
        for (const warning of page.warnings) {
          progress.log(`Warning: ${warning.file}:${warning.line}: ${warning.message}${page.isBroken ? ' (page skipped)' : ''}`);
        }
        if (page.isBroken) {
          skipped += onNavigation(plans);
          continue;
        }
        if (onNavigation(plans) > 0) parsed++;
        for (const [name, count] of Object.entries(page.unknownComponents)) unknownComponents.set(name, (unknownComponents.get(name) ?? 0) + count);
        for (const plan of plans) Object.assign(plan, { isHidden: page.isHidden, isSearchable: page.isSearchable });
        const chunks = chunkSections(page.sections);
        newChunks += chunks.length;
        const renderStarted = performance.now();
        const route = routeOf(plans[0]!.nav.page);
        const scripts = input.isRendering === false ? undefined : await pageCode.scriptsFor(page.code);
        const rendered = input.isRendering === false ? { html: '', headings: [] } : renderPage(page, route, input.renderOptions, scripts);
        for (const warning of scripts?.warnings ?? []) progress.log(`Warning: ${sourcePath}: ${warning}`);
        const markdownStarted = performance.now();
        const markdown = input.isRendering === false ? '' : pageMarkdown(page.markdown, route);
        markdownMs += performance.now() - markdownStarted;
        renderMs += markdownStarted - renderStarted;
        drafts.push({
          sourcePath,
          blobId: plans[0]!.blobId,
          plans,
          hash: contentHash(plans[0]!.blobId, page.snippets, tree, input.renderOptions),
          page,
          chunks,
          rendered,
          markdown,
          ...(api?.endpoint ? { endpoint: api.endpoint } : {}),
        });
      }
    } finally {
      await pageCode.close();
    }
    await storeNewPages(db, input.projectId, drafts);
  }

  const served = planned.filter((plan) => plan.pageId !== undefined && !plan.isOffNavigation);
  const hidden = planned.filter((plan) => plan.pageId !== undefined && plan.isOffNavigation);
  await recordServedPages(db, input.deploymentId, served, input.navigation.indexesHiddenPages);
  await recordHiddenPages(db, input.deploymentId, hidden);
  const perLanguage = new Map<string, number>();
  for (const plan of served) perLanguage.set(plan.nav.language, (perLanguage.get(plan.nav.language) ?? 0) + 1);
  return {
    served: served.length,
    parsed,
    reused,
    skipped,
    newChunks,
    perLanguage,
    hidden: hidden.length,
    renderSeconds: renderMs / 1000,
    markdownSeconds: markdownMs / 1000,
    unknownComponents,
  };
}

const yieldToOtherWork = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One INSERT of every served page (Prisma's createMany is several times slower for a thousand rows). */
async function recordServedPages(db: Db, deploymentId: string, served: Planned[], indexesHiddenPages: boolean): Promise<void> {
  if (served.length === 0) return;
  const column = <T>(pick: (plan: Planned) => T) => served.map(pick);
  await db.$executeRaw`
    INSERT INTO deployment_pages (deployment_id, page_id, route, language, version, section, is_searchable)
    SELECT ${deploymentId}, * FROM unnest(
      ${column((p) => p.pageId!)}::text[], ${column((p) => routeOf(p.nav.page))}::text[],
      ${column((p) => p.nav.language)}::text[], ${column((p) => p.nav.version)}::text[],
      ${column((p) => p.nav.section)}::text[], ${column((p) => isSearchable(p, indexesHiddenPages))}::boolean[])
    ON CONFLICT DO NOTHING`;
}

async function recordHiddenPages(db: Db, deploymentId: string, hidden: Planned[]): Promise<void> {
  if (hidden.length === 0) return;
  await db.hiddenPage.createMany({
    data: hidden.map((plan) => ({ deploymentId, pageId: plan.pageId!, route: routeOf(plan.nav.page), language: plan.nav.language })),
    skipDuplicates: true,
  });
}

/**
 * Mintlify's rules (organize/hidden-pages): `searchable: false` and `noindex: true` always keep a page out;
 * `seo.indexing: "all"` puts every hidden page in; otherwise a page's own `hidden: true` keeps it out,
 * and the navigation decides (a hidden group or tab keeps its pages out unless it is `searchable: true`).
 */
function isSearchable(plan: Planned, indexesHiddenPages: boolean): boolean {
  if (plan.isSearchable === false) return false;
  if (indexesHiddenPages) return true;
  return !plan.isHidden && plan.nav.isSearchable;
}

/**
 * Stores parsed pages and their chunks. A page whose exact content is already stored (an earlier
 * deployment, or an attempt of this one that was cut short) is reused, so retries are idempotent.
 */
async function storeNewPages(db: Db, projectId: string, drafts: Draft[]): Promise<void> {
  const assign = (draft: Draft, pageId: string) => {
    for (const plan of draft.plans) plan.pageId = pageId;
  };
  for (let i = 0; i < drafts.length; i += INSERT_BATCH) {
    const batch = drafts.slice(i, i + INSERT_BATCH);
    const existing = await db.page.findMany({
      where: { projectId, OR: batch.map((d) => ({ sourcePath: d.sourcePath, contentHash: d.hash })) },
      select: { id: true, sourcePath: true, contentHash: true },
    });
    const existingIds = new Map(existing.map((page) => [`${page.sourcePath}\u0000${page.contentHash}`, page.id]));
    const fresh = batch.filter((draft) => {
      const id = existingIds.get(`${draft.sourcePath}\u0000${draft.hash}`);
      if (id) assign(draft, id);
      return !id;
    });
    if (fresh.length === 0) continue;
    await db.$transaction(
      async (tx) => {
        const created = await tx.page.createManyAndReturn({
          data: fresh.map((d) => ({
            projectId,
            sourcePath: d.sourcePath,
            contentHash: d.hash,
            blobId: d.blobId,
            snippets: d.page.snippets,
            title: d.page.title,
            description: d.page.description,
            keywords: d.page.keywords,
            isHidden: d.page.isHidden,
            isSearchable: d.page.isSearchable,
          })),
          select: { id: true, sourcePath: true },
        });
        const idBySource = new Map(created.map((page) => [page.sourcePath, page.id]));
        const chunks = fresh.flatMap((draft) => {
          const pageId = idBySource.get(draft.sourcePath)!;
          assign(draft, pageId);
          return draft.chunks.map((chunk) => ({ ...chunk, pageId }));
        });
        for (let c = 0; c < chunks.length; c += INSERT_BATCH * 4) {
          await tx.chunk.createMany({ data: chunks.slice(c, c + INSERT_BATCH * 4) });
        }
        // One INSERT of unnested arrays: Prisma's createMany took about 0.5 s more CPU for the corpus's 7 MB of HTML.
        const rendered = (pick: (draft: Draft) => string) => fresh.map(pick);
        await tx.$executeRaw`
          INSERT INTO page_renders (page_id, html, headings, sidebar_title, markdown, classes, mode, endpoint)
          SELECT id, html, headings, sidebar_title, markdown, ARRAY(SELECT jsonb_array_elements_text(classes)), mode, NULLIF(endpoint, 'null') FROM unnest(
            ${rendered((d) => idBySource.get(d.sourcePath)!)}::text[], ${rendered((d) => d.rendered.html)}::text[],
            ${rendered((d) => JSON.stringify(d.rendered.headings))}::jsonb[], ${rendered((d) => d.page.sidebarTitle)}::text[],
            ${rendered((d) => d.markdown)}::text[], ${rendered((d) => JSON.stringify(classNamesOf(d.rendered.html)))}::jsonb[],
            ${rendered((d) => d.page.mode)}::text[], ${rendered((d) => JSON.stringify(d.endpoint ?? null))}::jsonb[])
            AS page (id, html, headings, sidebar_title, markdown, classes, mode, endpoint)`;
      },
      { timeout: 120_000 },
    );
  }
}

/**
 * What a page made from an operation is made of, in place of a file's blob: its document's content, the
 * operation it shows and docs.json's `api` settings (its examples' languages, its playground).
 */
function generatedBlobId(page: GeneratedApiPage, reference: ApiReference, tree: Map<string, string>): string {
  const made = `${tree.get(page.spec.file)}\n${page.operation.method} ${page.operation.path}\n${page.sidebarTitle ?? ''}\n${JSON.stringify(reference.api ?? null)}`;
  return `openapi-${createHash('sha256').update(made).digest('hex').slice(0, 40)}`;
}

/** Identifies a page's content by everything its text is made from. */
function contentHash(blobId: string, snippets: string[], tree: Map<string, string>, options: RenderOptions | undefined): string {
  const hash = createHash('sha256').update(`parser ${PARSER_VERSION} render ${RENDER_VERSION} ${options ? JSON.stringify(options) : ''}\n${blobId}\n`);
  for (const snippet of [...snippets].sort()) hash.update(`${snippet} ${tree.get(snippet) ?? 'missing'}\n`);
  return hash.digest('hex');
}
