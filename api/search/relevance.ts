import { FEATURES, type Candidate, type CandidateOptions } from './candidates.ts';

/**
 * How a candidate's features become its score: a logistic model, score = 1 / (1 + e^-(w · features)),
 * the estimated probability that the chunk's page answers the query. Because it is a probability and
 * not a rank, it means the same across queries, which is what `scoreThreshold` filters on. The weights
 * were fitted on the tuning half of eval/search-questions.json (npm run eval:tune): one model where the
 * partition has vectors, one for keyword-only search (languages the embedder does not understand, and
 * mode "keyword").
 */
export type Weights = Record<(typeof FEATURES)[number], number>;

export interface RankingOptions extends CandidateOptions {
  /** At most this many results from one page, so one long page cannot crowd out the others. */
  perPage: number;
  /** A page's second and later results count this share of their score: other pages come first. */
  repeatDiscount: number;
  hybrid: Weights;
  keyword: Weights;
}

const HYBRID: Weights = {
  bias: -2.853,
  keywordRank: 0.319,
  keywordShare: 0.418,
  coverage: 2.329,
  vectorRank: 0.541,
  cosine: 0.675,
  cosineShare: -0.142,
  pageCosine: 2.912,
  headingIsQuery: 0.048,
  headingHasQuery: 0.024,
  titleHasQuery: 1.813,
  textHasQuery: 0.971,
  pairShare: 0.294,
  identifierKeyword: 0.857,
  identifierCosine: -1.193,
  pageKeywordShare: 0.657,
  pageCoverage: 2.464,
  summaryCosine: 0.624,
};

const KEYWORD: Weights = {
  bias: -3.138,
  keywordRank: 0.781,
  keywordShare: 0.637,
  coverage: 2.43,
  vectorRank: 0,
  cosine: 0,
  cosineShare: 0,
  pageCosine: 0,
  headingIsQuery: 0.151,
  headingHasQuery: 0.074,
  titleHasQuery: 2.79,
  textHasQuery: 0.705,
  pairShare: 0.348,
  identifierKeyword: -0.132,
  identifierCosine: 0,
  pageKeywordShare: 0.868,
  pageCoverage: 2.747,
  summaryCosine: 0.864,
};

export const DEFAULT_RANKING: RankingOptions = {
  candidates: 60,
  perPage: 2,
  repeatDiscount: 0.5,
  expansion: { neighbours: 3, minSimilarity: 0.6, weight: 0.3 },
  hybrid: HYBRID,
  keyword: KEYWORD,
};

export function relevance(features: Float64Array, weights: Weights): number {
  let z = 0;
  FEATURES.forEach((name, i) => (z += weights[name] * features[i]!));
  return 1 / (1 + Math.exp(-z));
}

export interface Scored {
  doc: number;
  score: number;
}

/** Candidates by score, best first (ties: the earlier chunk). */
export function scoreCandidates(candidates: Candidate[], weights: Weights): Scored[] {
  return candidates.map(({ doc, features }) => ({ doc, score: relevance(features, weights) })).sort((a, b) => b.score - a.score || a.doc - b.doc);
}
