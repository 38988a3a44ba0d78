import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import type { MathTag } from './components/inline.ts';
import { renderContext } from './render-context.ts';
import { setTokenMeta } from './token-meta.ts';

/** How far an inline formula may run: a paragraph of stray dollar signs stays linear to read. */
const MAX_INLINE_CHARS = 4_000;

/**
 * LaTeX as Mintlify pages write it (create/text.mdx): `$…$` in a line, `$$…$$` on lines of their own, and
 * the `<Latex>` component, whose content is TeX rather than Markdown. Each becomes a `Latex` component
 * token carrying its TeX (rendered by components/inline.ts with KaTeX, and written back as `$…$` in the
 * page's Markdown export). Dollar signs follow pandoc's rules, so prices read as text: an opening `$` is
 * not followed by a space, a closing one not preceded by a space nor followed by a digit (`$5 and $10`).
 * docs.json `styling.latex: false` leaves dollar signs alone.
 */
export function mathSyntax(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'math_block', dollarBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.block.ruler.before('component', 'latex_block', latexBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.after('escape', 'math_inline', dollarInline);
  md.inline.ruler.before('component_inline', 'latex_inline', latexInline);
}

/** The Markdown a formula was read from (the Markdown export writes it back so). */
export function mathSource(tag: MathTag, isBlock: boolean): string {
  const tex = tag.tex ?? '';
  if (isBlock) return `$$\n${tex.trim()}\n$$`;
  return tag.isDisplay ? `$$${tex}$$` : `$${tex}$`;
}

const mathTag = (tex: string, isDisplay: boolean): MathTag => ({ name: 'Latex', attributes: {}, tex, isDisplay });

function pushBlock(state: StateBlock, tex: string, startLine: number, endLine: number): void {
  const token = state.push('component_self', '', 0);
  setTokenMeta(token, mathTag(tex, true));
  token.block = true;
  token.map = [startLine, endLine + 1];
  state.line = endLine + 1;
}

const lineText = (state: StateBlock, line: number) => state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);

/** `$$` on a line of its own up to the line ending in `$$`, or `$$ E = mc^2 $$` on one line. */
function dollarBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4 || !renderContext().options.isMathEnabled) return false;
  const first = lineText(state, startLine);
  if (!first.startsWith('$$')) return false;
  const rest = first.slice(2);
  if (rest.trimEnd().endsWith('$$') && rest.trim().length > 2) {
    if (!silent) pushBlock(state, rest.trimEnd().slice(0, -2), startLine, startLine);
    return true;
  }
  for (let line = startLine + 1; line < endLine; line++) {
    const text = lineText(state, line);
    if (state.sCount[line]! < state.blkIndent && text !== '') return false;
    if (!text.trimEnd().endsWith('$$')) continue;
    if (silent) return true;
    const body = [rest, ...Array.from({ length: line - startLine - 1 }, (_, i) => lineText(state, startLine + 1 + i)), text.trimEnd().slice(0, -2)];
    pushBlock(state, body.join('\n'), startLine, line);
    return true;
  }
  return false;
}

/** `<Latex>…</Latex>` starting a line and ending one, over as many lines as it takes. */
function latexBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const first = lineText(state, startLine);
  if (!/^<Latex\s*>/.test(first)) return false;
  const open = first.indexOf('>') + 1;
  for (let line = startLine; line < endLine; line++) {
    const text = line === startLine ? first.slice(open) : lineText(state, line);
    const close = text.indexOf('</Latex>');
    if (close < 0) continue;
    if (text.slice(close + '</Latex>'.length).trim() !== '') return false;
    if (silent) return true;
    const lines = Array.from({ length: line - startLine + 1 }, (_, i) => (i === 0 ? first.slice(open) : lineText(state, startLine + i)));
    lines[lines.length - 1] = lines.at(-1)!.slice(0, lines.at(-1)!.indexOf('</Latex>'));
    pushBlock(state, lines.join('\n'), startLine, line);
    return true;
  }
  return false;
}

function pushInline(state: StateInline, tex: string, isDisplay: boolean, end: number, silent: boolean): boolean {
  if (!silent) setTokenMeta(state.push('component_inline_self', '', 0), mathTag(tex, isDisplay));
  state.pos = end;
  return true;
}

function dollarInline(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x24 /* $ */ || !renderContext().options.isMathEnabled) return false;
  const limit = Math.min(src.length, pos + MAX_INLINE_CHARS);
  if (src.charCodeAt(pos + 1) === 0x24) {
    const close = src.indexOf('$$', pos + 2);
    if (close < 0 || close >= limit || src.slice(pos + 2, close).trim() === '') return false;
    return pushInline(state, src.slice(pos + 2, close), true, close + 2, silent);
  }
  if (/\s/.test(src[pos + 1] ?? ' ')) return false;
  for (let at = pos + 1; at < limit; at++) {
    const char = src[at];
    if (char === '\\') at++;
    else if (char === '$') {
      if (/\s/.test(src[at - 1]!) || /\d/.test(src[at + 1] ?? '')) return false;
      return pushInline(state, src.slice(pos + 1, at), false, at + 1, silent);
    }
  }
  return false;
}

function latexInline(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (!src.startsWith('<Latex', pos)) return false;
  const open = /^<Latex\s*>/.exec(src.slice(pos, pos + 20));
  if (!open) return false;
  const close = src.indexOf('</Latex>', pos + open[0].length);
  if (close < 0) return false;
  return pushInline(state, src.slice(pos + open[0].length, close), false, close + '</Latex>'.length, silent);
}
