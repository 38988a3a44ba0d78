import { LANGUAGE_LISTS, listsNamed } from '../language/word-lists.ts';

/**
 * Each language's short words common in questions (`questionMarkers` in api/language/<language>.json):
 * two of them give the language away. None of the other languages' is an English word or a piece of an
 * address. Punctuation only one language writes (`questionMarks`: Spanish's opening "¿" and "¡")
 * counts as one more.
 */
const MARKERS = listsNamed('questionMarkers').map(({ language, list }) => ({
  language,
  words: new Set(list.words),
  marks: LANGUAGE_LISTS[language]?.questionMarks?.words ?? [],
}));

/** The language a question is written in, when its words tell (two of one language's common words, or Chinese characters). */
export function spokenLanguage(question: string): string | undefined {
  if (/\p{Script=Han}/u.test(question)) return 'zh';
  const words = question.toLowerCase().split(/[^\p{L}-]+/u);
  let best: [string, number] = ['', 1];
  for (const { language, words: markers, marks } of MARKERS) {
    const hits = words.filter((word) => markers.has(word)).length + (marks.some((mark) => question.includes(mark)) ? 1 : 0);
    if (hits > best[1]) best = [language, hits];
  }
  return best[0] || undefined;
}
