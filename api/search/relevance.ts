import { FEATURES, type Candidate, type CandidateOptions } from './candidates.ts';

/**
 * How a candidate's features become its score: a logistic model, score = 1 / (1 + e^-(w · features)),
 * an estimate of how likely the chunk's page answers the query (its bias fitted with each question's
 * answers and non-answers weighing alike). Because it estimates relevance rather than ranks, it means
 * the same across queries, which is what `scoreThreshold` filters on. The weights were fitted on the
 * tuning half of eval/search-questions.json (npm run eval:tune): one model where the partition has
 * vectors, one for keyword-only search (languages the embedder does not understand, and mode
 * "keyword"). `headingIsQuery` is set, not fitted (see eval/tune.ts).
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
  bias: -3.017,
  keywordRank: 0.253,
  keywordShare: 0.317,
  coverage: 1.885,
  vectorRank: 0.417,
  cosine: 0.633,
  cosineShare: 0.005,
  pageCosine: 2.88,
  headingIsQuery: 2,
  headingHasQuery: -0.072,
  titleHasQuery: 1.842,
  textHasQuery: 1.264,
  pairShare: 0.242,
  identifierKeyword: 0.495,
  identifierCosine: -1.076,
  pageKeywordShare: 0.144,
  pageCoverage: 2.431,
  summaryCosine: 0.635,
  softCoverage: 0.676,
  pageSoftCoverage: 1.153,
};

const KEYWORD: Weights = {
  bias: -3.444,
  keywordRank: 0.562,
  keywordShare: 0.918,
  coverage: 1.859,
  vectorRank: 0,
  cosine: 0,
  cosineShare: 0,
  pageCosine: 0,
  headingIsQuery: 2,
  headingHasQuery: -0.167,
  titleHasQuery: 2.914,
  textHasQuery: 0.582,
  pairShare: 0.325,
  identifierKeyword: -0.121,
  identifierCosine: 0,
  pageKeywordShare: 0.563,
  pageCoverage: 2.381,
  summaryCosine: 0.847,
  softCoverage: 0.733,
  pageSoftCoverage: 1.16,
};

export const DEFAULT_RANKING: RankingOptions = {
  candidates: 60,
  perPage: 2,
  repeatDiscount: 0.5,
  expansion: { neighbours: 5, minSimilarity: 0.5, weight: 0.3, everydayWeight: 1.2 },
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
