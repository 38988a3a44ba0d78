import { Parser } from 'htmlparser2';
import { readTag } from '../mintlify/mdx/jsx-tags.ts';
import { escapeHtml } from '../http/html.ts';
import { htmlElement, VOID_ELEMENTS, type ElementRendering } from './html-elements.ts';

/** How far a raw tag's attributes may run before it is read as text. */
const MAX_TAG_CHARS = 64_000;

/** Renders a component met inside raw HTML (the sandbox writes Mintlify's components as placeholders): its tags, or undefined for a plain element. */
export type PlaceholderRendering = (name: string, attributes: Record<string, string>) => { open: string; close: string | (() => string) } | undefined;

/**
 * Raw HTML (an HTML block markdown-it could not read as JSX, or what a page's own component rendered in
 * the sandbox) written through the element allow-list of html-elements.ts, so it shows as its author
 * meant and runs nothing: text is escaped again, `<script>` and `<style>` lose their content, unknown
 * elements give way to their children, and every open element is closed.
 */
export function sanitizeRawHtml(html: string, placeholder?: PlaceholderRendering): string {
  let out = '';
  const open: { name: string; close: string | (() => string) }[] = [];
  const closing = (element: { close: string | (() => string) }) => (typeof element.close === 'string' ? element.close : element.close());
  let skipDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (skipDepth > 0) {
          skipDepth++;
          return;
        }
        const rendering: ElementRendering | { open: string; close: string | (() => string) } =
          placeholder?.(name, attributes) ?? htmlElement({ name, attributes });
        if (rendering === 'nothing') {
          if (!VOID_ELEMENTS.has(name.toLowerCase())) skipDepth = 1;
          return;
        }
        const { open: tag, close } = rendering === 'children' ? { open: '', close: '' } : rendering;
        out += tag;
        open.push({ name, close });
      },
      ontext(text) {
        if (skipDepth === 0) out += escapeHtml(text);
      },
      onclosetag(name) {
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        const index = open.findLastIndex((element) => element.name === name);
        if (index < 0) return;
        for (const element of open.splice(index).reverse()) out += closing(element);
      },
    },
    { decodeEntities: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  for (const element of open.reverse()) out += closing(element);
  return out;
}

/** One raw inline HTML tag markdown-it met in a paragraph (`<b>`, `</b>`, `<br>`): its name and how it is written. */
export interface InlineTag {
  name: string;
  isClosing: boolean;
  /** The tag as it will be written, or '' when it is dropped. */
  html: string;
  /** `<br>` and `<img>`: complete in themselves. */
  isVoid: boolean;
}

export function readInlineTag(raw: string): InlineTag {
  const tag = readTag(raw.trim().slice(0, MAX_TAG_CHARS), 0);
  if (!tag || tag === 'incomplete') return { name: '', isClosing: false, html: '', isVoid: true }; // a comment, a declaration
  const name = tag.name.toLowerCase();
  const isVoid = VOID_ELEMENTS.has(name) || tag.isSelfClosing;
  const rendering = htmlElement(tag);
  if (typeof rendering === 'string') return { name, isClosing: tag.isClosing, html: '', isVoid };
  if (tag.isClosing) return { name, isClosing: true, html: rendering.close, isVoid };
  return { name, isClosing: false, html: isVoid ? `${rendering.open}${rendering.close}` : rendering.open, isVoid };
}
