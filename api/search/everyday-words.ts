import { fold, type Analyzer, type QueryTerm } from './analyzer.ts';
import type { ExpansionTerm } from './keyword-index.ts';
import { listsNamed } from '../language/word-lists.ts';
import { lookupTable } from '../lookup-table.ts';

/**
 * Everyday words for what documentation sites call by a technical name: readers ask for "the
 * chatbot", "a password on the site" or "how many people read it", while the pages say assistant,
 * authentication and analytics. The offline word vectors rarely put such pairs close together (they
 * learned from news and the web, not from documentation tools), so a table per language says it
 * outright: `everydayWords` in api/language/<language>.json (English, and shorter French and Spanish
 * ones), keys as asked, values the words documentation uses for them.
 */
const TABLES = lookupTable(Object.fromEntries(listsNamed('everydayWords').map(({ language, list }) => [language, lookupTable(list.table)])));

/** Everyday phrases of up to this many words. */
const MAX_PHRASE_WORDS = 4;
/** How close an everyday word is taken to be to what it stands for (the word vectors' scale). */
const CLOSENESS = 0.85;

/** A phrase of the table as its language's analyzer reads it: its words' terms, last first, and what it means. */
interface AnalysedPhrase {
  sourceTerms: string[];
  meaningTerms: string[];
}

/** Each language's table, analysed once per analyzer (queries only look phrases up). */
const analysed = new WeakMap<Analyzer, Map<string, AnalysedPhrase>>();

function analysedTable(analyzer: Analyzer, table: Record<string, string>): Map<string, AnalysedPhrase> {
  let phrases = analysed.get(analyzer);
  if (!phrases) {
    phrases = new Map();
    for (const [phrase, meaning] of Object.entries(table)) {
      const sourceTerms = phrase
        .split(' ')
        .reverse()
        .flatMap((word) =>
          analyzer
            .queryTerms(word)
            .slice(0, 1)
            .map((q) => q.term),
        );
      phrases.set(fold(phrase), { sourceTerms, meaningTerms: analyzer.queryTerms(meaning).map((q) => q.term) });
    }
    analysed.set(analyzer, phrases);
  }
  return phrases;
}

/**
 * The site words a query's everyday words stand for, as expansions of the query term they come from
 * (the last word of the phrase that the analyzer keeps). Words are compared without accents.
 */
export function everydayExpansions(query: string, queryTerms: QueryTerm[], analyzer: Analyzer, weight: number): ExpansionTerm[] {
  const table = TABLES[analyzer.language];
  if (!table || weight <= 0) return [];
  const phrases = analysedTable(analyzer, table);
  const words = fold(query)
    .split(/[^\p{L}\p{N}'’]+/u)
    .filter(Boolean);
  const asked = new Set(queryTerms.map((q) => q.term));
  const found = new Map<string, ExpansionTerm>();
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= MAX_PHRASE_WORDS && start + length <= words.length; length++) {
      const phrase = phrases.get(words.slice(start, start + length).join(' '));
      const source = phrase?.sourceTerms.find((term) => asked.has(term));
      if (!phrase || !source) continue;
      for (const term of phrase.meaningTerms) {
        if (!asked.has(term) && !found.has(`${source}\u0000${term}`))
          found.set(`${source}\u0000${term}`, { term, weight: CLOSENESS * weight, source, similarity: CLOSENESS });
      }
    }
  }
  return [...found.values()];
}
