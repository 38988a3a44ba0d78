import type { Analyzer } from '../../search/analyzer.ts';
import { typoBudget, typoDistance } from '../../search/edit-distance.ts';
import type { ResultWords } from './relevance.ts';

/** Shorter words are left as typed: one letter changes too many of them into another word ("there", "these"). */
const MIN_LENGTH = 5;

/**
 * The question with each word its search results never say, though they say a word one typo away
 * (two in a long word), written as the results write it: "custon domian" -> "custom domain". (A
 * British "colour" needs no help: the analyzer reads it as "color".) Search forgives typos by itself;
 * this lets the words count when the model judges and quotes the results. Names are left
 * alone ("Jupiter" is not "Jupyter"), and so is a word the results say in another form, or one the
 * analyzer drops (a stop word).
 */
export function spelledAsResults(analyzer: Analyzer, question: string, said: ResultWords, names: readonly string[]): string {
  const wordTerms = new Set(said.words.values());
  return question.replace(/\p{L}+/gu, (token) => {
    const word = token.toLowerCase();
    if ([...word].length < MIN_LENGTH || names.includes(token) || said.words.has(word)) return token;
    const own = termOf(analyzer, word);
    if (own === undefined || wordTerms.has(own)) return token;
    return nearest(word, said.words.keys()) ?? token;
  });
}

function termOf(analyzer: Analyzer, word: string): string | undefined {
  let term: string | undefined;
  analyzer.scan(word, (found) => (term ??= found));
  return term;
}

/** The closest of `words` within the typos `word` is forgiven (as search forgives them, edit-distance.ts). */
function nearest(word: string, words: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = typoBudget(word) + 1;
  for (const candidate of words) {
    const distance = typoDistance(word, candidate, bestDistance - 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
