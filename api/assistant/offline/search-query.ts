import type { EarlierMessage } from './prompt-turn.ts';
import { isGenericWord } from './relevance.ts';
import { wordRarity } from '../../search/word-rarity.ts';
import { alternatives, wordsOfEveryLanguage } from '../../language/word-lists.ts';

/** Longest query sent to search; the search route accepts 1,000 characters. */
const MAX_QUERY = 400;
/**
 * Openings and words that lean on what was said before ("ok, and for an apex domain?", "can they be
 * temporary?"): each language's `followUpOpenings`, `followUpConnectives` and `pointingWords` in
 * api/language/<language>.json.
 */
const LEANS_BACK = new RegExp(
  `^(?:(?:${alternatives(wordsOfEveryLanguage('followUpOpenings'))})[,.!]?\\s+)?(?:${alternatives(wordsOfEveryLanguage('followUpConnectives'))})\\b`,
  'i',
);
const POINTS_BACK = new RegExp(`\\b(?:${alternatives(wordsOfEveryLanguage('pointingWords'))})\\b`, 'i');
/** A question with this few telling words (by rarity) has no subject of its own. */
const FEW_TELLING_WORDS = 2;
const POINTING_TELLING_WORDS = 4;
const TELLING = 0.45;
/** Rarer than this, an earlier question's word is part of its subject. */
const SUBJECT = 0.3;

/**
 * The search query for the question. A follow-up that cannot stand alone searches with the subject
 * words of the conversation's earlier question after its own, so "And for an apex domain?" after a
 * custom-domain question retrieves the custom-domain page's apex section.
 */
export function searchQuery(question: string, earlier: EarlierMessage[]): string {
  const context = isFollowUp(question, earlier) ? subjectWords(conversationTopic(earlier)).join(' ') : '';
  return clip(`${oneLine(question)} ${context}`.trim());
}

/** Whether the question needs the conversation to be understood. */
export function isFollowUp(question: string, earlier: EarlierMessage[]): boolean {
  if (!earlier.some((message) => message.role === 'user')) return false;
  const text = oneLine(question);
  const telling = tellingWords(text).length;
  // "it" or "them" in a question full of its own subject ("can I remove the toggle so readers can't change it?") points inside it.
  return LEANS_BACK.test(text) || telling <= FEW_TELLING_WORDS || (POINTS_BACK.test(text) && telling <= POINTING_TELLING_WORDS);
}

/** The earlier question(s) of the thread: what "it" refers to. */
export function conversationTopic(earlier: EarlierMessage[]): string {
  const questions: string[] = [];
  for (let i = earlier.length - 1; i >= 0 && questions.length < 2; i--) {
    const message = earlier[i]!;
    if (message.role !== 'user') continue;
    questions.unshift(oneLine(message.text));
    // A standalone question is the whole topic; a follow-up needs the one before it too.
    if (!isFollowUp(message.text, earlier.slice(0, i))) break;
  }
  return questions.join(' ');
}

/** The words of a question that name its subject ("custom domain"), without "how do I set up" around them. */
function subjectWords(text: string): string[] {
  const words = text.split(/[^\p{L}\p{N}._/-]+/u).filter((word) => word.length > 2 && !isGenericWord(word) && wordRarity(word) >= SUBJECT);
  return [...new Set(words)];
}

function tellingWords(text: string): string[] {
  return text.split(/[^\p{L}\p{N}._-]+/u).filter((word) => word.length > 2 && wordRarity(word) >= TELLING);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The question comes first in a query: a long one is cut at its end, between words. */
function clip(text: string): string {
  return text.length <= MAX_QUERY ? text : text.slice(0, MAX_QUERY).replace(/\s\S*$/, '');
}
