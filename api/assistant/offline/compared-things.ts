import { alternatives, listsNamed, wordsOfEveryLanguage } from '../../language/word-lists.ts';

/**
 * The two things a question asks to compare: "What's the difference between let and const in
 * JavaScript?" -> ["let", "const"]; also in French ("la différence entre X et Y") and Spanish ("la
 * diferencia entre X y Y"). Undefined for any other question.
 */
export function comparedThings(question: string): [string, string] | undefined {
  for (const pattern of COMPARISONS) {
    const match = pattern.exec(question);
    if (match) return [match[1]!.trim(), match[2]!.trim()];
  }
  return undefined;
}

/**
 * What follows the second thing: the end of the clause, or a word that starts a qualifier ("in
 * JavaScript"). Each language's `comparison` patterns and `comparisonQualifiers` are in
 * api/language/<language>.json.
 */
const END = String.raw`(?=\s*[?.!,;:]|\s+(?:${alternatives(wordsOfEveryLanguage('comparisonQualifiers'))})\s|\s*$)`;

const COMPARISONS = listsNamed('comparison').flatMap(({ list }) => list.patterns.map((pattern) => new RegExp(`${pattern.source}${END}`, pattern.flags)));
