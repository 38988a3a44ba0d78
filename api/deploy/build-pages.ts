import { createHash } from 'node:crypto';
import { counted } from '../counted.ts';
import type { Db } from '../db/database.ts';
import type { Navigation, NavigationPage } from '../mintlify/navigation.ts';
import { routeOf } from '../mintlify/page-route.ts';
import type { GeneratedApiPage } from '../openapi/navigation-expansion.ts';
import type { RenderOptions } from '../render/render-page.ts';
import { type ApiPageSource, apiPageSource, generatedApiSource } from './api-pages.ts';
import type { ApiReference } from './api-reference.ts';
import { commitFiles, type GitMirror } from './git.ts';
import type { DeploymentProgress } from './progress.ts';
import { type BuiltPage, pageFiles } from './page-build.ts';
import { openPageBuilder, type PageBuilding } from './page-pool.ts';
import { readPagesAndSnippets, sourceOf } from './project-reader.ts';
import { copyRouteRows, pathsToRebuild, routesKeyOf } from './route-rows.ts';
import { contentHash, contentSettings, parseKey, PreviousPages, type StoredPage } from './stored-pages.ts';
import { type PageDraft, recordHiddenRoutes, recordServedRoutes, storePages } from './store-pages.ts';

export interface BuiltPages {
  /** Navigation pages with a stored page, in navigation order. */
  served: number;
  /** Contents parsed (a file and its identical copies are one). */
  parsed: number;
  /** Navigation pages served by a copy of a file parsed for another route of this deployment. */
  copies: number;
  /** Navigation pages whose content was already stored. */
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
 * Makes sure every page of the navigation is stored, parsing only content not stored yet (a page's
 * content = its file + the snippets it includes + the parser; a file copied into another version's
 * folder is the same content, parsed, rendered and stored once), and records which routes this
 * deployment serves. Nothing is visible to readers until the deployment is
 * switched live.
 */
export async function buildPages(input: {
  db: Db;
  projectId: string;
  deploymentId: string;
  previousDeploymentId: string | undefined;
  /** The files the commit added, modified or removed since the previous deployment's. */
  changedFiles?: readonly string[];
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
  /** DEPLOY_MEMORY_MB, and when a pool is worth its start (page-pool.ts). */
  building: PageBuilding;
}): Promise<BuiltPages> {
  const { db, tree, progress, renderOptions } = input;
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

  // Planned as the previous deployment was, a route whose files did not change keeps its row as it was.
  const routesKey = routesKeyOf(planned, input.navigation.indexesHiddenPages, contentSettings(renderOptions));
  const rebuilt = await pathsToRebuild(db, { ...input, routesKey, plans: planned, changedFiles: input.changedFiles ?? [] });
  const copied = new Set(rebuilt ? planned.filter((plan) => !rebuilt.has(plan.sourcePath)) : []);
  const candidates = planned.filter((plan) => !copied.has(plan));
  const previous = await PreviousPages.load(
    db,
    input.previousDeploymentId,
    rebuilt && { paths: [...rebuilt], blobIds: [...new Set(candidates.map((plan) => plan.blobId))] },
  );
  const reuse = (plan: Planned, page: StoredPage) => Object.assign(plan, { pageId: page.id, isHidden: page.isHidden, isSearchable: page.isSearchable });
  const changed = candidates.filter((plan) => {
    const page = previous.unchanged(plan, tree, renderOptions);
    if (page) reuse(plan, page);
    return !page;
  });
  const readFile = await readPagesAndSnippets(
    commitFiles(input.mirror, tree),
    changed.filter((plan) => !plan.generated).map((plan) => plan.sourcePath),
  );
  // A file copied under another folder (an older version) has the content of a page already stored, or
  // of another file of this deployment: it is parsed once, whichever of its paths comes first.
  const toParse = new Map<string, Planned[]>();
  for (const plan of changed) {
    const text = plan.generated ? undefined : (readFile(plan.sourcePath) ?? '');
    const stored = previous.copyOf(plan, text, tree, renderOptions);
    if (stored) {
      reuse(plan, stored);
      continue;
    }
    const key = parseKey(plan, text);
    const copies = toParse.get(key);
    if (copies) copies.push(plan);
    else toParse.set(key, [plan]);
  }
  const onNavigation = (plans: Planned[]) => plans.filter((plan) => !plan.isOffNavigation).length;
  const reused = onNavigation(planned) - onNavigation(changed.filter((plan) => plan.pageId === undefined));

  let parsed = 0;
  let copies = 0;
  let skipped = 0;
  let newChunks = 0;
  let renderMs = 0;
  let markdownMs = 0;
  const unknownComponents = new Map<string, number>();
  const builder = openPageBuilder(toParse.size, input.building, (error) =>
    progress.log(`Warning: a page worker thread failed (${error.message.split('\n')[0]}); its pages were built in the deployment's own thread.`),
  );
  const { threads, inFlight, storeBatch } = builder.limits;
  if (threads > 0) {
    progress.log(
      `Building ${counted(toParse.size, 'page')} in ${counted(threads, 'worker thread')}, ${inFlight} at a time, stored ${storeBatch} at a time (DEPLOY_MEMORY_MB ${Math.round(input.building.memoryBytes / 1024 / 1024)}).`,
    );
  }
  // Built pages are stored a batch at a time, and only `inFlight` pages are being built at once, so a
  // deployment holds a bounded number of pages whatever the site's size (docs/deployments.md).
  let drafts: { draft: PageDraft; plans: Planned[] }[] = [];
  const store = async () => {
    const ids = await storePages(db, input.projectId, [...new Map(drafts.map(({ draft }) => [draft.hash, draft])).values()]);
    for (const { draft, plans } of drafts) for (const plan of plans) plan.pageId = ids.get(draft.hash);
    drafts = [];
  };
  // Results are taken in the order pages were sent, so logs and stored pages are the same as when built one by one.
  const building: { plans: Planned[]; api: ApiPageSource | undefined; built: Promise<BuiltPage> }[] = [];
  const take = async () => {
    const { plans, api, built } = building.shift()!;
    const { page, chunks, rendered, markdown, scriptWarnings, ...took } = await built;
    const { sourcePath } = plans[0]!;
    const copyNote = plans.length > 1 ? ` (and ${plans.length - 1} identical cop${plans.length === 2 ? 'y' : 'ies'})` : '';
    for (const warning of api?.warnings ?? []) progress.log(`Warning: ${sourcePath}${copyNote}: ${warning}`);
    for (const warning of page.warnings) {
      progress.log(
        `Warning: ${warning.file}:${warning.line}${warning.file === sourcePath ? copyNote : ''}: ${warning.message}${page.isBroken ? ' (page skipped)' : ''}`,
      );
    }
    if (page.isBroken) {
      skipped += onNavigation(plans);
      return;
    }
    if (onNavigation(plans) > 0) {
      parsed++;
      copies += onNavigation(plans) - 1;
    }
    for (const [name, count] of Object.entries(page.unknownComponents)) unknownComponents.set(name, (unknownComponents.get(name) ?? 0) + count);
    for (const plan of plans) Object.assign(plan, { isHidden: page.isHidden, isSearchable: page.isSearchable });
    newChunks += chunks.length;
    for (const warning of scriptWarnings) progress.log(`Warning: ${sourcePath}${copyNote}: ${warning}`);
    renderMs += took.renderMs;
    markdownMs += took.markdownMs;
    const hash = contentHash(plans[0]!, page.snippets, tree, renderOptions);
    drafts.push({ draft: { hash, blobId: plans[0]!.blobId, page, chunks, rendered, markdown, ...(api?.endpoint ? { endpoint: api.endpoint } : {}) }, plans });
    if (drafts.length >= storeBatch) await store();
  };
  try {
    for (const plans of toParse.values()) {
      await yieldToOtherWork(); // a worker that also serves HTTP keeps answering while it parses
      input.signal?.throwIfAborted();
      const { sourcePath, generated } = plans[0]!;
      const reference = input.apiReference;
      const api = generated && reference ? generatedApiSource(generated, reference) : reference && apiPageSource(readFile(sourcePath) ?? '', reference);
      const job = {
        sourcePath,
        files: pageFiles(sourcePath, readFile, api ? api.text : readFile(sourcePath)),
        ...(api ? { api } : {}),
        ...(renderOptions ? { renderOptions } : {}),
        isRendering: input.isRendering !== false,
      };
      building.push({ plans, api, built: builder.build(job) });
      if (building.length >= inFlight) await take();
    }
    while (building.length > 0) await take();
  } finally {
    await Promise.allSettled(building.map(({ built }) => built));
    await builder.close();
  }
  await store();

  const isStored = (plan: Planned) => plan.pageId !== undefined || copied.has(plan);
  const served = planned.filter((plan) => isStored(plan) && !plan.isOffNavigation);
  const hidden = planned.filter((plan) => isStored(plan) && plan.isOffNavigation);
  const indexesHiddenPages = input.navigation.indexesHiddenPages;
  if (rebuilt) await copyRouteRows(db, input.deploymentId, input.previousDeploymentId!, rebuilt);
  const recorded = (plans: Planned[]) => plans.filter((plan) => !copied.has(plan));
  await recordServedRoutes(
    db,
    input.deploymentId,
    recorded(served).map((plan) => ({
      ...routeOfPlan(plan),
      version: plan.nav.version,
      section: plan.nav.section,
      isSearchable: isSearchable(plan, indexesHiddenPages),
    })),
  );
  await recordHiddenRoutes(db, input.deploymentId, recorded(hidden).map(routeOfPlan));
  await db.deployment.update({ where: { id: input.deploymentId }, data: { routesKey }, select: { id: true } });
  const perLanguage = new Map<string, number>();
  for (const plan of served) perLanguage.set(plan.nav.language, (perLanguage.get(plan.nav.language) ?? 0) + 1);
  return {
    served: served.length,
    parsed,
    copies,
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

const routeOfPlan = (plan: Planned) => ({ pageId: plan.pageId!, route: routeOf(plan.nav.page), sourcePath: plan.sourcePath, language: plan.nav.language });

const yieldToOtherWork = () => new Promise<void>((resolve) => setImmediate(resolve));

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
 * What a page made from an operation is made of, in place of a file's blob: its document's content, the
 * operation it shows and docs.json's `api` settings (its examples' languages, its playground).
 */
function generatedBlobId(page: GeneratedApiPage, reference: ApiReference, tree: Map<string, string>): string {
  const made = `${tree.get(page.spec.file)}\n${page.operation.method} ${page.operation.path}\n${page.sidebarTitle ?? ''}\n${JSON.stringify(reference.api ?? null)}`;
  return `openapi-${createHash('sha256').update(made).digest('hex').slice(0, 40)}`;
}
