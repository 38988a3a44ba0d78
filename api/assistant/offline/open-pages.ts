import { routeOfResultPath } from '../../search/search-docs.ts';
import type { RetrievedChunk } from './prompt-turn.ts';

/** Opens the pages a search found, as a reader does: at the sections that matter, and past a chunk's cut. */
export interface PageReader {
  /**
   * Up to `limit` sections of the page at `route` ("/cli/preview") that say the most of `terms` (index
   * terms, as the search's analyzer makes them), in the page's order.
   */
  sections(route: string, terms: readonly string[], limit: number): RetrievedChunk[] | Promise<RetrievedChunk[]>;
  /** The text that follows `chunk` in its section: a long section is cut into chunks where a sentence may go on. */
  textAfter(chunk: RetrievedChunk): string | undefined | Promise<string | undefined>;
}

/** A chunk as the model reads it: with the text after it in its section, where there is some. */
export interface ReadChunk extends RetrievedChunk {
  textAfter?: string;
}

/**
 * A section search did not show counts at this share of its page's best shown score: the page is
 * what search found, the section is what the question asks of it.
 */
const UNSHOWN_SECTION_SCORE = 0.9;
/** Sections read of each page: those that say the most of the question's words (a long reference page has dozens). */
const SECTIONS_READ = 8;

/**
 * The sections of the retrieved pages that search did not show, as a reader sees them on opening each
 * page: search shows at most two sections of a page, chosen by the question's words, and the one that
 * answers ("Boost a single page" for "make one page rank higher") is often another.
 */
export async function unshownSections(retrieved: RetrievedChunk[], reader: PageReader, terms: readonly string[]): Promise<RetrievedChunk[]> {
  const shown = new Set(retrieved.map(sectionKey));
  const pageScores = new Map<string, number>();
  for (const chunk of retrieved) {
    const page = routeOfResultPath(chunk.path);
    pageScores.set(page, Math.max(pageScores.get(page) ?? 0, chunk.score));
  }
  const pages = await Promise.all([...pageScores.keys()].map(async (page) => ({ page, sections: await reader.sections(page, terms, SECTIONS_READ) })));
  return pages.flatMap(({ page, sections }) =>
    sections.filter((section) => !shown.has(sectionKey(section))).map((section) => ({ ...section, score: UNSHOWN_SECTION_SCORE * pageScores.get(page)! })),
  );
}

/**
 * The chunks with the text after each in its section: "If the client version displays as none, the
 * CLI may be unable to download…" ends one chunk, and "Solution: add releases.mintlify.com to your
 * allowlist" opens the next.
 */
export async function readingOn(chunks: RetrievedChunk[], reader: PageReader): Promise<ReadChunk[]> {
  return Promise.all(chunks.map(async (chunk) => ({ ...chunk, textAfter: await reader.textAfter(chunk) })));
}

/** A long section is several chunks under one anchor: a chunk is told by its path and its text. */
const sectionKey = (chunk: RetrievedChunk) => `${chunk.path}\u0000${chunk.content}`;
