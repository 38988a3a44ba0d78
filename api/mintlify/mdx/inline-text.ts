import { matchBrace, readTag } from './jsx-tags.ts';
import { tableRowText } from './table-rows.ts';

/** Stands for an escaped pipe ("\|") until a table's row is cut into its cells. */
const ESCAPED_PIPE = '\u0000';

/** Attributes whose values are text a reader sees (titles, tooltips, field names). */
const READABLE_ATTRIBUTES = ['title', 'label', 'description', 'tip', 'headline', 'alt', 'caption', 'name', 'path', 'query', 'body', 'header', 'field'];

export interface TagEvent {
  name: string;
  isClosing: boolean;
  isSelfClosing: boolean;
  attributes: Record<string, string>;
}

/**
 * Turns one logical line of MDX (outside code blocks) into plain text: JSX and HTML tags give way to
 * their readable attributes, expressions and comments vanish, Markdown links, images and emphasis
 * become their text, inline code keeps its content. `onTag` sees each component tag (for balance
 * checks and snippet expansion).
 */
export function inlineText(line: string, onTag: (tag: TagEvent) => string | undefined): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    const char = line[i]!;
    if (char === '`') {
      const ticks = /^`+/.exec(line.slice(i))![0];
      const close = line.indexOf(ticks, i + ticks.length);
      if (close > 0) {
        out += line.slice(i + ticks.length, close).trim();
        i = close + ticks.length;
        continue;
      }
    }
    if (char === '<') {
      if (line.startsWith('<!--', i)) {
        const close = line.indexOf('-->', i + 4);
        i = close < 0 ? line.length : close + 3;
        continue;
      }
      const tag = readTag(line, i);
      if (tag && tag !== 'incomplete') {
        const replacement = onTag(tag);
        if (typeof replacement === 'string') {
          out += replacement;
        } else if (!tag.isClosing) {
          const readable = READABLE_ATTRIBUTES.map((a) => tag.attributes[a]).filter((v) => v && v !== 'true');
          if (readable.length > 0) out += ` ${readable.join(' ')} `;
        }
        out += ' ';
        i = tag.end;
        continue;
      }
      const autolink = /^<(https?:\/\/[^>\s]+)>/.exec(line.slice(i));
      if (autolink) {
        out += autolink[1];
        i += autolink[0].length;
        continue;
      }
    }
    if (char === '{') {
      const close = matchBrace(line, i);
      if (close > 0) {
        i = close + 1; // a JSX expression or comment
        continue;
      }
    }
    if (char === '\\' && i + 1 < line.length) {
      // "`"light"` \| `"dark"`": a pipe inside a table's cell, not between cells.
      out += line[i + 1] === '|' ? ESCAPED_PIPE : line[i + 1];
      i += 2;
      continue;
    }
    out += char;
    i++;
  }
  return markdownToText(out);
}

function markdownToText(text: string): string {
  if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(text)) return ''; // a table's separator row
  // A table's row keeps its cells apart (table-rows.ts).
  const cells = /^\s*\|/.test(text)
    ? tableRowText(
        text
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|'),
        ESCAPED_PIPE,
      )
    : text.replaceAll(ESCAPED_PIPE, '|');
  return cells
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[\s(])[*_](?=\S)([^*_]*?\S)[*_](?=[\s).,:;!?]|$)/g, '$1$2')
    .replace(/^\s{0,3}>\s?/, '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
