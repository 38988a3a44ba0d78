import type { Analyzer } from '../../search/analyzer.ts';
import { boundedEditDistance } from '../../search/edit-distance.ts';
import type { RetrievedChunk } from './prompt-turn.ts';

/** Shorter words are left as typed: one letter changes too many of them into another word ("there", "these"). */
const MIN_LENGTH = 5;
/** From this length, two typos are forgiven (as search forgives them). */
const LONG_WORD = 8;

/**
 * The question with each word its search results never say, though they say a word one typo away
 * (two in a long word), written as the results write it: "custon domian" -> "custom domain", and a
 * British "colour" or "customise" as the docs' "color" and "customize". Search forgives typos by
 * itself; this lets the words count when the model judges and quotes the results. Names are left
 * alone ("Jupiter" is not "Jupyter"), and so is a word the results say in another form, or one the
 * analyzer drops (a stop word).
 */
export function spelledAsResults(analyzer: Analyzer, question: string, results: RetrievedChunk[], names: readonly string[]): string {
  const said = new Map<string, string>();
  for (const chunk of results) analyzer.scan(`${chunk.title}\n${chunk.content}`, (term, word) => word && said.set(word, term));
  const terms = new Set(said.values());
  return question.replace(/\p{L}+/gu, (token) => {
    const word = token.toLowerCase();
    if ([...word].length < MIN_LENGTH || names.includes(token) || said.has(word)) return token;
    const own = termOf(analyzer, word);
    if (own === undefined || terms.has(own)) return token;
    return nearest(word, said.keys()) ?? token;
  });
}

function termOf(analyzer: Analyzer, word: string): string | undefined {
  let term: string | undefined;
  analyzer.scan(word, (found) => (term ??= found));
  return term;
}

/** The closest of `words` within the typos `word` is forgiven, starting with its letter (as people rarely mistype a first letter). */
function nearest(word: string, words: Iterable<string>): string | undefined {
  const budget = word.length >= LONG_WORD ? 2 : 1;
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (const candidate of words) {
    if (candidate[0] !== word[0] || Math.abs(candidate.length - word.length) > budget) continue;
    const distance = boundedEditDistance(word, candidate, Math.min(budget, bestDistance - 1));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
