import type { Analyzer } from '../../search/analyzer.ts';
import { wordRarity } from './word-rarity.ts';

/** A question's index terms (stemmed, as search indexes them), each weighted by how much it tells. */
export type QuestionTerms = Map<string, number>;

/** Words that carry a question's tone, not its subject; the search's stop words already drop "how", "do", "I". */
const FILLER = new Set([
  'want', 'need', 'please', 'tell', 'know', 'possible', 'able', 'way', 'anyone', 'something', 'thing', 'things',
  'help', 'hi', 'hello', 'thanks', 'thank', 'instead', 'also', 'actually', 'really', 'just', 'still',
]);

/** Words every page of a documentation site says: a question naming them is not about them. */
const GENERIC = new Set(['docs', 'doc', 'documentation', 'documentations']);
const GENERIC_WEIGHT = 0.15;

/** An identifier names one setting or command, but its parts count too: it need not outweigh rare words. */
const IDENTIFIER_WEIGHT = 0.8;

/** Terms of `text`; `scale` lowers the weight of context words (a follow-up's earlier topic). */
export function questionTerms(analyzer: Analyzer, text: string, scale = 1, into: QuestionTerms = new Map()): QuestionTerms {
  for (const { term, word } of analyzer.queryTerms(text)) {
    // A lone letter is what is left of "can't" or "e.g.", not a subject.
    if (FILLER.has(word) || FILLER.has(term) || [...term].length < 2) continue;
    // Identifiers (`docs.json`, `--port`) come whole with an empty word, besides their parts.
    const weight = scale * (word === '' ? IDENTIFIER_WEIGHT : GENERIC.has(word) ? GENERIC_WEIGHT : wordRarity(word));
    if (weight > (into.get(term) ?? 0)) into.set(term, weight);
  }
  return into;
}

/** The share of the question's weight that `terms` contain (0 to 1). */
export function coverage(question: QuestionTerms, terms: ReadonlySet<string>): number {
  let total = 0;
  let found = 0;
  for (const [term, weight] of question) {
    total += weight;
    if (terms.has(term)) found += weight;
  }
  return total === 0 ? 0 : found / total;
}

export function termSet(analyzer: Analyzer, text: string): Set<string> {
  return new Set(analyzer.terms(text));
}
