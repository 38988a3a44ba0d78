import { readTag } from '../mintlify/mdx/jsx-tags.ts';
import { BLOCK_ELEMENTS } from './html-elements.ts';
import { escapeLineStarts, HIDDEN_HTML, type InlineToken } from './page-markdown-inline.ts';

/** How far a tag's attributes may run: further, it is read as text (as mdx-syntax.ts reads components). */
const MAX_TAG_CHARS = 4_000;

/** What page-markdown-blocks.ts lends the HTML reader. */
export interface HtmlWriter {
  /** Inline tokens as Markdown (page-markdown-inline.ts). */
  inline(tokens: InlineToken[]): string;
  /** HTML text with its character references decoded. */
  decode(text: string): string;
}

/**
 * A block of raw HTML (or of a component markdown-it could not pair) as Markdown paragraphs: its text,
 * with what has a Markdown form (`<b>`, `<a href>`, `<img>`, `<br>`, `<hr>`) in that form. Whitespace
 * counts as in HTML: runs are one space, and block elements end a paragraph.
 */
export function htmlBlockMarkdown(html: string, writer: HtmlWriter): string {
  const paragraphs: string[] = [];
  let pieces: InlineToken[] = [];
  const endParagraph = () => {
    const text = writer
      .inline(pieces)
      .replace(/[ \t]*\n[ \t]*/g, '\n')
      .trim();
    if (text) paragraphs.push(escapeLineStarts(text));
    pieces = [];
  };
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const textEnd = open < 0 ? html.length : open;
    if (textEnd > at) pieces.push(piece('text', writer.decode(html.slice(at, textEnd)).replace(/\s+/g, ' ')));
    if (open < 0) break;
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      at = close < 0 ? html.length : close + 3;
      continue;
    }
    const tag = readTag(html.slice(open, open + MAX_TAG_CHARS), 0);
    if (!tag || tag === 'incomplete') {
      pieces.push(piece('text', '<'));
      at = open + 1;
      continue;
    }
    at = open + tag.end;
    const name = tag.name.toLowerCase();
    if (HIDDEN_HTML.has(name) && !tag.isClosing && !tag.isSelfClosing) {
      at = afterClosingTag(html, name, at);
    } else if (BLOCK_ELEMENTS.has(name)) {
      endParagraph();
      if (name === 'hr') paragraphs.push('---');
    } else {
      pieces.push(piece('html_inline', html.slice(open, at)));
    }
  }
  endParagraph();
  return paragraphs.join('\n\n');
}

/** Where the text after `</name>` begins (the end when it is not closed). */
function afterClosingTag(html: string, name: string, from: number): number {
  const close = new RegExp(`</${name}\\s*>`, 'gi');
  close.lastIndex = from;
  return close.exec(html) ? close.lastIndex : html.length;
}

const piece = (type: string, content: string): InlineToken => ({ type, content, markup: '', meta: null, children: null, attrGet: () => null });
