import { listsNamed, sentencesByLanguage, wordsOfEveryLanguage } from '../../language/word-lists.ts';

/**
 * Messages that ask nothing: thanks ("thanks!", "ok great, that worked"), a greeting ("hi"), a goodbye.
 * A person answers those in kind; quoting the docs again, or saying the docs do not cover "thanks",
 * would not.
 */
type Courtesy = 'thanks' | 'greeting';

/** Each language's words of thanks, acknowledgement and greeting (api/language/<language>.json), as one set each. */
const THANKS = new Set(wordsOfEveryLanguage('courtesyThanks'));
/** Words that make such a message thanks or an acknowledgement ("set it" is neither). */
const ACKNOWLEDGING = new Set(wordsOfEveryLanguage('courtesyAcknowledging'));
const GREETING = new Set(wordsOfEveryLanguage('courtesyGreeting'));
const MAX_WORDS = 8;

const REPLIES: Record<Courtesy, Readonly<Record<string, string>>> = {
  thanks: sentencesByLanguage('thanksReply'),
  greeting: sentencesByLanguage('greetingReply'),
};

/** Words that tell a French or Spanish message, in the order languages are tried. */
const OWN_WORDS = listsNamed('courtesyOwnWords').map(({ language, list }) => ({ language, words: new Set(list.words) }));

/**
 * The reply in kind to a message that asks nothing, in its own language where its words tell it, else
 * in `language`; undefined for a message that asks something.
 */
export function courtesyReply(message: string, language: string): string | undefined {
  const courtesy = courtesyOf(message);
  if (!courtesy) return undefined;
  const own = OWN_WORDS.find(({ words }) => courtesy.words.some((word) => words.has(word)))?.language ?? language;
  const replies = REPLIES[courtesy.kind];
  return replies[own.toLowerCase().split(/[-_]/)[0]!] ?? replies.en!;
}

function courtesyOf(message: string): { kind: Courtesy; words: string[] } | undefined {
  const text = message.toLowerCase().replace(/[’']/g, '');
  if (text.includes('?')) return undefined;
  const words = text.split(/[^\p{L}]+/u).filter(Boolean);
  if (words.length === 0 || words.length > MAX_WORDS) return undefined;
  if (words.every((word) => GREETING.has(word))) return { kind: 'greeting', words };
  if (words.every((word) => THANKS.has(word)) && words.some((word) => ACKNOWLEDGING.has(word))) return { kind: 'thanks', words };
  return undefined;
}
