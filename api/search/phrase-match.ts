import type { Analyzer } from './analyzer.ts';
import { phraseForm } from './partition.ts';

/**
 * What the words of a query look like together: the whole query as a phrase (`mint dev`,
 * `seo.indexing`, `Failed to fetch OpenAPI file`) and its adjacent pairs of content words ("dark mode",
 * "custom domain"). A section whose heading is the phrase, or a text that has it word for word, is
 * about exactly that; a page that only mentions the words apart is less likely to be.
 */
export class QueryPhrase {
  readonly phrase: string;
  readonly pairs: string[];
  readonly wordCount: number;

  constructor(query: string, analyzer: Analyzer) {
    this.phrase = phraseForm(query);
    const words = this.phrase.split(' ').filter(Boolean);
    this.wordCount = words.length;
    const isContentWord = (word: string) => analyzer.terms(word).length > 0;
    this.pairs = [];
    for (let i = 0; i + 1 < words.length; i++) {
      if (isContentWord(words[i]!) && isContentWord(words[i + 1]!)) this.pairs.push(`${words[i]} ${words[i + 1]}`);
    }
  }

  /** `text` (already in phrase form) has the whole query, word for word. */
  isIn(text: string): boolean {
    return this.phrase !== '' && hasWords(text, this.phrase);
  }

  /** The share of the query's adjacent word pairs that one of `texts` (in phrase form) has; 0 without pairs. */
  pairShare(...texts: string[]): number {
    if (this.pairs.length === 0) return 0;
    let found = 0;
    for (const pair of this.pairs) if (texts.some((text) => hasWords(text, pair))) found++;
    return found / this.pairs.length;
  }
}

/** Whether `needle` occurs in `text` starting and ending at word boundaries. */
function hasWords(text: string, needle: string): boolean {
  let at = text.indexOf(needle);
  while (at >= 0) {
    const end = at + needle.length;
    if ((at === 0 || !isWordCharacter(text, at - 1)) && (end >= text.length || !isWordCharacter(text, end))) return true;
    at = text.indexOf(needle, at + 1);
  }
  return false;
}

/** Whether the character at `at` is a letter or a digit (ASCII read from its code, the rest by Unicode class). */
function isWordCharacter(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
  return WORD_CHARACTER.test(text[at]!);
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
