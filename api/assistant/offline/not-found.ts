import { spokenLanguage } from '../spoken-language.ts';
import { sentencesByLanguage } from '../../language/word-lists.ts';

/** What the assistant says when the documentation does not cover a question, in the question's language (`notFound` in api/language/<language>.json). */
const NOT_FOUND = sentencesByLanguage('notFound');

export function notFoundText(language: string): string {
  return NOT_FOUND[language.toLowerCase().split(/[-_]/)[0]!] ?? NOT_FOUND.en!;
}

/** The question's language when its words tell, else the language of the retrieved results (the request's filter). */
export function answerLanguage(question: string, resultLanguage: string | undefined): string {
  return spokenLanguage(question) ?? (resultLanguage || 'en');
}
