/**
 * Many short strings kept as one: their text joined, and where each ends. An index's terms, words,
 * chunk paths and headings are held this way, so that loading a search artifact makes two values per
 * list rather than one string per entry (a hundred thousand for the corpus, a quarter of a load's time
 * with the garbage collection they caused), and memory holds no per-string header. Searched in place
 * (binary search without making strings); a chunk's long text is a TextColumn instead (text-column.ts:
 * UTF-8 bytes, half the memory of a JS string once one character needs two bytes, decoded when read).
 */
export interface StringColumn {
  /** The strings, one after the other. */
  text: string;
  /** String i is text[ends[i - 1] (0 for the first) to ends[i]), in UTF-16 code units. */
  ends: Uint32Array;
}

export function stringColumn(strings: readonly string[]): StringColumn {
  const ends = new Uint32Array(strings.length);
  let end = 0;
  strings.forEach((string, i) => {
    end += string.length;
    ends[i] = end;
  });
  return { text: strings.join(''), ends };
}

export const columnLength = (column: StringColumn): number => column.ends.length;

/** String `i` (undefined past the end). */
export function stringAt(column: StringColumn, i: number): string | undefined {
  if (i < 0 || i >= column.ends.length) return undefined;
  return column.text.slice(i === 0 ? 0 : column.ends[i - 1], column.ends[i]);
}

/**
 * The first `i` whose string is not below `value`, in a column sorted as `Array.prototype.sort` sorts
 * strings (by UTF-16 code unit); the column's length when there is none. Compares in place.
 */
export function lowerBoundOf(column: StringColumn, value: string): number {
  let low = 0;
  let high = column.ends.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareAt(column, middle, value) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether string `i` is `value`. */
export function isAt(column: StringColumn, i: number, value: string): boolean {
  return i >= 0 && i < column.ends.length && compareAt(column, i, value) === 0;
}

/** Whether string `i` starts with `prefix`. */
export function startsWithAt(column: StringColumn, i: number, prefix: string): boolean {
  const start = i === 0 ? 0 : column.ends[i - 1]!;
  return column.ends[i]! - start >= prefix.length && column.text.startsWith(prefix, start);
}

/** String `i` against `value`: negative below it, 0 equal, positive above. */
function compareAt(column: StringColumn, i: number, value: string): number {
  const { text, ends } = column;
  const start = i === 0 ? 0 : ends[i - 1]!;
  const length = ends[i]! - start;
  const shorter = Math.min(length, value.length);
  for (let k = 0; k < shorter; k++) {
    const difference = text.charCodeAt(start + k) - value.charCodeAt(k);
    if (difference !== 0) return difference;
  }
  return length - value.length;
}
