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

/** Scales a vector to length 1 in place (a zero vector stays zero). */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  if (length > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= length;
  return vector;
}
