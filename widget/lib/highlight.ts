/** A piece of text, marked when it matches a word of the query. */
export interface Piece {
  text: string;
  isMatch: boolean;
}

/** The query's words, as a pattern that finds them at the start of words (prefixes match, for search as you type). */
export function queryPattern(query: string): RegExp | undefined {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_.-]+/u)
    .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((word) => word.length >= 2);
  if (words.length === 0) return undefined;
  const alternatives = [...new Set(words)].sort((a, b) => b.length - a.length).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})[\\p{L}\\p{N}]*`, 'giu');
}

/** Splits text into matched and unmatched pieces. */
export function highlight(text: string, pattern: RegExp | undefined): Piece[] {
  if (!pattern) return [{ text, isMatch: false }];
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index), isMatch: false });
    pieces.push({ text: match[0], isMatch: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), isMatch: false });
  return pieces;
}

const SNIPPET_LENGTH = 180;

/** About SNIPPET_LENGTH characters of text around its first match, with ellipses where cut. */
export function snippet(text: string, pattern: RegExp | undefined): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_LENGTH) return flat;
  const first = pattern ? Math.max(0, flat.search(pattern)) : 0;
  const start = Math.max(0, Math.min(first - 40, flat.length - SNIPPET_LENGTH));
  const cutStart = start === 0 ? 0 : flat.indexOf(' ', start) + 1 || start;
  const end = cutStart + SNIPPET_LENGTH;
  return `${cutStart > 0 ? '…' : ''}${flat.slice(cutStart, end).trim()}${end < flat.length ? '…' : ''}`;
}
