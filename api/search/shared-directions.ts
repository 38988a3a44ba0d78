import { dotAt, normalise } from './embedders/embedder.ts';

/**
 * Documentation shares strong common directions ("docs", "configure", ...) that make every chunk look
 * alike in averaged word vectors: removing the mean and the first principal component (as SIF does)
 * lets what differs decide. Fitted on a partition's vectors, applied to them and to each query alike.
 */
export class SharedDirections {
  private constructor(
    readonly mean: Float32Array,
    readonly common: Float32Array,
  ) {}

  static fromState(state: { mean: Float32Array; common: Float32Array }): SharedDirections {
    return new SharedDirections(state.mean, state.common);
  }

  /** Fits on `count` packed vectors and removes the shared directions from them in place (unit length after). */
  static fitAndApply(packed: Float32Array, dimensions: number): SharedDirections {
    const count = packed.length / dimensions;
    const mean = new Float32Array(dimensions);
    for (let i = 0; i < packed.length; i++) mean[i % dimensions]! += packed[i]! / count;
    for (let row = 0; row < count; row++) centredInPlace(packed.subarray(row * dimensions, (row + 1) * dimensions), mean);
    const common = principalComponent(packed, dimensions);
    for (let row = 0; row < count; row++) normalise(withoutComponent(packed.subarray(row * dimensions, (row + 1) * dimensions), common));
    return new SharedDirections(mean, common);
  }

  /** A copy of the vector with the shared directions removed, unit length (a query, or a page's mean). */
  apply(vector: Float32Array): Float32Array {
    if (vector.length !== this.mean.length) return vector;
    return normalise(withoutComponent(centredInPlace(Float32Array.from(vector), this.mean), this.common));
  }
}

/** The direction of greatest variance (power iteration): after the mean, what all vectors share most. */
function principalComponent(vectors: Float32Array, dimensions: number): Float32Array {
  let direction = normalise(Float32Array.from({ length: dimensions }, (_, d) => 1 / (d + 1)));
  for (let iteration = 0; iteration < 15; iteration++) {
    const next = new Float32Array(dimensions);
    for (let offset = 0; offset < vectors.length; offset += dimensions) {
      const dot = dotAt(vectors, offset, direction, 0, dimensions);
      for (let d = 0; d < dimensions; d++) next[d]! += dot * vectors[offset + d]!;
    }
    direction = normalise(next);
  }
  return direction;
}

function withoutComponent(vector: Float32Array, component: Float32Array): Float32Array {
  const dot = dotAt(vector, 0, component, 0, vector.length);
  for (let d = 0; d < vector.length; d++) vector[d]! -= dot * component[d]!;
  return vector;
}

function centredInPlace(vector: Float32Array, mean: Float32Array): Float32Array {
  for (let d = 0; d < vector.length; d++) vector[d]! -= mean[d]!;
  return vector;
}
