import { alternatives, requiredList, type RootList } from '../language/word-lists.ts';
import { lookupTable } from '../lookup-table.ts';

/**
 * British spellings as American ones, for English text analysis: "colour" and "color" are one term,
 * so a reader who asks how to "customise the sidebar colours" finds the pages that say "customize" and
 * "colors" (and a British site's pages are found by American spellings). Applied before stemming, to
 * the index and the query alike. Only listed families change (api/language/en.json: whole words,
 * -our roots, -ise stems): an open rule such as "-our" -> "-or" would make "tour" and "hour" into other words.
 */
const WORDS = lookupTable(requiredList('en', 'britishSpellings').table);
const OUR = rootsPattern(requiredList('en', 'britishOurRoots'), true);
// "emphasis" is also a noun of both spellings: only its verb forms, with an ending, change.
const ISE = rootsPattern(requiredList('en', 'britishIseRoots'), false);

/** A root, then one of its endings: "colour|s" (the ending may be optional: "colour"). */
function rootsPattern(list: RootList, isEndingOptional: boolean): RegExp {
  return new RegExp(`^(${alternatives(list.roots)})(${alternatives(list.endings)})${isEndingOptional ? '?' : ''}$`);
}

/** A folded English word in American spelling ("colours" -> "colors", "organisation" -> "organization"). */
export function americanSpelling(word: string): string {
  const known = WORDS[word];
  if (known) return known;
  if (word.length < 5) return word;
  const our = OUR.exec(word);
  if (our) return `${our[1]!.slice(0, -2)}r${our[2] ?? ''}`;
  const ise = ISE.exec(word);
  if (ise) return `${ise[1]!.slice(0, -1)}z${ise[2]!}`;
  return word;
}

/** English text with its British spellings made American, each word's capital kept ("Colour" -> "Color"). */
export function americanText(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => {
    const lower = word.toLowerCase();
    const american = americanSpelling(lower);
    if (american === lower) return word;
    return word === lower ? american : word[0] + american.slice(1);
  });
}
