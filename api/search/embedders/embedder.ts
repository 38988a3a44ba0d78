/**
 * Turns texts into unit vectors for semantic search. `id` names the model: vectors of different
 * embedders are stored apart and never compared with each other.
 */
export interface Embedder {
  readonly id: string;
  /** Language codes the model understands; undefined means all. Other languages search by keyword only. */
  readonly languages?: readonly string[];
  embed(texts: string[]): Promise<Float32Array[]>;
}

/**
 * The dot product of the `dimensions` numbers of `a` from `aOffset` with those of `b` from `bOffset`
 * (vectors stored row after row). Four running sums, so that the additions need not wait for each
 * other (a vector search scans every vector of a partition with it).
 */
export function dotAt(a: Float32Array, aOffset: number, b: Float32Array, bOffset: number, dimensions: number): number {
  let first = 0;
  let second = 0;
  let third = 0;
  let fourth = 0;
  let d = 0;
  for (const fours = dimensions - (dimensions % 4); d < fours; d += 4) {
    first += a[aOffset + d]! * b[bOffset + d]!;
    second += a[aOffset + d + 1]! * b[bOffset + d + 1]!;
    third += a[aOffset + d + 2]! * b[bOffset + d + 2]!;
    fourth += a[aOffset + d + 3]! * b[bOffset + d + 3]!;
  }
  for (; d < dimensions; d++) first += a[aOffset + d]! * b[bOffset + d]!;
  return first + second + third + fourth;
}

/** Scales a vector to length 1 in place (a zero vector stays zero). */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  if (length > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= length;
  return vector;
}
