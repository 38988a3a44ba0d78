import { FEATURES, type Candidate, type CandidateOptions } from './candidates.ts';

/**
 * How a candidate's features become its score: two logistic models, each 1 / (1 + e^-(w · features)).
 * The **ranking** model orders a query's candidates; it leans on features relative to the query's best
 * hit (keywordShare, keywordRank…), so an unrelated query's best hit scores as high as a good one's.
 * The **calibration** model sees only features that mean the same across queries (exact coverage,
 * cosine, phrase and title matches), so its best candidate estimates how likely the query is answered
 * at all. A candidate's score is that estimate times its share of the best candidate's ranking
 * relevance: the order is the ranking model's, and the scale means the same across queries, which is
 * what `scoreThreshold` filters on. Both were fitted on the tuning half of eval/search-questions.json
 * (npm run eval:tune; biases with each question's answers and non-answers weighing alike), the
 * calibration model also on the assistant's out-of-scope tuning questions (all non-answers): one pair
 * where the partition has vectors, one for keyword-only search (languages the embedder does not
 * understand, and mode "keyword"). `headingIsQuery` is set, not fitted (see eval/tune.ts).
 */
export type Weights = Record<(typeof FEATURES)[number], number>;

/**
 * Features the calibration model does without: those relative to the query's best hit, and soft
 * coverage, where related words count (it tells that a query is near the site's vocabulary, not that
 * the site answers it: "recipe banana bread" scored 0.62 with it, 0.37 without).
 */
export const UNCALIBRATED_FEATURES = [
  'keywordRank',
  'keywordShare',
  'vectorRank',
  'cosineShare',
  'pageKeywordShare',
  'identifierKeyword',
  'softCoverage',
  'pageSoftCoverage',
] as const;

export interface RelevanceModel {
  ranking: Weights;
  calibration: Weights;
}

export interface RankingOptions extends CandidateOptions {
  /** At most this many results from one page, so one long page cannot crowd out the others. */
  perPage: number;
  /** A page's second and later results count this share of their score: other pages come first. */
  repeatDiscount: number;
  hybrid: RelevanceModel;
  keyword: RelevanceModel;
}

const HYBRID: RelevanceModel = {
  ranking: {
    bias: -3.479,
    keywordRank: 0.982,
    keywordShare: 1.458,
    coverage: -0.035,
    vectorRank: 0.528,
    cosine: 0.481,
    cosineShare: -0.476,
    pageCosine: 2.6,
    headingIsQuery: 2,
    headingHasQuery: -0.111,
    titleHasQuery: 1.921,
    textHasQuery: 1.76,
    pairShare: 0.095,
    identifierKeyword: 0.267,
    identifierCosine: -0.598,
    pageKeywordShare: 2.17,
    pageCoverage: 0.09,
    summaryCosine: 0.831,
    softCoverage: 1.159,
    pageSoftCoverage: 1.349,
  },
  calibration: {
    bias: -1.938,
    keywordRank: 0,
    keywordShare: 0,
    coverage: 2.113,
    vectorRank: 0,
    cosine: -0.57,
    cosineShare: 0,
    pageCosine: 3.036,
    headingIsQuery: 0.035,
    headingHasQuery: 0.14,
    titleHasQuery: 1.277,
    textHasQuery: 0.718,
    pairShare: -0.299,
    identifierKeyword: 0,
    identifierCosine: -0.404,
    pageKeywordShare: 0,
    pageCoverage: 1.596,
    summaryCosine: 0.571,
    softCoverage: 0,
    pageSoftCoverage: 0,
  },
};

const KEYWORD: RelevanceModel = {
  ranking: {
    bias: -4.009,
    keywordRank: 0.95,
    keywordShare: 2.041,
    coverage: -0.008,
    vectorRank: 0,
    cosine: 0,
    cosineShare: 0,
    pageCosine: 0,
    headingIsQuery: 2,
    headingHasQuery: -0.227,
    titleHasQuery: 2.845,
    textHasQuery: 1.107,
    pairShare: 0.387,
    identifierKeyword: 0.183,
    identifierCosine: 0,
    pageKeywordShare: 2.342,
    pageCoverage: 0.186,
    summaryCosine: 0.967,
    softCoverage: 1.082,
    pageSoftCoverage: 1.488,
  },
  calibration: {
    bias: -1.287,
    keywordRank: 0,
    keywordShare: 0,
    coverage: 0.931,
    vectorRank: 0,
    cosine: 0,
    cosineShare: 0,
    pageCosine: 0,
    headingIsQuery: 0.143,
    headingHasQuery: 0.2,
    titleHasQuery: 2.167,
    textHasQuery: 0.357,
    pairShare: 0.103,
    identifierKeyword: 0,
    identifierCosine: 0,
    pageKeywordShare: 0,
    pageCoverage: 1.663,
    summaryCosine: 0.846,
    softCoverage: 0,
    pageSoftCoverage: 0,
  },
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
  const byFeature = weightsInOrder(weights);
  let z = 0;
  for (let i = 0; i < byFeature.length; i++) z += byFeature[i]! * features[i]!;
  return 1 / (1 + Math.exp(-z));
}

/** Weights in the order of FEATURES, made once per set of weights: a search scores hundreds of candidates. */
const inOrder = new WeakMap<Weights, Float64Array>();

function weightsInOrder(weights: Weights): Float64Array {
  let ordered = inOrder.get(weights);
  if (!ordered) inOrder.set(weights, (ordered = Float64Array.from(FEATURES, (name) => weights[name])));
  return ordered;
}

/** Scores as clients see them (six decimals); thresholds compare with these. */
export const roundScore = (score: number) => Math.round(score * 1e6) / 1e6;

export interface Scored {
  doc: number;
  score: number;
}

/** Candidates by score, best first (ties: the earlier chunk). */
export function scoreCandidates(candidates: Candidate[], model: RelevanceModel): Scored[] {
  const ranked = candidates.map(({ doc, features }) => ({ doc, score: relevance(features, model.ranking) }));
  const best = Math.max(...ranked.map((candidate) => candidate.score));
  const answered = Math.max(...candidates.map(({ features }) => relevance(features, model.calibration)));
  return ranked.map(({ doc, score }) => ({ doc, score: (answered * score) / best })).sort((a, b) => b.score - a.score || a.doc - b.doc);
}
