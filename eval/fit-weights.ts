import { FEATURES } from '../api/search/candidates.ts';
import type { Weights } from '../api/search/relevance.ts';

export interface Example {
  features: Float64Array;
  label: 0 | 1;
}

/**
 * Fits the weights for ranking: a pairwise logistic loss (RankNet) over every answering candidate against
 * every other candidate of the same question, each question weighing the same. The bias does not change
 * the order; it is fitted afterwards, pointwise, so that the score reads as a probability (fitPointwise
 * with every other weight frozen).
 */
export function fitRanking(questions: Example[][], options: { l2?: number; steps?: number; fixed?: Partial<Weights> } = {}): Weights {
  const l2 = options.l2 ?? 1e-3;
  const dims = FEATURES.length;
  const fixed = options.fixed ?? {};
  const frozen = new Set(Object.keys(fixed).map((name) => FEATURES.indexOf(name as (typeof FEATURES)[number])));
  const initial = Float64Array.from(FEATURES, (name) => fixed[name] ?? 0);
  const pairs: { x: Float64Array; weight: number }[] = [];
  for (const examples of questions) {
    const positives = examples.filter((e) => e.label === 1);
    const negatives = examples.filter((e) => e.label === 0);
    for (const p of positives) {
      for (const n of negatives) pairs.push({ x: p.features.map((value, d) => value - n.features[d]!), weight: 1 / (positives.length * negatives.length) });
    }
  }
  const w = adam(
    dims,
    options.steps ?? 1500,
    (w, gradient) => {
      for (const { x, weight } of pairs) {
        let z = 0;
        for (let d = 1; d < dims; d++) z += w[d]! * x[d]!;
        const error = (1 / (1 + Math.exp(-z)) - 1) * weight;
        for (let d = 1; d < dims; d++) gradient[d]! += error * x[d]!;
      }
      for (let d = 1; d < dims; d++) gradient[d] = gradient[d]! / questions.length + l2 * w[d]!;
    },
    initial,
    frozen,
  );
  const ranked = Object.fromEntries(FEATURES.map((name, d) => [name, w[d]!])) as Weights;
  return fitPointwise(questions, { initial: ranked, frozen: FEATURES.filter((name) => name !== 'bias'), steps: 500 });
}

function adam(
  dims: number,
  steps: number,
  computeGradient: (w: Float64Array, gradient: Float64Array) => void,
  initial?: Float64Array,
  frozen = new Set<number>(),
): Float64Array {
  const w = initial ? Float64Array.from(initial) : new Float64Array(dims);
  const m = new Float64Array(dims);
  const v = new Float64Array(dims);
  for (let step = 1; step <= steps; step++) {
    const gradient = new Float64Array(dims);
    computeGradient(w, gradient);
    for (let d = 0; d < dims; d++) {
      if (frozen.has(d)) continue;
      const g = gradient[d]!;
      m[d] = 0.9 * m[d]! + 0.1 * g;
      v[d] = 0.999 * v[d]! + 0.001 * g * g;
      w[d]! -= (0.05 * (m[d]! / (1 - 0.9 ** step))) / (Math.sqrt(v[d]! / (1 - 0.999 ** step)) + 1e-8);
    }
  }
  return w;
}

/**
 * Fits a logistic model of relevance.ts: each question weighs the same, its answering and other
 * candidates half each (so long candidate lists do not drown the few answers), with a little L2 so
 * that weights stay small where the data says little. Full-batch Adam; a few thousand steps suffice.
 * `unanswered` are questions the documentation does not answer: their candidates weigh as a
 * question's non-answers do.
 */
export function fitPointwise(
  questions: Example[][],
  options: { l2?: number; steps?: number; frozen?: string[]; initial?: Weights; unanswered?: Example[][] } = {},
): Weights {
  const l2 = options.l2 ?? 1e-3;
  const dims = FEATURES.length;
  const frozen = new Set((options.frozen ?? []).map((name) => FEATURES.indexOf(name as (typeof FEATURES)[number])));
  const samples: { x: Float64Array; y: number; weight: number }[] = [];
  for (const examples of questions) {
    const positives = examples.filter((e) => e.label === 1).length;
    const negatives = examples.length - positives;
    if (positives === 0 || negatives === 0) continue;
    for (const e of examples) samples.push({ x: e.features, y: e.label, weight: e.label ? 0.5 / positives : 0.5 / negatives });
  }
  for (const examples of options.unanswered ?? []) for (const e of examples) samples.push({ x: e.features, y: 0, weight: 0.5 / examples.length });
  const initial = options.initial ? Float64Array.from(FEATURES, (name) => options.initial![name]) : undefined;
  const w = adam(
    dims,
    options.steps ?? 3000,
    (w, gradient) => {
      for (const { x, y, weight } of samples) {
        let z = 0;
        for (let d = 0; d < dims; d++) z += w[d]! * x[d]!;
        const error = (1 / (1 + Math.exp(-z)) - y) * weight;
        for (let d = 0; d < dims; d++) gradient[d]! += error * x[d]!;
      }
      for (let d = 0; d < dims; d++) gradient[d] = gradient[d]! / (questions.length + (options.unanswered?.length ?? 0)) + (d === 0 ? 0 : l2 * w[d]!);
    },
    initial,
    frozen,
  );
  return Object.fromEntries(FEATURES.map((name, d) => [name, Math.round(w[d]! * 1000) / 1000])) as Weights;
}
