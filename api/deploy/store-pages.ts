import type { Db } from '../db/database.ts';
import { classNamesOf } from '../render/class-names.ts';
import type { RenderedPage } from '../render/render-page.ts';
import type { PageEndpoint } from './api-pages.ts';
import type { chunkSections } from './chunk.ts';
import type { PageFacts } from './page-build.ts';

const INSERT_BATCH = 500;

/** A page's content parsed and rendered, to be stored once for every route that serves it. */
export interface PageDraft {
  hash: string;
  blobId: string;
  page: PageFacts;
  chunks: ReturnType<typeof chunkSections>;
  rendered: RenderedPage;
  /** Its body as Markdown for AI tools (api/render/page-markdown.ts). */
  markdown: string;
  /** An API reference page's operation, for its header and playground. */
  endpoint?: PageEndpoint;
}

/** Where a deployment serves a stored page. */
export interface ServedRoute {
  pageId: string;
  route: string;
  sourcePath: string;
  language: string;
  version: string;
  section: string;
  isSearchable: boolean;
}

/**
 * Stores drafts with their chunks and renders, and returns each one's page id by hash. A content already
 * stored (an earlier deployment, or an attempt of this one that was cut short) is reused, so retries
 * are idempotent.
 */
export async function storePages(db: Db, projectId: string, drafts: PageDraft[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let i = 0; i < drafts.length; i += INSERT_BATCH) {
    const batch = drafts.slice(i, i + INSERT_BATCH);
    const existing = await db.page.findMany({
      where: { projectId, contentHash: { in: batch.map((draft) => draft.hash) } },
      select: { id: true, contentHash: true },
    });
    for (const page of existing) ids.set(page.contentHash, page.id);
    const fresh = batch.filter((draft) => !ids.has(draft.hash));
    if (fresh.length === 0) continue;
    await db.$transaction(
      async (tx) => {
        const created = await tx.page.createManyAndReturn({
          data: fresh.map((d) => ({
            projectId,
            contentHash: d.hash,
            blobId: d.blobId,
            snippets: d.page.snippets,
            title: d.page.title,
            description: d.page.description,
            keywords: d.page.keywords,
            isHidden: d.page.isHidden,
            isSearchable: d.page.isSearchable,
          })),
          select: { id: true, contentHash: true },
        });
        for (const page of created) ids.set(page.contentHash, page.id);
        const chunks = fresh.flatMap((draft) => draft.chunks.map((chunk) => ({ ...chunk, pageId: ids.get(draft.hash)! })));
        for (let c = 0; c < chunks.length; c += INSERT_BATCH * 4) {
          await tx.chunk.createMany({ data: chunks.slice(c, c + INSERT_BATCH * 4) });
        }
        // One INSERT of unnested arrays: Prisma's createMany spends far more CPU on a deployment's megabytes of HTML.
        const rendered = (pick: (draft: PageDraft) => string) => fresh.map(pick);
        await tx.$executeRaw`
          INSERT INTO page_renders (page_id, html, headings, sidebar_title, markdown, classes, mode, endpoint)
          SELECT id, html, headings, sidebar_title, markdown, ARRAY(SELECT jsonb_array_elements_text(classes)), mode, NULLIF(endpoint, 'null') FROM unnest(
            ${rendered((d) => ids.get(d.hash)!)}::text[], ${rendered((d) => d.rendered.html)}::text[],
            ${rendered((d) => JSON.stringify(d.rendered.headings))}::jsonb[], ${rendered((d) => d.page.sidebarTitle)}::text[],
            ${rendered((d) => d.markdown)}::text[], ${rendered((d) => JSON.stringify(classNamesOf(d.rendered.html)))}::jsonb[],
            ${rendered((d) => d.page.mode)}::text[], ${rendered((d) => JSON.stringify(d.endpoint ?? null))}::jsonb[])
            AS page (id, html, headings, sidebar_title, markdown, classes, mode, endpoint)`;
      },
      { timeout: 120_000 },
    );
  }
  return ids;
}

/** Records the routes a deployment serves, in INSERTs of unnested arrays (Prisma's createMany is several times slower for thousands of rows). */
export async function recordServedRoutes(db: Db, deploymentId: string, served: ServedRoute[]): Promise<void> {
  for (let i = 0; i < served.length; i += INSERT_BATCH * 10) {
    const batch = served.slice(i, i + INSERT_BATCH * 10);
    const column = <T>(pick: (route: ServedRoute) => T) => batch.map(pick);
    await db.$executeRaw`
      INSERT INTO deployment_pages (deployment_id, page_id, route, source_path, language, version, section, is_searchable)
      SELECT ${deploymentId}, * FROM unnest(
        ${column((r) => r.pageId)}::text[], ${column((r) => r.route)}::text[], ${column((r) => r.sourcePath)}::text[],
        ${column((r) => r.language)}::text[], ${column((r) => r.version)}::text[],
        ${column((r) => r.section)}::text[], ${column((r) => r.isSearchable)}::boolean[])
      ON CONFLICT DO NOTHING`;
  }
}

/** Records the pages a deployment serves by URL only (outside its navigation). */
export async function recordHiddenRoutes(db: Db, deploymentId: string, hidden: Omit<ServedRoute, 'version' | 'section' | 'isSearchable'>[]): Promise<void> {
  if (hidden.length === 0) return;
  await db.hiddenPage.createMany({
    data: hidden.map(({ pageId, route, sourcePath, language }) => ({ deploymentId, pageId, route, sourcePath, language })),
    skipDuplicates: true,
  });
}
