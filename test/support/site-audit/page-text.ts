import { Parser } from 'htmlparser2';

/** An API reference page's operation, as the page declares it (`<div class="api-endpoint" data-method data-path data-spec>`). */
export interface PageEndpoint {
  method: string;
  path: string;
  spec: string;
}

/** What a reader gets from a page's `<main>`. */
export interface PageText {
  /** The visible prose: code (`pre`, `code`, `kbd`, `samp`) and TeX annotations left out, entities decoded. */
  prose: string;
  /** Every visible word, code included. */
  all: string;
  endpoints: PageEndpoint[];
}

/** Never shown: their text is not the page's. */
const UNSEEN = new Set(['script', 'style', 'template', 'noscript']);
/** Shown, but as code (or TeX source), where markup and braces are what the author wrote. */
const CODE = new Set(['pre', 'code', 'kbd', 'samp', 'annotation']);
/**
 * Elements that never split a word: highlight.js and KaTeX wrap pieces of one token in spans. Every other
 * element boundary counts as a space, as the source's tags and Markdown marks do once stripped (source-prose.ts).
 */
const INLINE = new Set(['span', 'wbr']);

/** The text of a page's `<main>` element, the way a reader sees it. */
export function pageText(html: string): PageText {
  const prose: string[] = [];
  const all: string[] = [];
  const endpoints: PageEndpoint[] = [];
  // One entry per open element: whether it (or an ancestor) hides its text, and whether it is code.
  const stack: { name: string; isUnseen: boolean; isCode: boolean }[] = [];
  let inMain = 0;
  const gap = () => {
    if (inMain === 0) return;
    prose.push(' ');
    all.push(' ');
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = stack.at(-1);
        const isUnseen = (parent?.isUnseen ?? false) || UNSEEN.has(name) || 'hidden' in attributes;
        stack.push({ name, isUnseen, isCode: (parent?.isCode ?? false) || CODE.has(name) });
        if (name === 'main') inMain++;
        if (!INLINE.has(name)) gap();
        if ((attributes.class ?? '').split(/\s+/).includes('api-endpoint')) {
          endpoints.push({ method: attributes['data-method'] ?? '', path: attributes['data-path'] ?? '', spec: attributes['data-spec'] ?? '' });
        }
      },
      onclosetag(name) {
        const open = stack.pop();
        if (open?.name === 'main') inMain--;
        if (!INLINE.has(name)) gap();
      },
      ontext(text) {
        const open = stack.at(-1);
        if (inMain === 0 || open?.isUnseen) return;
        all.push(text);
        if (!open?.isCode) prose.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { prose: prose.join(''), all: all.join(''), endpoints };
}
