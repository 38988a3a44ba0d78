import type { QueryTerm } from './analyzer.ts';
import { FIELD } from './keyword-index.ts';
import type { Partition } from './partition.ts';
import { isAt } from './string-column.ts';
import { EVERYDAY_RARITY, wordRarity } from './word-rarity.ts';

/** A word in a section's heading says more about the section than one in its text. */
const HEADING_WEIGHT = 2;

/**
 * Which of a page's sections stand for it in the results. Ranking decides which pages come first, with
 * features many of which every section of a page shares (its title, keywords, summary), and which favour
 * short sections; so once a page is in, its sections are chosen by their own words: the query's words
 * their heading and text hold, each weighted by its rarity in the site, by how few of the page's sections
 * hold it (a word every section has, like the words of the page's title, tells none apart) and, in English,
 * by its rarity in the language (word-rarity.ts). Ties keep the ranking's order. The page keeps its place
 * and scores; only the sections that represent it change. Which fields of a section hold a word is read
 * from the keyword index's postings, so no section is read again.
 */
export function bestSectionsOfPage(partition: Partition, page: number, ranked: number[], count: number, queryTerms: QueryTerm[]): number[] {
  const docs: number[] = [];
  for (let doc = partition.firstChunk[page]!; doc < partition.pageOf.length && partition.pageOf[doc] === page; doc++) docs.push(doc);
  if (queryTerms.length === 0 || docs.length <= 1) return ranked.slice(0, count);
  const { keyword, headings, titles } = partition;
  const isEnglish = partition.analyzer.language === 'en';
  const evidence = new Float64Array(docs.length);
  // Words besides the title's that some sections hold and others do not, and whether any is rarer than an everyday word.
  let tellingWords = 0;
  let isTellingRare = false;
  for (const { term, word } of new Map(queryTerms.map((query) => [query.term, query])).values()) {
    const holds = docs.map((doc) => {
      const fields = keyword.fieldsOf(term, doc);
      const isInTitle = (fields & FIELD.title) !== 0;
      // The index leaves out a heading that repeats the page's title; that section's heading holds the title's words.
      const isInHeading = (fields & FIELD.heading) !== 0 || (isInTitle && isAt(headings, doc, titles[doc]!));
      return { isInTitle, isInHeading, isInSection: isInHeading || (fields & FIELD.content) !== 0 };
    });
    // The page's title stands above every section: its words are the page's subject, held by all.
    const { isInTitle } = holds[0]!;
    const holders = isInTitle ? docs.length : holds.filter((held) => held.isInSection).length;
    if (holders === 0) continue;
    // "set" of "set up" is in many sections without telling which one answers: everyday words count less.
    const rarity = isEnglish && word !== '' ? wordRarity(word) : 1;
    // A lone letter ("a" of "set up a custom domain") tells nothing.
    if (!isInTitle && holders < docs.length && word.length !== 1) {
      tellingWords++;
      if (rarity >= EVERYDAY_RARITY) isTellingRare = true;
    }
    const weight = rarity * keyword.idf(term) * Math.log(1 + docs.length / holders);
    holds.forEach(({ isInHeading, isInSection }, index) => {
      evidence[index]! += isInHeading && !isInTitle ? HEADING_WEIGHT * weight : isInSection ? weight : 0;
    });
  }
  // "How do I set up a custom domain?" asks about the page's subject itself (one everyday word besides
  // the title's, "set", would pick "Set a canonical URL"): the page's opening tells it best. With no word
  // to tell sections apart, the ranking's order stands.
  if (tellingWords === 1 && !isTellingRare) evidence[0] = Number.POSITIVE_INFINITY;
  const order = new Map(ranked.map((doc, rank) => [doc, rank]));
  return docs
    .map((doc, index) => ({ doc, evidence: evidence[index]!, rank: order.get(doc) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => b.evidence - a.evidence || a.rank - b.rank)
    .slice(0, count)
    .map(({ doc }) => doc);
}
