import sanitizeHtml from 'sanitize-html';
import { siteHref, siteImageSrc, isExternal } from './site-links.ts';

/** Plain formatting tags raw HTML in a page may keep; everything else gives way to its text. */
const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'del',
  'details',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
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
  'tr',
  'u',
  'ul',
];

/**
 * Raw HTML written in a page (an HTML block, `<img>`, `<br>`), sanitised by sanitize-html to an
 * allow-list of formatting tags and attributes: no script, style, frame, form, object, event handler
 * or `style` attribute survives; `<script>` and `<style>` lose their content too. Links and image
 * sources go through the site's link policy (javascript:, data: and the like lose their target).
 */
export function sanitizeRawHtml(html: string, route: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      details: ['open'],
      '*': [],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attributes) => {
        const href = attributes.href === undefined ? undefined : siteHref(attributes.href, route);
        return {
          tagName,
          attribs: {
            ...(attributes.title ? { title: attributes.title } : {}),
            ...(href ? { href, ...(isExternal(href) ? { rel: 'noopener noreferrer' } : {}) } : {}),
          },
        };
      },
      img: (tagName, attributes) => {
        const src = attributes.src === undefined ? undefined : siteImageSrc(attributes.src, route);
        const kept = Object.fromEntries(
          ['alt', 'title', 'width', 'height'].filter((name) => attributes[name] !== undefined).map((name) => [name, attributes[name]!]),
        );
        return src
          ? { tagName, attribs: { ...kept, alt: attributes.alt ?? '', src, loading: 'lazy' } }
          : { tagName: 'span', attribs: {}, text: attributes.alt ?? '' };
      },
    },
  });
}

/** Inline tags that pass as written when they pair up within their paragraph (without attributes). */
const INLINE_PAIRS = new Set(['b', 'i', 'em', 'strong', 'code', 'kbd', 'sup', 'sub', 'u', 's', 'del', 'ins', 'mark', 'small', 'span', 'abbr']);

/** One inline HTML tag: `<br/>`, `<sup>`, `</sup>`, `<img …>`, `<a href="…">`. */
export interface InlineTag {
  name: string;
  isClosing: boolean;
  /** The tag as it will be written, or '' when it is dropped. */
  html: string;
}

export function readInlineTag(raw: string, route: string): InlineTag {
  const match = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[\s\S]*?(\/?)>$/.exec(raw.trim());
  if (!match) return { name: '', isClosing: false, html: '' }; // a comment, a declaration
  const name = match[2]!.toLowerCase();
  const isClosing = match[1] === '/';
  if (name === 'br') return { name, isClosing: false, html: '<br>' };
  if (name === 'img') return { name, isClosing: false, html: sanitizeRawHtml(raw, route) };
  if (name === 'a') return { name, isClosing, html: isClosing ? '</a>' : sanitizeRawHtml(raw, route).replace(/<\/a>$/, '') };
  if (INLINE_PAIRS.has(name)) return { name, isClosing, html: isClosing ? `</${name}>` : `<${name}>` };
  return { name, isClosing, html: '' };
}
