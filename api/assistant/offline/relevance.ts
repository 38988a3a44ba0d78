import type { Analyzer } from '../../search/analyzer.ts';
import { wordRarity } from '../../search/word-rarity.ts';
import type { RetrievedChunk } from './prompt-turn.ts';
import { alternatives, requiredList, wordsOfEveryLanguage } from '../../language/word-lists.ts';
import { lookupTable } from '../../lookup-table.ts';

/** A question's index terms (stemmed, as search indexes them), each weighted by how much it tells. */
export type QuestionTerms = Map<string, number>;

/**
 * Words that carry a question's tone, not its subject (folded, as the analyzer reports words); the
 * search's stop words already drop "how", "do", "I", but not every language's question words. Every
 * language's `questionFiller` (api/language/<language>.json) applies to every question.
 */
const FILLER = new Set(wordsOfEveryLanguage('questionFiller'));

/** Words every page of a documentation site says: a question naming them is not about them. */
const GENERIC = new Set(wordsOfEveryLanguage('genericWords'));
const GENERIC_WEIGHT = 0.15;
/** An identifier names one setting or command, but its parts count too: it need not outweigh rare words. */
const IDENTIFIER_WEIGHT = 0.8;
/** Numbers (a port, a status code) matter, but the word table has no rank for them. */
const NUMBER_WEIGHT = 0.5;
/** The word table ranks English words; other languages' words all weigh the same. */
const OTHER_LANGUAGE_WEIGHT = 0.6;

/** Terms of `text`; `scale` lowers the weight of context words (a follow-up's earlier topic). */
export function questionTerms(analyzer: Analyzer, text: string, scale = 1, into: QuestionTerms = new Map()): QuestionTerms {
  const isEnglish = analyzer.language === 'en';
  for (const { term, word } of analyzer.queryTerms(isEnglish ? withoutContractions(text) : text)) {
    // A lone letter is what is left of "e.g." or an initial, not a subject.
    if (FILLER.has(word) || FILLER.has(term) || [...term].length < 2) continue;
    // Identifiers (`docs.json`, `--port`) come whole with an empty word, besides their parts.
    const weight =
      word === ''
        ? IDENTIFIER_WEIGHT
        : isGenericWord(word)
          ? GENERIC_WEIGHT
          : /^\d+$/.test(word)
            ? NUMBER_WEIGHT
            : isEnglish
              ? wordRarity(word)
              : OTHER_LANGUAGE_WEIGHT;
    if (scale * weight > (into.get(term) ?? 0)) into.set(term, scale * weight);
  }
  return into;
}

/** "doesn't" -> "does", "can't" -> "can", "it's" -> "it": the analyzer would leave "doesn" and "t". */
function withoutContractions(text: string): string {
  return text
    .replace(/\b(can|won)[’']t\b/gi, (_, stem: string) => (stem.toLowerCase() === 'won' ? 'will' : stem))
    .replace(/n[’']t\b/gi, '')
    .replace(/[’'](?:s|re|ve|ll|d|m)\b/gi, '')
    .replace(UNMARKED_CONTRACTION, (word) => UNMARKED_CONTRACTIONS[word.toLowerCase()]!);
}

/**
 * Contractions typed without their apostrophe, as people type them: "whats" is no rare word of the
 * question's subject (api/language/en.json, unmarkedContractions).
 */
const UNMARKED_CONTRACTIONS = lookupTable(requiredList('en', 'unmarkedContractions').table);
const UNMARKED_CONTRACTION = new RegExp(`\\b(?:${alternatives(Object.keys(UNMARKED_CONTRACTIONS))})\\b`, 'gi');

export function isGenericWord(word: string): boolean {
  return GENERIC.has(word.toLowerCase());
}

/** The share of the question's weight that `terms` (or `more`) contain (0 to 1). */
export function coverage(question: QuestionTerms, terms: ReadonlySet<string>, more?: ReadonlySet<string>): number {
  let total = 0;
  let found = 0;
  for (const [term, weight] of question) {
    total += weight;
    if (terms.has(term) || more?.has(term)) found += weight;
  }
  return total === 0 ? 0 : found / total;
}

/**
 * Whether a telling question term (rare in English) appears nowhere in what search found, not even as
 * the longer form of a word there ("reachable" of "reach"): documentation that never names
 * "replicas" or "SMS" does not answer a question about them, however many other words match.
 */
export function hasUnknownTerm(question: QuestionTerms, known: ReadonlySet<string>, minWeight: number, count = 1): boolean {
  const stems = [...known].filter((term) => term.length >= MIN_STEM);
  // Identifiers ("read-only", "light/dark") are made of words the results may well say apart.
  const isWord = (term: string) => /^[\p{L}\p{N}]+$/u.test(term);
  return (
    [...question].filter(([term, weight]) => weight >= minWeight && isWord(term) && !known.has(term) && !stems.some((stem) => term.startsWith(stem))).length >=
    count
  );
}

/**
 * What search results say: every term of their pages' titles, summaries and paths and of their text,
 * and each word of their titles and text (what a reader sees of them) with its term.
 */
export interface ResultWords {
  terms: Set<string>;
  words: Map<string, string>;
}

export function wordsOfResults(analyzer: Analyzer, results: RetrievedChunk[]): ResultWords {
  const said: ResultWords = { terms: new Set(), words: new Map() };
  const addTerm = (term: string) => void said.terms.add(term);
  analyzer.scan(results.map((chunk) => `${chunk.description} ${chunk.path}`).join('\n'), addTerm);
  analyzer.scan(results.map((chunk) => `${chunk.title}\n${chunk.content}`).join('\n'), (term, word) => {
    addTerm(term);
    // Identifiers and CJK bigrams come without a word.
    if (word) said.words.set(word, term);
  });
  return said;
}

/** The terms of search results. */
export function termsOfResults(analyzer: Analyzer, results: RetrievedChunk[]): Set<string> {
  return wordsOfResults(analyzer, results).terms;
}

const MIN_STEM = 5;

export function termSet(analyzer: Analyzer, text: string): Set<string> {
  return new Set(analyzer.terms(text));
}
