import type { QueryTerm } from './analyzer.ts';
import { everydayExpansions } from './everyday-words.ts';
import type { ExpansionOptions } from './query-expansion.ts';
import type { Partition } from './partition.ts';
import { QueryPhrase } from './phrase-match.ts';
import { stringAt } from './string-column.ts';

/** The signals each candidate chunk is scored on (see relevance.ts), in this order. */
export const FEATURES = [
  'bias',
  'keywordRank', // 1 / (1 + rank) in the keyword ranking, 0 when absent
  'keywordShare', // BM25F score / the best one of this query
  'coverage', // share of the query's (idf-weighted) words the chunk has
  'vectorRank', // 1 / (1 + rank) in the vector ranking, 0 when absent
  'cosine', // similarity of the chunk with the query
  'cosineShare', // cosine / the best one of this query
  'pageCosine', // similarity of the chunk's whole page with the query
  'headingIsQuery', // the section's heading is the query
  'headingHasQuery', // the heading has the query word for word
  'titleHasQuery', // the page title has the query word for word
  'textHasQuery', // the text has the query word for word (queries of two words or more)
  'pairShare', // share of the query's adjacent word pairs found in heading, title or text
  'identifierKeyword', // keywordShare, for identifier-like queries only
  'identifierCosine', // cosine, for identifier-like queries only
  'pageKeywordShare', // BM25F score of the chunk's page summary (title, description, keywords, headings) / the best one
  'pageCoverage', // share of the query's words the page summary has
  'summaryCosine', // similarity of the page summary's word vectors with the query's (page-summaries.ts)
  'softCoverage', // coverage where a missing query word counts by its closest related word present
  'pageSoftCoverage', // the same for the page summary
] as const;

/** Each feature's position in a candidate's features. */
const at = Object.fromEntries(FEATURES.map((name, i) => [name, i])) as Record<(typeof FEATURES)[number], number>;

/** The best pages by summary that join the candidates (through their first section). */
const PAGES_AS_CANDIDATES = 20;

export interface CandidateOptions {
  /** How many chunks each ranking contributes. */
  candidates: number;
  expansion: ExpansionOptions;
}

export interface Candidate {
  doc: number;
  features: Float64Array;
}

/**
 * The chunks worth scoring for a query (the best of the keyword ranking, widened with related words, of
 * the vector ranking, and the first sections of the best pages by summary) with their features. `terms`
 * are the query's as the partition's analyzer reads them; `queryVector` is already comparable with the
 * partition's vectors, or undefined for keyword-only search. `served` (page -> 1 when served in the
 * version searched; undefined when every page is) keeps the pages of other versions out.
 */
export function collectCandidates(
  partition: Partition,
  query: string,
  terms: QueryTerm[],
  queryVector: Float32Array | undefined,
  useKeywords: boolean,
  options: CandidateOptions,
  served?: Uint8Array,
): Candidate[] {
  const { pageOf } = partition;
  const acceptsChunk = served && ((doc: number) => served[pageOf[doc]!] === 1);
  const acceptsPage = served && ((page: number) => served[page] === 1);
  // Related words: the word vectors' nearest in this language, or (languages they do not know) through English.
  const expander = partition.vocabulary ?? partition.translation;
  const expansions =
    useKeywords && options.expansion.weight > 0
      ? [...everydayExpansions(query, terms, partition.analyzer, options.expansion.everydayWeight), ...(expander?.expand(terms, options.expansion) ?? [])]
      : [];
  const keywordHits = useKeywords ? partition.keyword.search(terms, options.candidates, partition.keyword.words, expansions, acceptsChunk) : [];
  const vectors = queryVector ? partition.vectors : undefined;
  const vectorHits = vectors ? vectors.index.search(queryVector!, options.candidates, acceptsChunk) : [];
  const pageHits = useKeywords ? partition.pages.keyword.search(terms, options.candidates, partition.keyword.words, expansions, acceptsPage) : [];
  // The page summaries' vectors: this language's own, or (a language the word vectors do not know) its English twins'.
  const summaryVector = useKeywords ? partition.pages.queryVector(terms) : undefined;
  const translatedVector = useKeywords && !summaryVector ? partition.translation?.queryVector(terms) : undefined;

  const byDoc = new Map<number, Candidate>();
  const candidate = (doc: number) => {
    let found = byDoc.get(doc);
    if (!found) byDoc.set(doc, (found = { doc, features: new Float64Array(FEATURES.length) }));
    return found;
  };
  const bestKeyword = keywordHits[0]?.score ?? 1;
  keywordHits.forEach((hit, rank) => {
    const { features } = candidate(hit.doc);
    features[at.keywordRank] = 1 / (1 + rank);
    features[at.keywordShare] = hit.score / bestKeyword;
    features[at.coverage] = hit.coverage;
    features[at.softCoverage] = hit.softCoverage;
  });
  for (const [rank, hit] of vectorHits.entries()) candidate(hit.doc).features[at.vectorRank] = 1 / (1 + rank);
  // A page whose summary matches is a candidate through its first section even when no section matched.
  const bestPage = pageHits[0]?.score ?? 1;
  const pageMatch = new Map(pageHits.map((hit) => [hit.doc, hit]));
  for (const hit of pageHits.slice(0, PAGES_AS_CANDIDATES)) candidate(partition.firstChunk[hit.doc]!);

  const phrase = new QueryPhrase(query, partition.analyzer);
  const isIdentifier = isIdentifierQuery(query);
  const bestCosine = vectorHits[0]?.score ?? 1;
  for (const { doc, features } of byDoc.values()) {
    features[at.bias] = 1;
    if (vectors) {
      const cosine = vectors.index.similarity(doc, queryVector!);
      features[at.cosine] = cosine;
      features[at.cosineShare] = cosine / bestCosine;
      features[at.pageCosine] = dot(vectors.pages, partition.pageOf[doc]! * queryVector!.length, queryVector!);
    }
    const page = partition.pageOf[doc]!;
    const pageHit = pageMatch.get(page);
    if (pageHit) {
      features[at.pageKeywordShare] = pageHit.score / bestPage;
      features[at.pageCoverage] = pageHit.coverage;
      features[at.pageSoftCoverage] = pageHit.softCoverage;
    }
    if (summaryVector) features[at.summaryCosine] = partition.pages.similarity(page, summaryVector);
    else if (translatedVector) features[at.summaryCosine] = partition.translation!.similarity(page, translatedVector);
    const heading = stringAt(partition.headings, doc)!;
    const title = partition.titles[doc]!;
    // Lowercase is enough for the text: phrases are matched between word boundaries.
    const text = phrase.wordCount >= 2 || isIdentifier ? partition.contentAt(doc)!.toLowerCase() : '';
    features[at.headingIsQuery] = heading === phrase.phrase ? 1 : 0;
    features[at.headingHasQuery] = phrase.isIn(heading) ? 1 : 0;
    features[at.titleHasQuery] = phrase.isIn(title) ? 1 : 0;
    features[at.textHasQuery] = text && phrase.isIn(text) ? 1 : 0;
    features[at.pairShare] = phrase.pairShare(title, heading, text);
    if (isIdentifier) {
      features[at.identifierKeyword] = features[at.keywordShare]!;
      features[at.identifierCosine] = features[at.cosine]!;
    }
  }
  return [...byDoc.values()];
}

function dot(packed: Float32Array, offset: number, query: Float32Array): number {
  let sum = 0;
  for (let d = 0; d < query.length; d++) sum += packed[offset + d]! * query[d]!;
  return sum;
}

/** `docs.json`, `primaryColor`, `--no-open`, `api_key`, `mint dev`: lookups of an exact name, where keywords should lead. */
export function isIdentifierQuery(query: string): boolean {
  return /\w[._/]\w|\w-\w|[a-z][A-Z]|(^|\s)--?\w|\w_\w|^\.\w/.test(query) && query.trim().split(/\s+/).length <= 4;
}
