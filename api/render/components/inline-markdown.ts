import markdownIt from 'markdown-it';
import { escapeHtml } from '../../http/html.ts';
import { isExternal, siteHref, siteImageSrc } from '../site-links.ts';

/**
 * Markdown written in an attribute (a frame's caption, a prompt's description) or in docs.json (the
 * banner): one paragraph's inline marks, links and images under the site's link policy, raw HTML shown
 * as text. Kept apart from markdown.ts's reader, which renders components with this module's help.
 */
const md = markdownIt('commonmark', { html: false });
md.validateLink = () => true;
md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  const href = siteHref(String(token.attrGet('href') ?? ''));
  token.attrs = href ? [['href', href], ...(isExternal(href) ? ([['rel', 'noopener noreferrer']] as [string, string][]) : [])] : [];
  return self.renderToken(tokens, index, options);
};
md.renderer.rules.image = (tokens, index) => {
  const token = tokens[index]!;
  const src = siteImageSrc(String(token.attrGet('src') ?? ''));
  return src ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.content)}" loading="lazy">` : escapeHtml(token.content);
};

export function inlineMarkdown(source: string): string {
  return md.renderInline(source);
}

/** Text with its character references decoded, as JSX reads `title="&quot;a&quot;"`; its backslashes are its own. */
export function decodeEntities(text: string): string {
  return text.includes('&') ? md.utils.unescapeAll(text.replaceAll('\\', '\\\\')) : text;
}
