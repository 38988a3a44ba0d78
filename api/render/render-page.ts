import type { ParsedPage } from '../mintlify/mdx/parse-page.ts';
import { escapeHtml } from '../http/html.ts';
import type { PageHeading } from './headings.ts';
import { renderMarkdown } from './markdown.ts';

/** Bump when rendering changes, so the next deployment renders every page again. */
export const RENDER_VERSION = '2';

/** Pages larger than this render as their text in one block (the search text is unaffected). */
const MAX_RENDERED_CHARS = 2_000_000;

export interface RenderedPage {
  /** The page's body: sanitised HTML, links relative to its route. */
  html: string;
  /** Its h1 to h3 outside components, with the anchors search results point at. */
  headings: PageHeading[];
}

/** Renders a parsed page served at `route` (`/cli/install`). Never throws: a page that cannot render shows its text. */
export function renderPage(page: Pick<ParsedPage, 'markdown'>, route: string): RenderedPage {
  if (page.markdown.length <= MAX_RENDERED_CHARS) {
    try {
      return renderMarkdown(page.markdown, route);
    } catch {
      // Shown as its text, below.
    }
  }
  return { html: `<pre class="plain">${escapeHtml(page.markdown)}</pre>`, headings: [] };
}
