import { inlineText } from './inline-text.ts';
import { slugify } from './anchors.ts';

/** A link a file makes, as written, and the line it is on. */
export interface PageLink {
  target: string;
  line: number;
}

/** Markdown inline links (not images); the text may hold one level of brackets, as `[![logo](src)](href)`. */
const INLINE_LINK = /(?<!!)\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)/g;
/** `[name]: target`, a reference definition. */
const REFERENCE = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/;
/** An `href` attribute of a component or an HTML element, quoted or as a string expression. */
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`$]*)["'`]\s*\})/g;
/** An inline code span: backticks, its text, the same number of backticks. */
const INLINE_CODE = /(`+)(?!`).*?[^`]\1(?!`)/g;
/** Attributes Mintlify makes anchors from (an accordion's title, a field's name...), as `id` is one. */
const ANCHOR_ATTRIBUTE = /\b(id|title|label|name|path|query|body|header)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The links a page or snippet makes, with their lines: Markdown links and reference definitions, and
 * `href` attributes. What a reader never follows is skipped: frontmatter, code blocks, inline code and
 * comments.
 */
export function pageLinks(text: string): PageLink[] {
  const links: PageLink[] = [];
  forEachReadableLine(text, false, (line, number) => {
    const add = (target: string | undefined) => {
      if (target) links.push({ target: target.replace(/^<|>$/g, ''), line: number });
    };
    // Most lines hold no link: the cheap tests spare them the patterns.
    if (line.includes(']:')) add(REFERENCE.exec(line)?.[1]);
    if (line.includes('](')) for (const match of line.matchAll(INLINE_LINK)) add(match[1]);
    if (line.includes('href')) for (const match of line.matchAll(HREF)) add(match[1] ?? match[2] ?? match[3]);
  });
  return links;
}

/**
 * The anchors a page (its snippets spliced in) can be linked to: its headings at every level, read as
 * the site reads them, and the anchors components make from an `id`, a title or a field's name. Repeats
 * (`-1`, `-2`) are left to the caller.
 */
export function pageAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  forEachReadableLine(text, true, (line) => {
    const heading = line.includes('#') ? /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line) : null;
    if (heading) anchors.add(slugify(inlineText(heading[1]!, () => undefined)));
    if (!line.includes('=')) return;
    for (const match of line.matchAll(ANCHOR_ATTRIBUTE)) {
      const value = match[2] ?? match[3] ?? '';
      anchors.add(match[1] === 'id' ? value.toLowerCase() : slugify(value));
    }
  });
  anchors.delete('');
  return anchors;
}

/**
 * Visits the file's lines a reader sees, numbered from the file's first line: frontmatter, code blocks
 * and comments left out, inline code blanked unless `keepsCode` (a heading's code is part of its anchor).
 */
function forEachReadableLine(text: string, keepsCode: boolean, visit: (line: string, number: number) => void): void {
  const lines = (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).split('\n');
  let start = 0;
  if (/^---[ \t]*$/.test(lines[0] ?? '')) {
    const end = lines.findIndex((line, index) => index > 0 && /^---[ \t]*$/.test(line));
    if (end > 0) start = end + 1;
  }
  let fence: string | undefined;
  let comment: '-->' | '*/}' | undefined;
  for (let index = start; index < lines.length; index++) {
    const raw = lines[index]!;
    const fenceMatch = raw.includes('```') || raw.includes('~~~') ? /^\s*(`{3,}|~{3,})/.exec(raw) : null;
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence) && /^\s*[`~]+\s*$/.test(raw)) fence = undefined;
      continue;
    }
    if (fenceMatch && !comment) {
      fence = fenceMatch[1];
      continue;
    }
    let line = raw;
    if (comment || raw.includes('<!--') || raw.includes('{/*')) {
      line = '';
      for (let i = 0; i < raw.length; ) {
        if (comment) {
          const close = raw.indexOf(comment, i);
          if (close < 0) break;
          i = close + comment.length;
          comment = undefined;
          continue;
        }
        const opens = raw.startsWith('<!--', i) ? '-->' : raw.startsWith('{/*', i) ? '*/}' : undefined;
        if (opens) {
          comment = opens;
          i += opens === '-->' ? 4 : 3;
          continue;
        }
        line += raw[i];
        i++;
      }
    }
    if (!keepsCode && line.includes('`')) line = line.replace(INLINE_CODE, ' ');
    visit(line, index + 1);
  }
}
