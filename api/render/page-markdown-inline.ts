import type { Token } from 'markdown-it';
import { staticValue } from '../mintlify/mdx/expression-value.ts';
import { readTag, type Tag } from '../mintlify/mdx/jsx-tags.ts';
import { BLOCK_ELEMENTS, VOID_ELEMENTS } from './html-elements.ts';
import { mathSource } from './math-syntax.ts';
import { valueText } from './page-scripts.ts';
import { exportHref, exportImageSrc, linkDestination } from './page-markdown-links.ts';
import { tagIfAny, tagOf } from './token-meta.ts';

/** Where inline Markdown is written: table cells cannot hold a line break or an unescaped `|`. */
export interface InlineContext {
  isInTable?: boolean;
}

/** What an inline token needs to be written: markdown-it's, or one made from raw HTML (page-markdown-html.ts). */
export type InlineToken = Pick<Token, 'type' | 'content' | 'markup' | 'meta' | 'attrGet'> & { children: InlineToken[] | null };

/** Inline components that show nothing readable of their own, children included. */
const SILENT_INLINE = new Set(['Icon']);
/** Raw HTML elements whose content is code or data, not text: left out with it. */
export const HIDDEN_HTML = new Set(['script', 'style', 'svg', 'template', 'noscript']);

/**
 * A paragraph's (heading's, cell's) inline tokens written back as Markdown: emphasis with the marks the
 * author used, code spans, links and images made absolute (page-markdown-links.ts). Components give way
 * to their children; raw HTML to Markdown where it says the same (`<b>`, `<a href>`, `<img>`, `<br>`), else
 * to its text.
 */
export function inlineMarkdown(tokens: InlineToken[], context: InlineContext): string {
  let out = '';
  const links: (string | undefined)[] = [];
  const html = tokens.some(isHtmlTag) ? readHtml(tokens) : new Map<number, HtmlTag>();
  let isAfterSilent = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    // An icon between two words leaves one space, not two.
    const isSpaced = isAfterSilent && (out === '' || /[ \t]$/.test(out));
    isAfterSilent = false;
    switch (token.type) {
      case 'text':
      case 'text_special':
        out += (links.length > 0 ? linkText : escapeText)(isSpaced ? token.content.replace(/^[ \t]+/, '') : token.content);
        break;
      case 'code_inline':
        out += codeSpan(token.content);
        break;
      case 'softbreak':
        out += context.isInTable ? ' ' : '\n';
        break;
      case 'hardbreak':
        out += lineBreak(context);
        break;
      case 'em_open':
      case 'em_close':
      case 'strong_open':
      case 'strong_close':
        out += token.markup;
        break;
      case 's_open':
      case 's_close':
        out += '~~';
        break;
      case 'link_open':
        out += openLink(attr(token, 'href'), attr(token, 'title'), links);
        break;
      case 'link_close':
        out += closeLink(links);
        break;
      case 'image':
        out += imageMarkdown(plainText(token.children ?? []), attr(token, 'src'), attr(token, 'title'));
        break;
      case 'expression':
        out += escapeText(valueText(staticValue(token.content)));
        break;
      case 'component_inline_open':
        if (html.has(index)) {
          out += htmlTagMarkdown(tokens, index, html, links, context);
          index = Math.max(index, html.get(index)!.skipTo);
        } else if (SILENT_INLINE.has(tagOf(token).name)) {
          index = componentEnd(tokens, index);
          isAfterSilent = true;
        }
        break;
      case 'component_inline_self':
      case 'component_inline_close':
      case 'html_inline':
        if (html.has(index)) {
          out += htmlTagMarkdown(tokens, index, html, links, context);
          index = Math.max(index, html.get(index)!.skipTo);
        } else if (token.type === 'component_inline_self' && tagOf(token).name === 'Latex') {
          out += mathSource(tagOf(token), false); // a formula, `$…$` (math-syntax.ts)
        } else if (token.type === 'component_inline_self') isAfterSilent = SILENT_INLINE.has(tagOf(token).name);
        break;
      // Other components' tags, dropped ones and anything unknown show nothing of their own.
    }
  }
  return out;
}

/** An inline HTML element's tag (raw, or read as JSX by mdx-syntax.ts), with the index of the tag it pairs with in its paragraph (-1: none). */
interface HtmlTag {
  name: string;
  tag: Tag;
  partner: number;
  /** The last token this tag's Markdown stands for (itself, or its partner when its content is left out or written whole). */
  skipTo: number;
}

const isHtmlTag = (token: InlineToken) =>
  token.type === 'html_inline' || (token.type.startsWith('component_inline_') && /^[a-z]/.test(tagIfAny(token)?.name ?? ''));

/** Reads a paragraph's inline HTML tags and pairs them up as markdown.ts does (innermost first, the unclosed left alone). */
function readHtml(tokens: InlineToken[]): Map<number, HtmlTag> {
  const tags = new Map<number, HtmlTag>();
  const open: number[] = [];
  tokens.forEach((token, index) => {
    if (!isHtmlTag(token)) return;
    const tag = token.type === 'html_inline' ? readTag(token.content, 0) : tagOf(token);
    if (!tag || tag === 'incomplete') return;
    const read = { name: tag.name.toLowerCase(), tag, partner: -1, skipTo: index };
    tags.set(index, read);
    if (tag.isSelfClosing || VOID_ELEMENTS.has(read.name)) return;
    if (!tag.isClosing) open.push(index);
    else {
      const at = open.findLastIndex((candidate) => tags.get(candidate)!.name === read.name);
      if (at < 0) return;
      const opening = open.splice(at)[0]!;
      tags.get(opening)!.partner = index;
      read.partner = opening;
    }
  });
  return tags;
}

/** An inline HTML tag as Markdown: a `<code>` element as a code span, hidden elements (`<svg>`) left out with their content. */
function htmlTagMarkdown(tokens: InlineToken[], index: number, html: Map<number, HtmlTag>, links: (string | undefined)[], context: InlineContext): string {
  const tag = html.get(index)!;
  if (tag.partner > index && HIDDEN_HTML.has(tag.name)) {
    tag.skipTo = tag.partner;
    return '';
  }
  if (tag.partner > index && tag.name === 'code') {
    tag.skipTo = tag.partner;
    return codeSpan(plainText(tokens.slice(index + 1, tag.partner)));
  }
  return inlineHtml(tag, links, context);
}

/** What inline HTML says in Markdown; a tag that does not pair up says nothing (an unclosed `<b>` would spill). */
function inlineHtml({ name, tag, partner }: HtmlTag, links: (string | undefined)[], context: InlineContext): string {
  if (name === 'br') return lineBreak(context);
  // A cell, a row, a division written inline with its neighbours (`<tr><td>a</td><td>b</td></tr>`) still ends a paragraph.
  if (BLOCK_ELEMENTS.has(name)) return tag.isClosing ? (context.isInTable ? ' ' : '\n\n') : '';
  if (name === 'img') return imageMarkdown(tag.attributes.alt ?? '', tag.attributes.src ?? '', tag.attributes.title);
  if (partner < 0) return '';
  if (name === 'a') return tag.isClosing ? closeLink(links) : openLink(tag.attributes.href ?? '', tag.attributes.title, links);
  return INLINE_MARKS[name] ?? '';
}

/** Raw inline HTML that Markdown writes with marks of its own. */
const INLINE_MARKS: Record<string, string> = { b: '**', strong: '**', i: '*', em: '*', s: '~~', del: '~~', strike: '~~' };

/** A link's `[`, or nothing when its target is refused (its text stays); the destination waits on `links` for its `]`. */
function openLink(url: string, title: string | null | undefined, links: (string | undefined)[]): string {
  const href = exportHref(url);
  links.push(href === undefined ? undefined : linkDestination(href, title));
  return href === undefined ? '' : '[';
}

function closeLink(links: (string | undefined)[]): string {
  const destination = links.pop();
  return destination === undefined ? '' : `](${destination})`;
}

export function imageMarkdown(alt: string, src: string, title: string | null | undefined): string {
  const url = exportImageSrc(src);
  const text = linkText(alt.replace(/\s+/g, ' ').trim());
  return url === undefined ? text : `![${text}](${linkDestination(url, title)})`;
}

const lineBreak = (context: InlineContext) => (context.isInTable ? '<br>' : '\\\n');

/** The tag closing the inline component opened at `open` (mdx-syntax.ts has paired them), or the last token. */
function componentEnd(tokens: InlineToken[], open: number): number {
  let depth = 0;
  for (let index = open + 1; index < tokens.length; index++) {
    const type = tokens[index]!.type;
    if (type === 'component_inline_open') depth++;
    else if (type === 'component_inline_close' && depth-- === 0) return index;
  }
  return tokens.length - 1;
}

/** The text of inline tokens, without marks (an image's description, a `<code>` element's code). */
function plainText(tokens: InlineToken[]): string {
  let text = '';
  for (const token of tokens) {
    if (token.type === 'text' || token.type === 'text_special' || token.type === 'code_inline') text += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += ' ';
    else if (token.type === 'image') text += plainText(token.children ?? []);
  }
  return text;
}

const attr = (token: InlineToken, name: string) => String(token.attrGet(name) ?? '');

/**
 * The marks in text that would start emphasis, code, a link, a tag or an entity (`_` inside a word, a lone
 * `[` and `a < b` do not). How far a `[` looks for its `](` is bounded, so that a run of brackets stays linear.
 */
const TEXT_MARKS =
  /\\(?=[!-/:-@[-`{-~]|$)|[*`]|~(?=~)|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])|\[(?=[^\]\n]{0,500}\][([:])|<(?=\/?[A-Za-z][\w.:-]*(?:[\s/>]|$)|[!?])|&(?=#?\w+;)/gu;
/** Inside a link's brackets every bracket is escaped too, so that they pair up. */
const LINK_TEXT_MARKS = new RegExp(`${TEXT_MARKS.source}|[[\\]]`, 'gu');

/** Text as Markdown that reads back as the same text. */
export const escapeText = (text: string): string => text.replace(TEXT_MARKS, '\\$&');

/** Text inside a link's (or image's) brackets. */
export const linkText = (text: string): string => text.replace(LINK_TEXT_MARKS, '\\$&');

/** Block marks at the start of a line (`#`, `>`, a list marker, a setext underline) that only text can have put there. */
const BLOCK_START = /^(?:#{1,6}(?=[ \t]|$)|>|[-+](?=[ \t]|$)|=+[ \t]*$|-+[ \t]*$|(\d{1,9})([.)])(?=[ \t]|$))/gm;

/** A paragraph's lines with what would start another block at their beginning escaped. */
export function escapeLineStarts(text: string): string {
  return text.replace(BLOCK_START, (mark, number: string | undefined, delimiter: string | undefined) => (number ? `${number}\\${delimiter}` : `\\${mark}`));
}

/** A code span that holds `code` exactly: fenced by more backticks than it contains in a row. */
export function codeSpan(code: string): string {
  let longest = 0;
  for (const run of code.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const fence = '`'.repeat(longest + 1);
  const padding = code.startsWith('`') || code.endsWith('`') || (code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') ? ' ' : '';
  return `${fence}${padding}${code}${padding}${fence}`;
}
