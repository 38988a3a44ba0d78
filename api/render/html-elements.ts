import { staticValue, NOT_STATIC } from '../mintlify/mdx/expression-value.ts';
import { escapeHtml } from '../http/html.ts';
import { lookupTable } from '../lookup-table.ts';
import { styleAttribute } from './css-declarations.ts';
import { allowedFeatures, isAllowedEmbed } from './embeds.ts';
import { isExternal, siteHref, siteImageSrc } from './site-links.ts';
import { isSvgElement, svgAttributeName, svgElementName } from './svg-elements.ts';

/** How one HTML (or JSX) element of a page is written: its tags, or only its children, or nothing at all. */
export type ElementRendering = { open: string; close: string } | 'children' | 'nothing';

/** An element as a page wrote it: `attributes` as text, `expressions` the source of `{…}` values (jsx-tags.ts). */
export interface ElementInput {
  name: string;
  attributes: Record<string, string>;
  expressions?: Record<string, string>;
}

/** Elements that never have content: `<br>`, `<img …>` are complete without a closing tag. */
export const VOID_ELEMENTS = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Elements that end a paragraph of the text around them. */
export const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'iframe',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
  'video',
]);

/** Elements whose content is text and inline elements only: a paragraph inside them is written without `<p>`. */
export const PHRASING_ELEMENTS = new Set([
  'a',
  'abbr',
  'b',
  'button',
  'cite',
  'code',
  'em',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'i',
  'kbd',
  'label',
  'mark',
  'p',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'time',
  'u',
]);

/** Dropped with everything inside: what would run, load or ask for input. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'object',
  'embed',
  'applet',
  'frame',
  'frameset',
  'link',
  'meta',
  'base',
  'input',
  'select',
  'textarea',
  'option',
  'head',
  'title',
]);

/** Written as a `<div>`/`<span>`: landmarks would clash with the site's own (one banner, one main…), `center` and `font` are obsolete. */
const RENAMED = lookupTable<string>({
  section: 'div',
  article: 'div',
  aside: 'div',
  main: 'div',
  header: 'div',
  footer: 'div',
  nav: 'div',
  center: 'div',
  font: 'span',
});

const ALLOWED_ELEMENTS = new Set([
  'a',
  'abbr',
  'audio',
  'b',
  'bdi',
  'bdo',
  'blockquote',
  'br',
  'button',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'iframe',
  'img',
  'ins',
  'kbd',
  'label',
  'li',
  'mark',
  'ol',
  'p',
  'picture',
  'pre',
  'q',
  's',
  'samp',
  'small',
  'source',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'track',
  'u',
  'ul',
  'var',
  'video',
  'wbr',
]);

const GLOBAL_ATTRIBUTES = new Set(['class', 'id', 'title', 'lang', 'dir', 'role', 'tabindex', 'hidden', 'style', 'align', 'width', 'height']);
const ELEMENT_ATTRIBUTES = lookupTable<ReadonlySet<string>>({
  a: new Set(['href', 'target', 'rel', 'download']),
  img: new Set(['src', 'alt', 'loading', 'decoding']),
  video: new Set(['src', 'poster', 'controls', 'autoplay', 'muted', 'loop', 'playsinline', 'preload']),
  audio: new Set(['src', 'controls', 'autoplay', 'muted', 'loop', 'preload']),
  source: new Set(['src', 'type', 'media']),
  track: new Set(['src', 'kind', 'srclang', 'label', 'default']),
  iframe: new Set(['src', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy', 'frameborder']),
  td: new Set(['colspan', 'rowspan', 'valign', 'headers']),
  th: new Set(['colspan', 'rowspan', 'valign', 'scope', 'headers', 'abbr']),
  col: new Set(['span']),
  colgroup: new Set(['span']),
  details: new Set(['open']),
  ol: new Set(['start', 'type', 'reversed']),
  li: new Set(['value']),
  time: new Set(['datetime']),
  button: new Set(['type', 'disabled']),
});
const BOOLEAN_ATTRIBUTES = new Set([
  'hidden',
  'controls',
  'autoplay',
  'muted',
  'loop',
  'playsinline',
  'allowfullscreen',
  'open',
  'reversed',
  'default',
  'disabled',
  'download',
]);
/** JSX's names for HTML attributes that are not simply lowercased. */
const JSX_NAMES = lookupTable<string>({ className: 'class', htmlFor: 'for' });

/**
 * Writes a page's element through Folio's allow-list, so that a page's markup shows as its author meant
 * and can run nothing: formatting, tables, media, allowed embeds and inline SVG keep their tags and
 * presentational attributes (JSX names and values read as React does: `className`, `style={{…}}`,
 * `strokeWidth`); links and sources follow the site's link policy; event handlers, scripts, styles
 * elements, forms and frames to other sites do not survive. Unknown elements give way to their children.
 */
export function htmlElement(input: ElementInput): ElementRendering {
  const name = input.name.toLowerCase();
  if (DROPPED.has(name)) return 'nothing';
  if (name === 'iframe') return iframe(input);
  const isSvg = isSvgElement(input.name);
  if (!isSvg && !ALLOWED_ELEMENTS.has(name) && !RENAMED[name]) return 'children';
  const tagName = isSvg ? svgElementName(input.name) : (RENAMED[name] ?? name);
  const attributes = isSvg ? svgAttributes(input) : htmlAttributes(tagName, input);
  // An image with nowhere to load from reads as its description.
  if (attributes === undefined) return { open: escapeHtml(input.attributes.alt ?? ''), close: '' };
  const open = `<${tagName}${attributes}>`;
  return { open, close: VOID_ELEMENTS.has(tagName) ? '' : `</${tagName}>` };
}

function htmlAttributes(tagName: string, input: ElementInput): string | undefined {
  const allowed = ELEMENT_ATTRIBUTES[tagName];
  let out = '';
  for (const [written, text] of Object.entries(input.attributes)) {
    const name = JSX_NAMES[written] ?? (written.startsWith('aria-') || written.startsWith('data-') ? written : written.toLowerCase());
    const isAllowed = GLOBAL_ATTRIBUTES.has(name) || allowed?.has(name) || name.startsWith('aria-') || /^data-[\w-]+$/.test(name);
    if (!isAllowed) continue;
    const value = attributeValue(name, text, input.expressions?.[written]);
    if (value === undefined) continue;
    out += value === '' && BOOLEAN_ATTRIBUTES.has(name) ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  }
  if (tagName === 'img') {
    if (!/ src=/.test(out)) return undefined;
    return `${out}${/ alt=/.test(out) ? '' : ' alt=""'}${/ loading=/.test(out) ? '' : ' loading="lazy"'}`;
  }
  if (tagName === 'a' && /href="https?:/i.test(out) && !/ rel=/.test(out)) out += ' rel="noopener noreferrer"';
  if (tagName === 'button' && !/ type=/.test(out)) out += ' type="button"';
  return out;
}

/** The value to write, '' for a boolean attribute that is on, or undefined to leave the attribute out. */
function attributeValue(name: string, text: string, expression: string | undefined): string | undefined {
  if (name === 'style') {
    const value = expression === undefined ? text : staticValue(expression);
    return (value === NOT_STATIC ? '' : styleAttribute(value as string)) || undefined;
  }
  if (BOOLEAN_ATTRIBUTES.has(name)) return text === 'false' || (expression !== undefined && text === '') ? undefined : '';
  if (expression !== undefined && text === '') return undefined;
  if (name === 'href') return siteHref(text);
  if (name === 'src' || name === 'poster') return siteImageSrc(text);
  if (name === 'target') return text === '_blank' ? '_blank' : undefined;
  if (name === 'rel')
    return (
      text
        .split(/\s+/)
        .filter((word) => /^(noopener|noreferrer|nofollow|external)$/.test(word))
        .join(' ') || undefined
    );
  if (name === 'tabindex') return /^-?\d+$/.test(text.trim()) ? text.trim() : undefined;
  return text;
}

function iframe(input: ElementInput): ElementRendering {
  const src = input.attributes.src ?? '';
  const title = input.attributes.title || 'Embedded content';
  if (!isAllowedEmbed(src)) {
    const href = siteHref(src);
    if (!href || !isExternal(href)) return 'nothing';
    return { open: `<p class="embed-link"><a href="${escapeHtml(href)}" rel="noopener noreferrer">${escapeHtml(title)}</a></p>`, close: '' };
  }
  const keep = ['class', 'className', 'style', 'width', 'height'].filter((name) => name in input.attributes);
  const attributes = htmlAttributes('iframe', { ...input, attributes: Object.fromEntries(keep.map((name) => [name, input.attributes[name]!])) }) ?? '';
  const allow = allowedFeatures(input.attributes.allow ?? '');
  return {
    open: `<iframe src="${escapeHtml(src)}" title="${escapeHtml(title)}"${attributes}${allow ? ` allow="${escapeHtml(allow)}"` : ''} allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups">`,
    close: '</iframe>',
  };
}

function svgAttributes(input: ElementInput): string {
  let out = '';
  for (const [written, text] of Object.entries(input.attributes)) {
    const name = svgAttributeName(written);
    if (!name) continue;
    const expression = input.expressions?.[written];
    if (name === 'style') {
      const value = expression === undefined ? text : staticValue(expression);
      const style = value === NOT_STATIC ? '' : styleAttribute(value as string);
      if (style) out += ` style="${escapeHtml(style)}"`;
      continue;
    }
    if (expression !== undefined && text === '') continue;
    if ((name === 'href' || name === 'xlink:href') && !/^#[\w-]+$/.test(text.trim())) {
      const src = siteImageSrc(text);
      if (!src || input.name !== 'image') continue;
      out += ` ${name}="${escapeHtml(src)}"`;
      continue;
    }
    if (/url\(/i.test(text) && !/^url\(#[\w-]+\)$/.test(text.trim())) continue;
    out += ` ${name}="${escapeHtml(text)}"`;
  }
  return out;
}
