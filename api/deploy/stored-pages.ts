import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { snippetReferences, titleFromPath } from '../mintlify/mdx/parse-page.ts';
import { RENDER_VERSION, type RenderOptions } from '../render/render-page.ts';

/** Bump when parsing, chunking or the pages made from OpenAPI change, so every page is rebuilt by the next deployment. */
const PARSER_VERSION = '8';

/** A stored page's content, as a deployment looks for one it can serve again. */
export interface StoredPage {
  id: string;
  contentHash: string;
  blobId: string;
  snippets: string[];
  isHidden: boolean;
  isSearchable: boolean;
}

/** What a page's content is made of: its file's blob (or its operation's), the file it is read as, the snippets it includes. */
export interface PageSource {
  blobId: string;
  sourcePath: string;
}

/**
 * Identifies a page's content by everything its text is made from: the file's blob, the title its file
 * name gives a page that has none, the snippets it includes (paths and blobs), the parser, the renderer
 * and docs.json's render options. The same file copied under another folder (an older version) is the
 * same content, stored once.
 */
export function contentHash(source: PageSource, snippets: string[], tree: Map<string, string>, options: RenderOptions | undefined): string {
  const hash = createHash('sha256').update(`${contentSettings(options)}\n`);
  hash.update(`${source.blobId}\n${titleFromPath(source.sourcePath)}\n`);
  for (const snippet of [...snippets].sort()) hash.update(`${snippet} ${tree.get(snippet) ?? 'missing'}\n`);
  return hash.digest('hex');
}

/** What every page's content depends on beside its files: the parser, the renderer and docs.json's render options. */
export const contentSettings = (options: RenderOptions | undefined): string =>
  `parser ${PARSER_VERSION} render ${RENDER_VERSION} ${options ? JSON.stringify(options) : ''}`;

/**
 * The pages the previous deployment served, by the file that served them and by that file's blob, so
 * that a deployment parses only content it has not stored: an unchanged file is found by its path, a
 * copy of one (a new version's folder) by its blob.
 */
export class PreviousPages {
  private constructor(
    private readonly byPath: Map<string, StoredPage>,
    private readonly byBlob: Map<string, { sourcePath: string; page: StoredPage }[]>,
  ) {}

  /** Loads them all, or `only` the routes served from these paths or from pages of these blobs. */
  static async load(db: Db, deploymentId: string | undefined, only?: { paths: string[]; blobIds: string[] }): Promise<PreviousPages> {
    if (!deploymentId) return new PreviousPages(new Map(), new Map());
    const where = only ? { deploymentId, OR: [{ sourcePath: { in: only.paths } }, { page: { blobId: { in: only.blobIds } } }] } : { deploymentId };
    // Routes and the contents they serve apart: a versioned site serves one content at many routes.
    const routes = (
      await Promise.all([
        db.deploymentPage.findMany({ where, select: { sourcePath: true, pageId: true } }),
        db.hiddenPage.findMany({ where, select: { sourcePath: true, pageId: true } }),
      ])
    ).flat();
    const pages = await db.page.findMany({
      where: { id: { in: [...new Set(routes.map((route) => route.pageId))] } },
      select: { id: true, contentHash: true, blobId: true, snippets: true, isHidden: true, isSearchable: true },
    });
    const byId = new Map(pages.map((page) => [page.id, page]));
    const byBlob = new Map<string, { sourcePath: string; page: StoredPage }[]>();
    const byPath = new Map<string, StoredPage>();
    for (const { sourcePath, pageId } of routes) {
      const page = byId.get(pageId);
      if (!page || byPath.has(sourcePath)) continue;
      byPath.set(sourcePath, page);
      const copies = byBlob.get(page.blobId) ?? [];
      if (copies.length === 0) byBlob.set(page.blobId, copies);
      copies.push({ sourcePath, page });
    }
    return new PreviousPages(byPath, byBlob);
  }

  /** The stored page the file at this path served, if its content (snippets included) has not changed. */
  unchanged(source: PageSource, tree: Map<string, string>, options: RenderOptions | undefined): StoredPage | undefined {
    const before = this.byPath.get(source.sourcePath);
    return before && contentHash(source, before.snippets, tree, options) === before.contentHash ? before : undefined;
  }

  /**
   * A stored page whose content this file has: the same blob at another path, which includes the same
   * snippets from there (`text` is the file's, undefined for a page made from an OpenAPI operation).
   */
  copyOf(source: PageSource, text: string | undefined, tree: Map<string, string>, options: RenderOptions | undefined): StoredPage | undefined {
    const references = text === undefined ? '' : referencesOf(source.sourcePath, text);
    return this.byBlob
      .get(source.blobId)
      ?.find(
        (other) =>
          (text === undefined || referencesOf(other.sourcePath, text) === references) &&
          contentHash(source, other.page.snippets, tree, options) === other.page.contentHash,
      )?.page;
  }
}

/** The files a page's text includes, as read from its path: two copies of a file with the same include the same snippets. */
const referencesOf = (sourcePath: string, text: string): string => snippetReferences(sourcePath, text).join('\n');

/**
 * What makes two files of one deployment parse to the same page, known before parsing: the same blob,
 * the same title from their file names, the same snippets included from where they are (`text` is the
 * file's, undefined for a page made from an OpenAPI operation).
 */
export const parseKey = (source: PageSource, text: string | undefined): string =>
  `${source.blobId}\u0000${titleFromPath(source.sourcePath)}\u0000${text === undefined ? '' : referencesOf(source.sourcePath, text)}`;
