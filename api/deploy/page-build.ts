import { snippetReferences, type ParsedPage } from '../mintlify/mdx/parse-page.ts';
import type { PageCodeRunner } from '../render/jsx-runtime/page-code-runner.ts';
import { pageMarkdown } from '../render/page-markdown.ts';
import { renderPage, type RenderedPage, type RenderOptions } from '../render/render-page.ts';
import { type ApiPageSource, withApiDefaults } from './api-pages.ts';
import { chunkSections } from './chunk.ts';
import { parseOrReport } from './project-reader.ts';

/**
 * One distinct page to parse, chunk, render and convert to Markdown: everything the work needs, and
 * nothing else, so it can be sent to a worker thread (structured clone) as well as done in process.
 */
export interface PageJob {
  sourcePath: string;
  /** The page's file and every file it includes, as read from the commit (pageFiles below). */
  files: Record<string, string>;
  /** What an API reference page is made of (read with the project's OpenAPI documents, which stay in the deploying thread). */
  api?: ApiPageSource;
  renderOptions?: RenderOptions;
  /** False only for the benchmark's baseline: parsed and chunked, not rendered. */
  isRendering: boolean;
}

/** What is stored of a parsed page besides its chunks and renders: its body and code are not kept. */
export type PageFacts = Omit<ParsedPage, 'sections' | 'code' | 'markdown'>;

/** A page's content ready to be stored: what a deployment holds of each page until its batch is stored. */
export interface BuiltPage {
  page: PageFacts;
  chunks: ReturnType<typeof chunkSections>;
  rendered: RenderedPage;
  markdown: string;
  /** Why the page's own components could not run, when they could not. */
  scriptWarnings: string[];
  renderMs: number;
  markdownMs: number;
}

/**
 * Parses, chunks, renders and converts one page. Never throws: a page that cannot be read comes back
 * broken with its warnings (as parseOrReport, renderPage and pageMarkdown never throw).
 */
export async function buildPage(job: PageJob, pageCode: PageCodeRunner): Promise<BuiltPage> {
  const { sourcePath, api } = job;
  const readFile = (file: string): string | undefined => (api && file === sourcePath ? api.text : job.files[file]);
  const read = parseOrReport(sourcePath, readFile);
  const { sections, code, markdown: body, ...facts } = api ? withApiDefaults(read, api) : read;
  const empty = { chunks: [], rendered: { html: '', headings: [] }, markdown: '', scriptWarnings: [], renderMs: 0, markdownMs: 0 };
  if (facts.isBroken) return { page: facts, ...empty };
  const chunks = chunkSections(sections);
  if (!job.isRendering) return { page: facts, ...empty, chunks };
  const renderStarted = performance.now();
  const scripts = await pageCode.scriptsFor(code);
  const rendered = renderPage({ markdown: body }, job.renderOptions, scripts);
  const markdownStarted = performance.now();
  const markdown = pageMarkdown(body);
  return {
    page: facts,
    chunks,
    rendered,
    markdown,
    scriptWarnings: scripts?.warnings ?? [],
    renderMs: markdownStarted - renderStarted,
    markdownMs: performance.now() - markdownStarted,
  };
}

/**
 * The files parsing a page may read: the page and, transitively, the files it includes that were read
 * (readPagesAndSnippets read exactly these, by the same references), so the page parses the same
 * wherever it is parsed.
 */
export function pageFiles(sourcePath: string, readFile: (file: string) => string | undefined, text = readFile(sourcePath)): Record<string, string> {
  const files: Record<string, string> = {};
  const wanted: [string, string | undefined][] = [[sourcePath, text]];
  for (let next = wanted.pop(); next; next = wanted.pop()) {
    const [file, content] = next;
    if (content === undefined || file in files) continue;
    files[file] = content;
    for (const included of snippetReferences(file, content)) if (!(included in files)) wanted.push([included, readFile(included)]);
  }
  return files;
}
