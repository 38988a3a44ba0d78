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
  bias: -3.129,
  keywordRank: 0.15,
  keywordShare: -0.145,
  coverage: 1.941,
  vectorRank: 0.457,
  cosine: 0.619,
  cosineShare: 0.048,
  pageCosine: 2.865,
  headingIsQuery: 2,
  headingHasQuery: 0.084,
  titleHasQuery: 1.731,
  textHasQuery: 0.679,
  pairShare: 0.3,
  identifierKeyword: 0.829,
  identifierCosine: -1.15,
  pageKeywordShare: 0.314,
  pageCoverage: 2.413,
  summaryCosine: 0.575,
  softCoverage: 1.359,
  pageSoftCoverage: 0.806,
};

const KEYWORD: Weights = {
  bias: -3.68,
  keywordRank: 0.357,
  keywordShare: 0.783,
  coverage: 1.863,
  vectorRank: 0,
  cosine: 0,
  cosineShare: 0,
  pageCosine: 0,
  headingIsQuery: 2,
  headingHasQuery: 0.149,
  titleHasQuery: 2.735,
  textHasQuery: 0.536,
  pairShare: 0.337,
  identifierKeyword: -0.316,
  identifierCosine: 0,
  pageKeywordShare: 0.882,
  pageCoverage: 2.262,
  summaryCosine: 0.809,
  softCoverage: 1.212,
  pageSoftCoverage: 0.85,
};

export const DEFAULT_RANKING: RankingOptions = {
  candidates: 60,
  perPage: 2,
  repeatDiscount: 0.5,
  expansion: { neighbours: 5, minSimilarity: 0.5, weight: 0.3 },
  hybrid: HYBRID,
  keyword: KEYWORD,
};

export function relevance(features: Float64Array, weights: Weights): number {
  let z = 0;
  FEATURES.forEach((name, i) => (z += weights[name] * features[i]!));
  return 1 / (1 + Math.exp(-z));
}

/** Scores as clients see them (six decimals); thresholds compare with these. */
export const roundScore = (score: number) => Math.round(score * 1e6) / 1e6;

export interface Scored {
  doc: number;
  score: number;
}

/** Candidates by score, best first (ties: the earlier chunk). */
export function scoreCandidates(candidates: Candidate[], weights: Weights): Scored[] {
  return candidates.map(({ doc, features }) => ({ doc, score: relevance(features, weights) })).sort((a, b) => b.score - a.score || a.doc - b.doc);
}
