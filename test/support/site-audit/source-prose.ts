import { decodeHTML } from 'entities';

/** What a page's source says to its readers, as the audit measures it. */
export interface SourceProse {
  /** Prose and code, without frontmatter, statements, comments, agent-only blocks, tags, expressions or Markdown marks. */
  text: string;
  /** The names of the tags the source writes outside code (`Card`, `div`). */
  tagNames: Set<string>;
  /** The tags' quoted attribute values: JSX strings are text, so `<Accordion title="<head>">` shows `<head>` rightly. */
  attributeTexts: string[];
  /**
   * The prose alone, code left out: what the source writes as plain text, markup it escapes or breaks
   * included (`&lt;div&gt;`, `\<Card>`, an image with JSX attributes that MDX does not read as one).
   */
  plain: string;
}

type Tags = Pick<SourceProse, 'tagNames' | 'attributeTexts'>;

interface Segment {
  isCode: boolean;
  text: string;
}

/** Spans that are never shown to a reader: comments, agents' blocks, and what a browser does not print. */
const UNSHOWN: [open: RegExp, close: RegExp][] = [
  [/\{\s*\/\*/, /\*\/\s*\}/],
  [/<!--/, /-->/],
  [/<Visibility\s+for\s*=\s*\{?\s*["']agents["']\s*\}?\s*>/, /<\/Visibility\s*>/],
  [/<script\b[^>]*>/i, /<\/script\s*>/i],
  [/<style\b[^>]*>/i, /<\/style\s*>/i],
  [/<svg\b/i, /<\/svg\s*>/i],
];

/** The prose of a page's MDX body (the frontmatter already taken off). Code is kept: a reader sees it. */
export function sourceProse(body: string): SourceProse {
  let segments = fencedSegments(body);
  for (const [open, close] of UNSHOWN) segments = withoutSpans(segments, open, close);
  const tags: Tags = { tagNames: new Set<string>(), attributeTexts: [] };
  const parts = segments.map((segment) => (segment.isCode ? { text: segment.text, plain: '' } : proseOf(withoutStatements(segment.text), tags)));
  return { text: parts.map((part) => part.text).join('\n'), plain: parts.map((part) => part.plain).join('\n'), ...tags };
}

/** The body split at fenced code blocks (their fence lines dropped: a language is not shown, a title is the page's extra). */
function fencedSegments(body: string): Segment[] {
  const segments: Segment[] = [];
  let prose: string[] = [];
  let code: string[] = [];
  let fence: { char: string; length: number } | undefined;
  for (const line of body.split(/\r?\n/)) {
    if (!fence) {
      const open = /^\s*(`{3,}|~{3,})/.exec(line);
      if (!open) {
        prose.push(line);
        continue;
      }
      segments.push({ isCode: false, text: prose.join('\n') });
      prose = [];
      fence = { char: open[1]![0]!, length: open[1]!.length };
    } else if (new RegExp(`^\\s*\\${fence.char}{${fence.length},}\\s*$`).test(line)) {
      segments.push({ isCode: true, text: code.join('\n') });
      code = [];
      fence = undefined;
    } else {
      code.push(line);
    }
  }
  segments.push({ isCode: Boolean(fence), text: (fence ? code : prose).join('\n') });
  return segments;
}

/** Removes every span from `open` to `close`, code blocks inside it included (a comment may hold a code block; a code block's own comments stay). */
function withoutSpans(segments: Segment[], open: RegExp, close: RegExp): Segment[] {
  const out: Segment[] = [];
  let isInside = false;
  for (const segment of segments) {
    if (segment.isCode) {
      if (!isInside) out.push(segment);
      continue;
    }
    let rest = segment.text;
    let kept = '';
    for (;;) {
      const marker = isInside ? close : open;
      const found = marker.exec(rest);
      if (!found) {
        if (!isInside) kept += rest;
        break;
      }
      if (!isInside) kept += `${rest.slice(0, found.index)} `;
      rest = rest.slice(found.index + found[0].length);
      isInside = !isInside;
    }
    out.push({ isCode: false, text: kept });
  }
  return out;
}

/** Drops MDX's `import` and `export` statements (which start a line and end where their brackets close). */
function withoutStatements(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^(?:import|export)\s/.test(lines[i]!)) {
      kept.push(lines[i]!);
      continue;
    }
    let depth = 0;
    for (; i < lines.length; i++) {
      const line = lines[i]!;
      depth += (line.match(/[([{]/g)?.length ?? 0) - (line.match(/[)\]}]/g)?.length ?? 0);
      const continues = /(?:[=(,{[+]|=>|&&|\|\||\?|:)\s*$/.test(line) || /^\s*(?:\.|\?|:|&&|\|\||=>|\))/.test(lines[i + 1] ?? '');
      if (depth <= 0 && !continues) break;
    }
  }
  return kept.join('\n');
}

/** Prose without its markup: inline code kept as written, tags and expressions removed, Markdown's marks and link targets dropped, entities decoded. */
function proseOf(text: string, tags: Tags): { text: string; plain: string } {
  const spans: string[] = [];
  // Inline code is what the author wrote, braces and tags included: set aside while markup is removed.
  // A backtick escaped with a backslash opens nothing: `\`x\`` is text with backticks.
  let prose = text.replace(/(?<![\\`])(`+)([^`]|[^`](?:(?!\n[ \t]*\n)[\s\S])*?[^`])\1(?!`)/g, (_, __, code: string) => ` \u0000${spans.push(code) - 1}\u0000 `);
  const known = tags.attributeTexts.length;
  prose = withoutTags(prose, tags);
  // An attribute's code span is shown as written, backticks included (`<Accordion title="`x`">`).
  for (let i = known; i < tags.attributeTexts.length; i++) {
    tags.attributeTexts[i] = tags.attributeTexts[i]!.replace(/\u0000(\d+)\u0000/g, (_, index: string) => `\`${spans[Number(index)]}\``);
  }
  prose = withoutExpressions(prose);
  prose = prose
    .replace(/!\[[^\]]*\]\((?:[^()\s]|\([^)]*\))*(?:\s+"[^"]*")?\)/g, ' ')
    .replace(/\[([^\]]*)\]\((?:[^()\s]|\([^)]*\))*(?:\s+"[^"]*")?\)/g, ' $1 ')
    .replace(/^\s*\[[^\]]+\]:\s+\S.*$/gm, ' ')
    // An ordered list's numbers and a task list's boxes are drawn, not written, on the page.
    .replace(/^(\s*(?:>\s*)*)(?:\d{1,9}[.)]|[-*+]\s+\[[ xX]\])(?=\s)/gm, '$1 ')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, ' $1 ')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|~])/g, '$1')
    // Underscores that open or close emphasis; the ones inside a word (snake_case) are the word's.
    .replace(/(^|[^\p{L}\p{N}_])_+|_+(?=[^\p{L}\p{N}_]|$)/gu, '$1 ');
  const decoded = decodeHTML(prose);
  return { text: decoded.replace(/\u0000(\d+)\u0000/g, (_, index: string) => spans[Number(index)] ?? ''), plain: decoded.replace(/\u0000\d+\u0000/g, ' ') };
}

/** Removes JSX and HTML tags with their attributes (a space in their place); autolinks keep their address. */
function withoutTags(text: string, tags: Tags): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) return out + text.slice(i);
    out += text.slice(i, lt);
    const autolink = /^<((?:https?|mailto|ftp):[^\s<>]*|[^\s<>@]+@[^\s<>@]+)>/i.exec(text.slice(lt, lt + 2048));
    // `\<Card>` is the author writing a tag as text.
    const end = autolink || text[lt - 1] === '\\' ? -1 : tagEnd(text, lt);
    if (autolink) {
      out += ` ${autolink[1]} `;
      i = lt + autolink[0].length;
    } else if (end < 0) {
      out += '<';
      i = lt + 1;
    } else {
      const tag = text.slice(lt, end);
      const name = /^<\/?([A-Za-z][\w.:-]*)/.exec(tag)?.[1];
      if (name) tags.tagNames.add(name);
      for (const [, , value] of tag.matchAll(/=\s*(["'])([\s\S]*?)\1/g)) if (/[<{&`*[\u0000]/.test(value!)) tags.attributeTexts.push(decodeHTML(value!));
      out += ' ';
      i = end;
    }
  }
  return out;
}

/** Where the tag starting at `start` ends (after its `>`), or -1 when the `<` starts no tag (`a < b`). */
function tagEnd(text: string, start: number): number {
  if (!/^<(?:\/?[A-Za-z]|\/?>)/.test(text.slice(start, start + 3))) return -1;
  let quote = '';
  let depth = 0;
  for (let i = start + 1; i < text.length && i < start + 8192; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'" || char === '`') {
      // Quotes are strings only inside the tag's attributes, not in prose a broken tag runs into.
      if (depth > 0 || /[=\s{(,]/.test(text[i - 1] ?? '')) quote = char;
    } else if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (depth === 0 && char === '>') return i + 1;
    else if (depth === 0 && char === '<') return -1;
  }
  return -1;
}

/** Removes `{…}` expressions (an escaped `\{` is text); an unbalanced brace stays as text. */
function withoutExpressions(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) return out + text.slice(i);
    if (text[open - 1] === '\\') {
      out += text.slice(i, open + 1);
      i = open + 1;
      continue;
    }
    out += text.slice(i, open);
    const close = matchingBrace(text, open, true) ?? matchingBrace(text, open, false);
    if (close === undefined) {
      out += '{';
      i = open + 1;
    } else {
      out += ' ';
      i = close + 1;
    }
  }
  return out;
}

function matchingBrace(text: string, open: number, isStringAware: boolean): number | undefined {
  let depth = 0;
  let quote = '';
  for (let i = open; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = '';
    } else if (isStringAware && (char === '"' || char === "'" || char === '`')) quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  return undefined;
}
