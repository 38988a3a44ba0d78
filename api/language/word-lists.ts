import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import zh from './zh.json' with { type: 'json' };
import { lookupTable } from '../lookup-table.ts';

/**
 * The word lists search and the offline assistant need of each human language, one JSON file per
 * language beside this one (bundled with the code, so the compiled server has them too). Every list
 * says what it is for ("about") and how it was made ("made"), with how many of its entries the eval
 * question sets already contain (scripts/word-list-overlap.ts counts them).
 */

/** What every list says of itself. */
interface Header {
  about: string;
  made: string;
}
export interface WordList extends Header {
  words: string[];
}
export interface WordTable extends Header {
  table: Record<string, string>;
}
/** Roots that take one of the endings: "colour" with "s", "customis" with "ation". */
export interface RootList extends Header {
  roots: string[];
  endings: string[];
}
/** JavaScript regular expressions, as `new RegExp(source, flags)` takes them. */
export interface PatternList extends Header {
  patterns: { source: string; flags: string }[];
}
/** A sentence the assistant says. */
export interface Sentence extends Header {
  text: string;
}

/** Every list a language may have, and its kind. */
export const LIST_KINDS = {
  everydayWords: 'table',
  britishSpellings: 'table',
  britishOurRoots: 'roots',
  britishIseRoots: 'roots',
  questionMarkers: 'words',
  questionMarks: 'words',
  questionFiller: 'words',
  genericWords: 'words',
  unmarkedContractions: 'table',
  followUpOpenings: 'words',
  followUpConnectives: 'words',
  pointingWords: 'words',
  comparison: 'patterns',
  comparisonQualifiers: 'words',
  offTaskRequests: 'patterns',
  fieldLabels: 'words',
  courtesyThanks: 'words',
  courtesyAcknowledging: 'words',
  courtesyGreeting: 'words',
  courtesyOwnWords: 'words',
  thanksReply: 'text',
  greetingReply: 'text',
  notFound: 'text',
} as const;
interface Kinds {
  words: WordList;
  table: WordTable;
  roots: RootList;
  patterns: PatternList;
  text: Sentence;
}
export type ListName = keyof typeof LIST_KINDS;
export type LanguageLists = { about: string } & { [Name in ListName]?: Kinds[(typeof LIST_KINDS)[Name]] };
type ListsOfKind<Kind extends keyof Kinds> = { [Name in ListName]: (typeof LIST_KINDS)[Name] extends Kind ? Name : never }[ListName];

/** The languages with lists, in the order that settles a tie between them (a question's language). */
export const LIST_LANGUAGES = ['en', 'fr', 'es', 'pt', 'de', 'zh'] as const;
export const LANGUAGE_LISTS: Readonly<Record<string, LanguageLists>> = lookupTable<LanguageLists>({ en, fr, es, pt, de, zh });

/** Each language's list of this name, for the languages that have one, in LIST_LANGUAGES order. */
export function listsNamed<Name extends ListName>(name: Name): { language: string; list: NonNullable<LanguageLists[Name]> }[] {
  return LIST_LANGUAGES.flatMap((language) => {
    const list = LANGUAGE_LISTS[language]![name];
    return list ? [{ language, list: list as NonNullable<LanguageLists[Name]> }] : [];
  });
}

/** One language's list of this name, which the code cannot do without. */
export function requiredList<Name extends ListName>(language: string, name: Name): NonNullable<LanguageLists[Name]> {
  const list = LANGUAGE_LISTS[language]?.[name];
  if (!list) throw new Error(`api/language/${language}.json has no ${name}`);
  return list as NonNullable<LanguageLists[Name]>;
}

/** The words of every language's list of this name, in LIST_LANGUAGES order, each once. */
export function wordsOfEveryLanguage(name: ListsOfKind<'words'>): string[] {
  return [...new Set(listsNamed(name).flatMap(({ list }) => list.words))];
}

/** The regular expressions of every language's list of this name. */
export function patternsOfEveryLanguage(name: ListsOfKind<'patterns'>): RegExp[] {
  return listsNamed(name).flatMap(({ list }) => list.patterns.map((pattern) => new RegExp(pattern.source, pattern.flags)));
}

/** Language code -> its sentence of this name, for the languages that have one. */
export function sentencesByLanguage(name: ListsOfKind<'text'>): Readonly<Record<string, string>> {
  return lookupTable(Object.fromEntries(listsNamed(name).map(({ language, list }) => [language, list.text])));
}

/** A regular expression's alternatives for exactly these words: `a|b|what about`. */
export function alternatives(words: readonly string[]): string {
  return words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
}
