import { describe, expect, it } from 'vitest';
import { columnLength, isAt, lowerBoundOf, startsWithAt, stringAt, stringColumn } from '../../api/search/string-column.ts';

// Sorted as the index sorts its terms (by UTF-16 code unit): accents, CJK, an emoji (a surrogate pair) and a
// character above the surrogates, whose order differs from code point order.
const TERMS = ['', 'a', 'ab', 'abc', 'b', 'café', 'cafe\u0301', 'z', 'é', '快速', '快速开始', '\u{1F39B}', '\uFF21'].sort();

describe('a string column', () => {
  const column = stringColumn(TERMS);

  it('gives back each string by its number, and nothing past the end', () => {
    expect(columnLength(column)).toBe(TERMS.length);
    expect(Array.from({ length: TERMS.length }, (_, i) => stringAt(column, i))).toEqual(TERMS);
    expect(stringAt(column, TERMS.length)).toBeUndefined();
    expect(stringAt(column, -1)).toBeUndefined();
  });

  it('finds where a string is or would go as a sorted array does', () => {
    for (const value of [...TERMS, 'aa', 'abd', 'caf', '快', '快速开', '\u{1F39C}', '\uFF22', 'zz', '\u0000']) {
      const expected = TERMS.findIndex((term) => !(term < value));
      expect(lowerBoundOf(column, value), value).toBe(expected === -1 ? TERMS.length : expected);
      expect(isAt(column, lowerBoundOf(column, value), value), value).toBe(TERMS.includes(value));
    }
  });

  it('tells whether a string starts with a prefix, never reading into the next one', () => {
    const at = TERMS.indexOf('ab');
    expect(startsWithAt(column, at, 'a')).toBe(true);
    expect(startsWithAt(column, at, 'ab')).toBe(true);
    // "abc" follows "ab" in the joined text: a prefix longer than the string is not found in its neighbour.
    expect(startsWithAt(column, at, 'abc')).toBe(false);
    expect(startsWithAt(column, TERMS.indexOf('快速开始'), '快速')).toBe(true);
  });
});
