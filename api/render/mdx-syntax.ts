import type { MarkdownIt, StateBlock, StateCore, StateInline, Token } from 'markdown-it';
import { matchBrace, readTag, type Tag } from '../mintlify/mdx/jsx-tags.ts';
import { PHRASING_ELEMENTS, VOID_ELEMENTS } from './html-elements.ts';
import { keepAudience, type Audience } from './mdx-audience.ts';
import { setTokenMeta, tagOf } from './token-meta.ts';

/**
 * What MDX adds to Markdown, taught to markdown-it. JSX elements, components (`<Note>`, `<Card … />`) and
 * HTML elements alike (`<div className="…">`, `<img … />`), are read as MDX reads them: an element whose
 * tag stands alone on its line holds Markdown blocks, one written on a line with its text
 * (`<h2 className="x">Title</h2>`) holds that text, and elements inside a paragraph hold inline text.
 * They become `component_open`/`component_close`/`component_self` tokens (`…_inline_…` in a paragraph)
 * whose `meta` is the tag (jsx-tags.ts); markdown.ts writes them. `{…}` expressions, block or inline,
 * become `expression` tokens (a comment shows nothing). The unified/remark MDX parser reads all of this
 * exactly but many times more slowly than markdown-it (docs/site.md). Markup this plugin cannot pair is left to markdown-it as raw HTML, which is sanitised.
 */
export function mdxSyntax(md: MarkdownIt, options: { audience?: Audience } = {}): void {
  for (const name of ['fence', 'heading']) {
    const rule = ruleOf(md, name);
    md.block.ruler.at(name, atAnyIndent(rule.fn), { alt: rule.alt }); // the blocks it may interrupt stay its own
  }
  md.block.ruler.at('paragraph', endingAtIndentedFence(ruleOf(md, 'paragraph').fn));
  md.block.ruler.before('html_block', 'component', jsxBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.block.ruler.before('html_block', 'expression_block', expressionBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.before('html_inline', 'component_inline', jsxInline);
  md.inline.ruler.before('html_inline', 'expression', expression);
  md.core.ruler.push('balance_components', balanceInlineComponents);
  md.core.ruler.push('phrasing_content', unwrapPhrasingParagraphs);
  const audience = options.audience ?? 'humans';
  md.core.ruler.push('audience', (state) => keepAudience(state.tokens, audience));
}

export type { Audience } from './mdx-audience.ts';

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

/** A block rule markdown-it already has, by name, to build on (its ruler keeps them in `__rules__`). */
function ruleOf(md: MarkdownIt, name: string): { fn: BlockRule; alt: string[] } {
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; fn: BlockRule; alt: string[] }[] }).__rules__;
  return rules.find((rule) => rule.name === name)!;
}

/**
 * MDX has no indented code, so a fence or a heading indented by four spaces or more is still a fence or
 * a heading (micromark reads it so); markdown-it would take it for a paragraph. The rule runs as if the
 * block started at the line's indentation.
 */
function atAnyIndent(rule: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    if (state.sCount[startLine]! - state.blkIndent < 4) return rule(state, startLine, endLine, silent);
    const indent = state.blkIndent;
    state.blkIndent = state.sCount[startLine]!;
    try {
      return rule(state, startLine, endLine, silent);
    } finally {
      state.blkIndent = indent;
    }
  };
}

/**
 * A paragraph ends where a fence starts, however deeply the fence is indented (`Example:` then an
 * indented ```` ```python ```` block): markdown-it reads a line indented four spaces as the paragraph's
 * continuation before asking whether it starts a block.
 */
function endingAtIndentedFence(paragraph: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    let fence = startLine + 1;
    for (; fence < endLine && !state.isEmpty(fence); fence++) {
      const start = state.bMarks[fence]! + state.tShift[fence]!;
      if (state.sCount[fence]! - state.blkIndent > 3 && /^(`{3,}|~{3,})/.test(state.src.slice(start, start + 3))) break;
    }
    if (fence >= endLine || state.isEmpty(fence)) return paragraph(state, startLine, endLine, silent);
    // The fence's line, seen as not indented for the moment, lets the fence rule end the paragraph there.
    const indent = state.sCount[fence]!;
    state.sCount[fence] = state.blkIndent;
    try {
      return paragraph(state, startLine, endLine, silent);
    } finally {
      state.sCount[fence] = indent;
    }
  };
}

/** How far an opening tag's attributes may run, in characters (a card's icon can be a whole SVG drawing). */
const MAX_TAG_CHARS = 64_000;

const tagAt = (text: string): Tag | undefined => {
  const tag = readTag(text.slice(0, MAX_TAG_CHARS), 0);
  return tag && tag !== 'incomplete' ? tag : undefined;
};
const isVoid = (tag: Tag) => tag.isSelfClosing || VOID_ELEMENTS.has(tag.name.toLowerCase());

function jsxBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  if (state.src.charCodeAt(start) !== 0x3c /* < */) return false;
  const tag = tagAt(state.src.slice(start));
  if (!tag || tag.isClosing) return false;
  const openEnd = start + tag.end;
  const openLine = lineOf(state, openEnd - 1, startLine, endLine);
  const restOfLine = state.src.slice(openEnd, state.eMarks[openLine]!);
  if (isVoid(tag)) {
    if (restOfLine.trim() !== '') return false; // an image before text: a paragraph
    if (silent) return true;
    const token = state.push('component_self', '', 0);
    setTokenMeta(token, { ...tag, isSelfClosing: true });
    token.block = true;
    token.map = [startLine, openLine + 1];
    state.line = openLine + 1;
    return true;
  }
  const close = findClosingTag(state, tag.name, openEnd, openLine, endLine);
  if (!close?.endsLine) return false; // text follows the element: it is part of a paragraph
  if (silent) return true;

  const open = state.push('component_open', '', 1);
  setTokenMeta(open, tag);
  open.block = true;
  open.map = [startLine, close.line + 1];
  const content = state.src.slice(openEnd, close.start);
  if (restOfLine.trim() === '' || /\n[ \t]*\n/.test(content)) {
    const first = state.tokens.length;
    state.md.block.parse(dedent(content), state.md, state.env, state.tokens);
    // The children were read by a parser of their own, from level 0: they sit one level inside the element.
    for (let index = first; index < state.tokens.length; index++) state.tokens[index]!.level += state.level;
  } else {
    // `<h2 className="x">Title</h2>`: the element holds the text written with it.
    const inline = state.push('inline', '', 0);
    inline.content = content.trim();
    inline.map = [startLine, close.line + 1];
    inline.children = [];
  }
  const end = state.push('component_close', '', -1);
  setTokenMeta(end, tag);
  end.block = true;
  state.line = close.line + 1;
  return true;
}

/** `{…}` standing alone on its lines, over several if need be: a comment, or a value shown as a block. */
function expressionBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  if (state.src.charCodeAt(start) !== 0x7b /* { */) return false;
  const close = matchBrace(state.src.slice(0, state.eMarks[Math.min(endLine - 1, startLine + 200)]!), start);
  if (close < 0) return false;
  const line = lineOf(state, close, startLine, endLine);
  if (state.src.slice(close + 1, state.eMarks[line]!).trim() !== '') return false;
  if (silent) return true;
  const token = state.push('expression', '', 0);
  token.content = state.src.slice(start + 1, close);
  token.block = true;
  token.map = [startLine, line + 1];
  state.line = line + 1;
  return true;
}

/** The line holding `position`. */
function lineOf(state: StateBlock, position: number, from: number, endLine: number): number {
  let line = from;
  while (line < endLine - 1 && state.eMarks[line]! < position) line++;
  return line;
}

/**
 * The `</name>` that closes an element opened just before `from`: elements of the same name inside it
 * are counted, fenced code and code spans are skipped. `endsLine` when nothing but spaces follows it.
 */
function findClosingTag(
  state: StateBlock,
  name: string,
  from: number,
  fromLine: number,
  endLine: number,
): { start: number; line: number; endsLine: boolean } | undefined {
  const pattern = new RegExp(`<(/?)${name.replace(/[.$]/g, '\\$&')}(?=[\\s>/])`, 'g');
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
    const searched = text.includes('`') ? text.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length)) : text;
    for (const match of searched.matchAll(pattern)) {
      if (match[1] === '/') {
        depth--;
        if (depth > 0) continue;
        const after = /^\s*>/.exec(text.slice(match.index + name.length + 2));
        if (!after) return undefined;
        const rest = text.slice(match.index + name.length + 2 + after[0].length);
        return { start: lineStart + match.index, line, endsLine: rest.trim() === '' };
      }
      const nested = tagAt(text.slice(match.index));
      if (nested && !isVoid(nested)) depth++;
    }
  }
  return undefined;
}

/** Children indented under their element are read as if they were not (so fences inside still are fences). */
function dedent(text: string): string {
  const lines = text.replace(/^[ \t]*\n/, '').split('\n');
  let indent = Infinity;
  for (const line of lines) if (line.trim() !== '') indent = Math.min(indent, /^[ \t]*/.exec(line)![0].length);
  return indent === Infinity || indent === 0 ? lines.join('\n') : lines.map((line) => line.slice(Math.min(indent, /^[ \t]*/.exec(line)![0].length))).join('\n');
}

function jsxInline(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x3c) return false;
  const next = src.charCodeAt(pos + 1) === 0x2f ? src[pos + 2] : src[pos + 1];
  if (!next || !/[A-Za-z]/.test(next)) return false;
  const tag = tagAt(src.slice(pos));
  if (!tag) return false;
  if (!silent) {
    const type = isVoid(tag) && !tag.isClosing ? 'component_inline_self' : tag.isClosing ? 'component_inline_close' : 'component_inline_open';
    const token = state.push(type, '', 0);
    setTokenMeta(token, tag);
  }
  state.pos += tag.end;
  return true;
}

/** `{…}` in a paragraph: its value, worked out when the page is written (markdown.ts). */
function expression(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x7b /* { */) return false;
  const close = matchBrace(state.src, state.pos);
  if (close < 0) return false;
  if (!silent) state.push('expression', '', 0).content = state.src.slice(state.pos + 1, close);
  state.pos = close + 1;
  return true;
}

/** Inline tags that do not pair up within their paragraph are dropped, so no element is left open. */
function balanceInlineComponents(state: StateCore): void {
  const drop = (token: Token) => (token.type = 'component_dropped');
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children) continue;
    const open: Token[] = [];
    for (const child of token.children) {
      if (child.type === 'component_inline_open') {
        open.push(child);
      } else if (child.type === 'component_inline_close') {
        const index = open.findLastIndex((candidate) => tagOf(candidate).name === tagOf(child).name);
        if (index < 0) drop(child);
        else open.splice(index).slice(1).forEach(drop);
      }
    }
    open.forEach(drop);
  }
}

/**
 * A paragraph directly inside an element that holds only text (`<a>`, `<p>`, `<h2>`, `<span>`) is
 * written without its `<p>`, as MDX's React output shows it: a link card's text stays inside its link.
 */
function unwrapPhrasingParagraphs(state: StateCore): void {
  const open: Token[] = [];
  for (const token of state.tokens) {
    if (token.type === 'component_open') open.push(token);
    else if (token.type === 'component_close') open.pop();
    else if ((token.type === 'paragraph_open' || token.type === 'paragraph_close') && open.length > 0) {
      const parent = open.at(-1)!;
      if (token.level === parent.level + 1 && PHRASING_ELEMENTS.has(tagOf(parent).name)) token.hidden = true;
    }
  }
}
