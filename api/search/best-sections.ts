import type { QueryTerm } from './analyzer.ts';
import type { Partition } from './partition.ts';
import { wordRarity } from './word-rarity.ts';

/** A word in a section's heading says more about the section than one in its text. */
const HEADING_WEIGHT = 2;

/**
 * Which of a page's sections stand for it in the results. Ranking decides which pages come first, with
 * features many of which every section of a page shares (its title, keywords, summary), and which favour
 * short sections; so once a page is in, its sections are chosen by their own words: the query's words
 * their heading and text hold, each weighted by its rarity in the site, by how few of the page's sections
 * hold it (a word every section has, like the words of the page's title, tells none apart) and, in English,
 * by its rarity in the language (word-rarity.ts). Ties keep the ranking's order. The page keeps its place
 * and scores; only the sections that represent it change.
 */
export function bestSectionsOfPage(partition: Partition, page: number, ranked: number[], count: number, queryTerms: QueryTerm[]): number[] {
  const docs: number[] = [];
  for (let doc = partition.firstChunk[page]!; doc < partition.pageOf.length && partition.pageOf[doc] === page; doc++) docs.push(doc);
  if (queryTerms.length === 0 || docs.length <= 1) return ranked.slice(0, count);
  const words = docs.map((doc) => partition.sectionTerms.of(doc));
  // The page's title stands above every section: its words are the page's subject, held by all.
  const title = new Set(partition.analyzer.terms(partition.titles[docs[0]!]!));
  const weights = new Map<string, number>();
  const isEnglish = partition.analyzer.language === 'en';
  for (const { term, word } of queryTerms) {
    const holders = title.has(term) ? docs.length : words.filter(({ heading, text }) => heading.has(term) || text.has(term)).length;
    // "set" of "set up" is in many sections without telling which one answers: everyday words count less.
    const rarity = isEnglish && word !== '' ? wordRarity(word) : 1;
    if (holders > 0) weights.set(term, rarity * partition.keyword.idf(term) * Math.log(1 + docs.length / holders));
  }
  const order = new Map(ranked.map((doc, rank) => [doc, rank]));
  const sections = docs.map((doc, index) => {
    const { heading, text } = words[index]!;
    let evidence = 0;
    for (const [term, weight] of weights) evidence += heading.has(term) && !title.has(term) ? HEADING_WEIGHT * weight : heading.has(term) || text.has(term) ? weight : 0;
    return { doc, evidence, rank: order.get(doc) ?? Number.MAX_SAFE_INTEGER };
  });
  return sections
    .sort((a, b) => b.evidence - a.evidence || a.rank - b.rank)
    .slice(0, count)
    .map(({ doc }) => doc);
}
