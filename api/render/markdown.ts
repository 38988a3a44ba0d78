import markdownIt, { type MarkdownIt } from 'markdown-it';
import type { Token } from 'markdown-it';
import { escapeHtml } from '../http/html.ts';
import { renderCodeBlock } from './code-blocks.ts';
import { closeComponent, isHtmlElement, openComponent, selfClosingComponent } from './components.ts';
import { assignAnchors, type PageHeading } from './headings.ts';
import { htmlElement } from './html-elements.ts';
import { mathSyntax } from './math-syntax.ts';
import { mdxSyntax, type Audience } from './mdx-syntax.ts';
import { STATIC_SCRIPTS, type PageScripts } from './page-scripts.ts';
import { readInlineTag, sanitizeRawHtml } from './raw-html.ts';
import { isExternal, siteHref, siteImageSrc } from './site-links.ts';
import { groupUserComponents } from './user-component-tokens.ts';
import { setTokenMeta, tagOf, inlineTagOf } from './token-meta.ts';

/** What a render keeps beside the HTML (a type, not an interface: markdown-it takes it as its loose `env` record). */
type RenderEnv = {
  headings: PageHeading[];
  /** The page's own values and components (`export const`, imported snippets). */
  scripts: PageScripts;
};

/** The env of this module's render (renderPage's): markdown-it hands it back to the rules untyped. */
const renderEnvOf = (env: unknown): RenderEnv => env as RenderEnv;

/**
 * markdown-it (CommonMark + GFM tables and strikethrough) with MDX's components and expressions, as
 * MDX reads Markdown: no indented code blocks (children of components are indented). Content for the
 * other audience is left out (mdx-syntax.ts).
 */
export function createMdxMarkdown(audience: Audience): MarkdownIt {
  const md = markdownIt({ html: true, linkify: false, typographer: false });
  md.disable(['code']);
  md.use(mdxSyntax, { audience });
  md.use(mathSyntax);
  // Every link is read as a link; whoever writes the tokens drops the targets the policy refuses.
  md.validateLink = () => true;
  return md;
}

/**
 * The web page's renderer. Everything it writes is escaped by construction; raw HTML is sanitised
 * (raw-html.ts); links follow site-links.ts (link_open and image below).
 */
function createMarkdown(): MarkdownIt {
  const md = createMdxMarkdown('humans');
  md.core.ruler.push('anchors', (state) => {
    renderEnvOf(state.env).headings = assignAnchors(state.tokens);
  });
  md.core.ruler.push('inline_html', (state) => {
    for (const token of state.tokens) if (token.type === 'inline' && token.children) pairInlineHtml(token.children);
  });
  md.core.ruler.push('user_components', (state) => {
    const { scripts } = renderEnvOf(state.env);
    state.tokens = groupUserComponents(
      state.tokens,
      (name) => scripts.hasComponent(name),
      (tag) => isHtmlElement(tag) && htmlElement(tag) === 'nothing',
    );
  });

  const rules = md.renderer.rules;
  rules.fence = (tokens, index) => renderCodeBlock(tokens[index]!.content, tokens[index]!.info);
  rules.html_block = (tokens, index) => sanitizeRawHtml(tokens[index]!.content);
  rules.html_inline = (tokens, index) => inlineTagOf(tokens[index]!)?.html ?? '';
  const element = (token: Token) => {
    const rendering = htmlElement(tagOf(token));
    return typeof rendering === 'string' ? { open: '', close: '' } : rendering;
  };
  rules.component_open = (tokens, index) => {
    const tag = tagOf(tokens[index]!);
    return `${isHtmlElement(tag) ? element(tokens[index]!).open : openComponent(tag, true)}\n`;
  };
  rules.component_close = (tokens, index) => {
    const tag = tagOf(tokens[index]!);
    return `${isHtmlElement(tag) ? element(tokens[index]!).close : closeComponent(tag, true)}\n`;
  };
  rules.component_self = (tokens, index) => {
    const tag = tagOf(tokens[index]!);
    if (!isHtmlElement(tag)) return selfClosingComponent(tag, true);
    const { open, close } = element(tokens[index]!);
    return `${open}${close}\n`;
  };
  rules.component_inline_open = (tokens, index) =>
    isHtmlElement(tagOf(tokens[index]!)) ? element(tokens[index]!).open : openComponent(tagOf(tokens[index]!), false);
  rules.component_inline_close = (tokens, index) =>
    isHtmlElement(tagOf(tokens[index]!)) ? element(tokens[index]!).close : closeComponent(tagOf(tokens[index]!), false);
  rules.component_inline_self = (tokens, index) => {
    const tag = tagOf(tokens[index]!);
    if (!isHtmlElement(tag)) return selfClosingComponent(tag, false);
    const { open, close } = element(tokens[index]!);
    return `${open}${close}`;
  };
  rules.component_dropped = () => '';
  rules.expression = (tokens, index, _options, env) => renderEnvOf(env).scripts.expressionHtml(tokens[index]!.content, tokens[index]!.block);
  rules.user_component = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    const children = token.children ? (token.block ? self.render(token.children, options, env) : self.renderInline(token.children, options, env)) : '';
    return renderEnvOf(env).scripts.renderComponent(tagOf(token), children, token.block);
  };
  rules.link_open = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    const href = siteHref(String(token.attrGet('href') ?? ''));
    if (href) token.attrSet('href', href);
    else token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'href');
    if (href && isExternal(href)) token.attrSet('rel', 'noopener noreferrer');
    return self.renderToken(tokens, index, options);
  };
  rules.image = (tokens, index, _options, env) => {
    const token = tokens[index]!;
    const alt = token.children ? md.renderer.renderInlineAsText(token.children, md.options, env) : token.content;
    const src = siteImageSrc(String(token.attrGet('src') ?? ''));
    if (!src) return escapeHtml(alt);
    const title = token.attrGet('title');
    return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${title ? ` title="${escapeHtml(String(title))}"` : ''} loading="lazy">`;
  };
  rules.table_open = () => '<div class="table-wrap" tabindex="0"><table>\n';
  rules.table_close = () => '</table></div>\n';
  rules.heading_open = (tokens, index, options, _env, self) => self.renderToken(tokens, index, options);
  rules.heading_close = (tokens, index) => {
    const id = tokens[index - 2]?.attrGet('id');
    return `${id ? `<a class="heading-anchor" href="#${escapeHtml(String(id))}" aria-label="Link to this section"></a>` : ''}</${tokens[index]!.tag}>\n`;
  };
  return md;
}

/** Raw inline tags are kept only in pairs within their paragraph (an unclosed `<b>` would spill into the page). */
function pairInlineHtml(children: Token[]): void {
  const open: Token[] = [];
  const drop = (token: Token) => (inlineTagOf(token)!.html = '');
  for (const child of children) {
    if (child.type !== 'html_inline') continue;
    const tag = readInlineTag(child.content);
    setTokenMeta(child, tag);
    if (!tag.html || tag.isVoid) continue;
    if (!tag.isClosing) {
      open.push(child);
      continue;
    }
    const index = open.findLastIndex((candidate) => inlineTagOf(candidate)!.name === tag.name);
    if (index < 0) drop(child);
    else open.splice(index).slice(1).forEach(drop);
  }
  open.forEach(drop);
}

const md = createMarkdown();

/** A page's Markdown (MDX) as HTML, with its section headings. */
export function renderMarkdown(markdown: string, scripts: PageScripts = STATIC_SCRIPTS): { html: string; headings: PageHeading[] } {
  const env: RenderEnv = { headings: [], scripts };
  const html = md.render(markdown, env);
  return { html, headings: env.headings };
}
