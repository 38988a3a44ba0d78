import type { MarkdownIt, StateBlock, StateInline, Token } from 'markdown-it';
import { matchBrace, readTag, type Tag } from '../mintlify/mdx/jsx-tags.ts';

/**
 * What MDX adds to Markdown, taught to markdown-it: JSX components (`<Note>…</Note>`, `<Card … />`)
 * whose children are Markdown, and `{…}` expressions (comments, values), which have no text to show
 * unless they are a string literal. Components become `component_open`/`component_close` tokens
 * (`meta` holds the tag), rendered by components.ts. The unified/remark MDX parser does this fully but
 * took about 25 s for the 1,100 pages of the bundled corpus against markdown-it's 0.6 s (docs/site.md),
 * hence this plugin. A tag it cannot pair is left to markdown-it as raw HTML, which is sanitised to its
 * text.
 */
export function mdxSyntax(md: MarkdownIt, options: { audience?: Audience } = {}): void {
  md.block.ruler.before('html_block', 'component', componentBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.before('html_inline', 'component_inline', componentInline);
  md.inline.ruler.before('html_inline', 'expression', expression);
  md.core.ruler.push('balance_components', balanceInlineComponents);
  const audience = options.audience ?? 'humans';
  md.core.ruler.push('audience', (state) => keepAudience(state.tokens, audience));
}

/**
 * Who reads what is made: people on the web page, or AI agents in the page's Markdown export.
 * `<Visibility for="agents">` content is left out of the web page and `for="humans"` out of the export.
 */
export type Audience = 'humans' | 'agents';

/** How far an opening tag's attributes may run, in characters (a card's icon can be a whole SVG drawing). */
const MAX_TAG_CHARS = 64_000;
const COMPONENT_NAME = /^[A-Z][\w.]*$/;
/**
 * HTML elements that MDX reads like components: their children are Markdown (`<div>` around a heading).
 * Other HTML is left to markdown-it as raw HTML, which is sanitised.
 */
const HTML_CONTAINERS = new Set([
  'div',
  'p',
  'details',
  'summary',
  'figure',
  'figcaption',
  'blockquote',
  'center',
  'section',
  'article',
  'aside',
  'main',
  'header',
  'footer',
]);
const isContainer = (name: string) => COMPONENT_NAME.test(name) || HTML_CONTAINERS.has(name);

function componentBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  if (state.src.charCodeAt(start) !== 0x3c /* < */) return false;
  const tag = readTag(state.src.slice(start, start + MAX_TAG_CHARS), 0);
  if (!tag || tag === 'incomplete' || tag.isClosing || !isContainer(tag.name)) return false;
  const openEnd = start + tag.end;
  const openLine = lineOf(state, openEnd - 1, startLine, endLine);
  const restOfLine = state.src.slice(openEnd, state.eMarks[openLine]!);
  if (tag.isSelfClosing) {
    if (!COMPONENT_NAME.test(tag.name)) return false;
    if (restOfLine.trim() !== '') return false;
    if (silent) return true;
    const token = state.push('component_self', '', 0);
    token.meta = tag as unknown as Token['meta'];
    token.block = true;
    token.map = [startLine, openLine + 1];
    state.line = openLine + 1;
    return true;
  }
  const close = findClosingTag(state, tag.name, openEnd, openLine, endLine);
  if (!close) return false;
  if (silent) return true;

  const open = state.push('component_open', '', 1);
  open.meta = tag as unknown as Token['meta'];
  open.block = true;
  open.map = [startLine, close.line + 1];
  state.md.block.parse(dedent(state.src.slice(openEnd, close.start)), state.md, state.env, state.tokens);
  const end = state.push('component_close', '', -1);
  end.meta = tag as unknown as Token['meta'];
  end.block = true;
  state.line = close.line + 1;
  return true;
}

/** The line holding `position`. */
function lineOf(state: StateBlock, position: number, from: number, endLine: number): number {
  let line = from;
  while (line < endLine - 1 && state.eMarks[line]! < position) line++;
  return line;
}

/**
 * The `</Name>` that closes a component opened just before `from`, ending its line; nested components of
 * the same name are counted, fenced code is skipped.
 */
function findClosingTag(state: StateBlock, name: string, from: number, fromLine: number, endLine: number): { start: number; line: number } | undefined {
  const pattern = new RegExp(`<(/?)${name.replace(/\./g, '\\.')}(?=[\\s>/])`, 'g');
  let depth = 1;
  let fence: string | undefined;
  for (let line = fromLine; line < endLine; line++) {
    const lineStart = line === fromLine ? from : state.bMarks[line]!;
    const text = state.src.slice(lineStart, state.eMarks[line]);
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence) {
      if (fenceMark?.startsWith(fence) && /^\s*[`~]+\s*$/.test(text)) fence = undefined;
      continue;
    }
    if (fenceMark && line !== fromLine) {
      fence = fenceMark;
      continue;
    }
    for (const match of text.matchAll(pattern)) {
      if (match[1] === '/') {
        depth--;
        if (depth === 0) {
          const after = text.slice(match.index + name.length + 2);
          if (!/^>\s*$/.test(after)) return undefined;
          return { start: lineStart + match.index, line };
        }
        continue;
      }
      const nested = readTag(text.slice(match.index, match.index + MAX_TAG_CHARS), 0);
      if (nested && nested !== 'incomplete' && !nested.isSelfClosing) depth++;
    }
  }
  return undefined;
}

/** Children indented under their component are read as if they were not (so fences inside still are fences). */
function dedent(text: string): string {
  const lines = text.replace(/^[ \t]*\n/, '').split('\n');
  let indent = Infinity;
  for (const line of lines) if (line.trim() !== '') indent = Math.min(indent, /^[ \t]*/.exec(line)![0].length);
  return indent === Infinity || indent === 0 ? lines.join('\n') : lines.map((line) => line.slice(Math.min(indent, /^[ \t]*/.exec(line)![0].length))).join('\n');
}

function componentInline(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x3c) return false;
  const next = src.charCodeAt(pos + 1) === 0x2f ? src[pos + 2] : src[pos + 1];
  if (!next || next < 'A' || next > 'Z') return false;
  const tag = readTag(src.slice(pos, pos + MAX_TAG_CHARS), 0);
  if (!tag || tag === 'incomplete' || !COMPONENT_NAME.test(tag.name)) return false;
  if (!silent) {
    const token = state.push(tag.isSelfClosing ? 'component_inline_self' : tag.isClosing ? 'component_inline_close' : 'component_inline_open', '', 0);
    token.meta = tag as unknown as Token['meta'];
  }
  state.pos += tag.end;
  return true;
}

/** `{…}`: a comment or an expression shows nothing; a string literal shows its text. */
function expression(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x7b /* { */) return false;
  const close = matchBrace(state.src, state.pos);
  if (close < 0) return false;
  if (!silent) {
    const literal = /^\{\s*(["'`])([\s\S]*)\1\s*\}$/.exec(state.src.slice(state.pos, close + 1));
    if (literal) state.push('text', '', 0).content = literal[2]!;
  }
  state.pos = close + 1;
  return true;
}

/** Inline component tags that do not pair up within their paragraph are dropped, so no element is left open. */
function balanceInlineComponents(state: { tokens: Token[] }): void {
  const drop = (token: Token) => (token.type = 'component_dropped');
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children) continue;
    const open: Token[] = [];
    for (const child of token.children) {
      if (child.type === 'component_inline_open') {
        open.push(child);
      } else if (child.type === 'component_inline_close') {
        const index = open.findLastIndex((candidate) => (candidate.meta as unknown as Tag).name === (child.meta as unknown as Tag).name);
        if (index < 0) drop(child);
        else open.splice(index).slice(1).forEach(drop);
      }
    }
    open.forEach(drop);
  }
}

/** Drops `<Visibility>` components meant for the other audience, children and all; any other `for` is shown to both. */
function keepAudience(tokens: Token[], audience: Audience): void {
  const isHidden = (token: Token) => {
    const tag = token.meta as unknown as Tag | undefined;
    const reader = tag?.name === 'Visibility' ? tag.attributes.for : undefined;
    return (reader === 'humans' || reader === 'agents') && reader !== audience;
  };
  let kept = 0;
  let leftOut: unknown; // the tag of the component being left out, which its closing token shares
  for (const token of tokens) {
    if (leftOut) {
      if (token.type === 'component_close' && token.meta === leftOut) leftOut = undefined;
      continue;
    }
    if ((token.type === 'component_open' || token.type === 'component_self') && isHidden(token)) {
      if (token.type === 'component_open') leftOut = token.meta;
      continue;
    }
    if (token.type === 'inline' && token.children) token.children = keepInlineAudience(token.children, isHidden);
    tokens[kept++] = token;
  }
  tokens.length = kept;
}

/** The same within a paragraph, where balanceInlineComponents has paired the tags. */
function keepInlineAudience(children: Token[], isHidden: (token: Token) => boolean): Token[] {
  const kept: Token[] = [];
  let depth = 0; // Visibility tags open inside the one being left out, itself included
  for (const child of children) {
    const isVisibility = (child.meta as unknown as Tag | undefined)?.name === 'Visibility';
    if (depth > 0) {
      if (isVisibility && child.type === 'component_inline_open') depth++;
      else if (isVisibility && child.type === 'component_inline_close') depth--;
    } else if ((child.type === 'component_inline_open' || child.type === 'component_inline_self') && isHidden(child)) {
      if (child.type === 'component_inline_open') depth = 1;
    } else {
      kept.push(child);
    }
  }
  return kept;
}
