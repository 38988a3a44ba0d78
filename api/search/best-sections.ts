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
    const fields = keyword.fieldsOfRange(term, docs[0]!, docs[0]! + docs.length);
    // Where each section holds the word: 0 nowhere, 1 in its text, 2 in its heading. The index leaves out
    // a heading that repeats the page's title; that section's heading holds the title's words.
    const placeIn = (index: number) => {
      const held = fields[index]!;
      if ((held & FIELD.heading) !== 0 || ((held & FIELD.title) !== 0 && isAt(headings, docs[index]!, titles[docs[index]!]!))) return 2;
      return (held & FIELD.content) !== 0 ? 1 : 0;
    };
    // The page's title stands above every section: its words are the page's subject, held by all.
    const isInTitle = (fields[0]! & FIELD.title) !== 0;
    let holders = docs.length;
    if (!isInTitle) for (let index = 0; index < docs.length; index++) if (placeIn(index) === 0) holders--;
    if (holders === 0) continue;
    // "set" of "set up" is in many sections without telling which one answers: everyday words count less.
    const rarity = isEnglish && word !== '' ? wordRarity(word) : 1;
    // A lone letter ("a" of "set up a custom domain") tells nothing.
    if (!isInTitle && holders < docs.length && word.length !== 1) {
      tellingWords++;
      if (rarity >= EVERYDAY_RARITY) isTellingRare = true;
    }
    const weight = rarity * keyword.idf(term) * Math.log(1 + docs.length / holders);
    for (let index = 0; index < docs.length; index++) {
      const place = placeIn(index);
      evidence[index]! += place === 2 && !isInTitle ? HEADING_WEIGHT * weight : place !== 0 ? weight : 0;
    }
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
