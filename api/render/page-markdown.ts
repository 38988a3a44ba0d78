import { SITE_ORIGIN_MARK } from './site-origin.ts';
import { createMdxMarkdown } from './markdown.ts';
import { blockTree, MarkdownWriter } from './page-markdown-blocks.ts';

/** The page read as the web page reads it, except for whom: `<Visibility for="agents">` content is in, `for="humans"` out. */
const md = createMdxMarkdown('agents');

/**
 * The Markdown export of a page's body (ParsedPage.markdown) served at `route` (`/customize/custom-domain`, home is `/`).
 *
 * Clean Markdown for AI tools, without JSX: the page is parsed as the site renders it and its tokens are
 * written back as Markdown (page-markdown-blocks.ts), components as Markdown that says the same thing
 * (page-markdown-components.ts). Code blocks keep their code and info string exactly. Links and images
 * point at absolute addresses behind the site origin mark (page-markdown-links.ts), so the mark is taken
 * out of the page's own text first. Never throws: a page that cannot be read this way is exported as
 * written, less its component tags.
 */
export function pageMarkdown(markdown: string): string {
  const source = markdown.replaceAll(SITE_ORIGIN_MARK, '');
  try {
    const body = new MarkdownWriter(md).blocks(blockTree(md.parse(source, {})));
    return body ? `${body}\n` : '';
  } catch {
    return source.replace(/<\/?[A-Z][\w.]*(?:\s[^>]*)?\/?>/g, '');
  }
}
