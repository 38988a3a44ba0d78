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

/** The dot product of the `dimensions` numbers of `a` from `aOffset` with those of `b` from `bOffset` (vectors stored row after row). */
export function dotAt(a: Float32Array, aOffset: number, b: Float32Array, bOffset: number, dimensions: number): number {
  let dot = 0;
  for (let d = 0; d < dimensions; d++) dot += a[aOffset + d]! * b[bOffset + d]!;
  return dot;
}

/** Scales a vector to length 1 in place (a zero vector stays zero). */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  if (length > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= length;
  return vector;
}
