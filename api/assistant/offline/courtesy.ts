import { lookupTable } from '../../lookup-table.ts';

/**
 * Messages that ask nothing: thanks ("thanks!", "ok great, that worked"), a greeting ("hi"), a goodbye.
 * A person answers those in kind; quoting the docs again, or saying the docs do not cover "thanks",
 * would not.
 */
type Courtesy = 'thanks' | 'greeting';

const THANKS = new Set([
  'thanks', 'thank', 'you', 'thx', 'ty', 'cheers', 'much', 'so', 'very', 'a', 'lot', 'lots', 'many', 'great', 'perfect', 'awesome',
  'cool', 'nice', 'ok', 'okay', 'k', 'got', 'it', 'that', 'this', 'worked', 'works', 'working', 'now', 'helps', 'helped', 'helpful',
  'fixed', 'solved', 'brilliant', 'excellent', 'amazing', 'wonderful', 'good', 'all', 'set', 'bye', 'goodbye', 'see', 'ya',
  'merci', 'beaucoup', 'parfait', 'super', 'génial', 'ça', 'marche', 'fonctionne', 'gracias', 'muchas', 'perfecto', 'genial',
  'vale', 'funciona', 'funcionó', 'adiós', 'au', 'revoir',
]);
/** Words that make such a message thanks or an acknowledgement ("set it" is neither). */
const ACKNOWLEDGING = new Set([
  'thanks', 'thank', 'thx', 'ty', 'cheers', 'worked', 'works', 'helps', 'helped', 'helpful', 'fixed', 'solved', 'ok', 'okay', 'great',
  'perfect', 'awesome', 'cool', 'nice', 'got', 'brilliant', 'excellent', 'amazing', 'wonderful', 'bye', 'goodbye',
  'merci', 'parfait', 'super', 'génial', 'marche', 'fonctionne', 'gracias', 'perfecto', 'genial', 'vale', 'funciona', 'funcionó', 'adiós', 'revoir',
]);
const GREETING = new Set(['hi', 'hello', 'hey', 'there', 'yo', 'good', 'morning', 'afternoon', 'evening', 'bonjour', 'salut', 'hola', 'buenos', 'días', 'buenas']);
const MAX_WORDS = 8;

const REPLIES: Record<Courtesy, Readonly<Record<string, string>>> = {
  thanks: lookupTable({
    en: "You're welcome! Ask me anything else about the documentation.",
    fr: "Avec plaisir ! N'hésitez pas si vous avez d'autres questions sur la documentation.",
    es: '¡De nada! Pregúntame lo que quieras sobre la documentación.',
  }),
  greeting: lookupTable({
    en: 'Hi! Ask me anything about the documentation.',
    fr: 'Bonjour ! Posez-moi vos questions sur la documentation.',
    es: '¡Hola! Pregúntame lo que quieras sobre la documentación.',
  }),
};

/** Words that tell a French or Spanish message. */
const FRENCH = new Set(['merci', 'beaucoup', 'parfait', 'génial', 'ça', 'marche', 'fonctionne', 'bonjour', 'salut', 'au', 'revoir']);
const SPANISH = new Set(['gracias', 'muchas', 'perfecto', 'vale', 'funciona', 'funcionó', 'adiós', 'hola', 'buenos', 'buenas', 'días']);

/**
 * The reply in kind to a message that asks nothing, in its own language where its words tell it, else
 * in `language`; undefined for a message that asks something.
 */
export function courtesyReply(message: string, language: string): string | undefined {
  const courtesy = courtesyOf(message);
  if (!courtesy) return undefined;
  const own = courtesy.words.some((word) => FRENCH.has(word)) ? 'fr' : courtesy.words.some((word) => SPANISH.has(word)) ? 'es' : language;
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
