import type { ParsedPage } from '../mintlify/mdx/parse-page.ts';
import { escapeHtml } from '../http/html.ts';
import type { PageHeading } from './headings.ts';
import { renderMarkdown } from './markdown.ts';
import type { PageScripts } from './page-scripts.ts';
import { DEFAULT_RENDER_OPTIONS, inRenderContext, type PageUpdate, type RenderOptions } from './render-context.ts';

export type { RenderOptions } from './render-context.ts';

/** Bump when rendering changes, so the next deployment renders every page again. */
export const RENDER_VERSION = '5';

/** Pages larger than this render as their text in one block (the search text is unaffected). */
const MAX_RENDERED_CHARS = 2_000_000;

export interface RenderedPage {
  /** The page's body: sanitised HTML, its links to site routes marked to be written relative to the route it is served at (route-marks.ts). */
  html: string;
  /** Its h1 to h3 outside components, with the anchors search results point at, and its Update entries: its table of contents. */
  headings: PageHeading[];
}

/**
 * Renders a parsed page with the site's options (docs.json's icon library and LaTeX setting), once for
 * every route that serves it. Never throws: a page that cannot render shows its text.
 */
export function renderPage(
  page: Pick<ParsedPage, 'markdown'>,
  options: RenderOptions = DEFAULT_RENDER_OPTIONS,
  /** The page's own code (jsx-runtime/), when it has some. */
  scripts?: PageScripts,
): RenderedPage {
  if (page.markdown.length <= MAX_RENDERED_CHARS) {
    try {
      return inRenderContext(options, (context) => withUpdates(renderMarkdown(page.markdown, scripts), context.updates));
    } catch {
      // Shown as its text, below.
    }
  }
  return { html: `<pre class="plain">${escapeHtml(page.markdown)}</pre>`, headings: [] };
}

/** Update entries join the table of contents (as Mintlify lists a changelog's labels), in page order. */
function withUpdates(rendered: RenderedPage, updates: PageUpdate[]): RenderedPage {
  if (updates.length === 0) return rendered;
  let at = -1;
  const placed = rendered.headings.map((heading) => {
    at = Math.max(at, rendered.html.indexOf(` id="${escapeHtml(heading.anchor)}"`));
    return { heading, at };
  });
  for (const update of updates)
    placed.push({ heading: { level: 2, text: update.label, anchor: update.anchor }, at: rendered.html.indexOf(` id="${escapeHtml(update.anchor)}"`) });
  return { ...rendered, headings: placed.sort((a, b) => a.at - b.at).map((entry) => entry.heading) };
}
