import { dotAt } from './embedders/embedder.ts';
import { TopK, type Hit } from './top-k.ts';

/** Below this many vectors an exact scan is cheap enough that signatures would not pay for themselves. */
const EXACT_SCAN_LIMIT = 20_000;
/** Bits of each vector's random-hyperplane signature (four 32-bit words). */
const SIGNATURE_WORDS = 4;
const SIGNATURE_BITS = SIGNATURE_WORDS * 32;
/** Above the exact-scan limit, this share of the vectors (the nearest by signature) is scored exactly. */
const SHORTLIST_SHARE = 0.04;
const MIN_SHORTLIST = 2_000;

export interface VectorIndexState {
  dimensions: number;
  vectors: Float32Array;
  signatures?: Uint32Array;
}

/**
 * Unit vectors packed in one Float32Array, searched by dot product (cosine similarity). Small
 * partitions are scanned exactly. Large ones first compare 128-bit random-hyperplane signatures
 * (SimHash: the Hamming distance of two signatures estimates the angle between their vectors), then
 * score exactly only the nearest few percent: about ten times less work at 100k vectors.
 */
export class VectorIndex {
  readonly size: number;
  readonly #planes: Float32Array | undefined;
  readonly #signatures: Uint32Array | undefined;

  /** `signatures`: as toState() gave them (a search artifact), else computed for a large index. */
  constructor(
    readonly dimensions: number,
    private readonly vectors: Float32Array,
    signatures?: Uint32Array,
  ) {
    this.size = vectors.length / dimensions;
    if (this.size > EXACT_SCAN_LIMIT) {
      this.#planes = randomPlanes(dimensions, 0x9e3779b9);
      this.#signatures = signatures ?? new Uint32Array(this.size * SIGNATURE_WORDS);
      for (let doc = 0; !signatures && doc < this.size; doc++) {
        signInto(this.#signatures, doc * SIGNATURE_WORDS, vectors, doc * dimensions, dimensions, this.#planes);
      }
    }
  }

  /** The index as plain data, for a search artifact. */
  toState(): VectorIndexState {
    return { dimensions: this.dimensions, vectors: this.vectors, ...(this.#signatures ? { signatures: this.#signatures } : {}) };
  }

  static fromState(state: VectorIndexState): VectorIndex {
    return new VectorIndex(state.dimensions, state.vectors, state.signatures);
  }

  /** The `limit` documents nearest the query, of those `accepts` accepts (all without it). */
  search(query: Float32Array, limit: number, accepts?: (doc: number) => boolean): Hit[] {
    const top = new TopK(limit);
    const { vectors, dimensions } = this;
    if (this.#signatures) {
      for (const doc of this.shortlist(query)) {
        if (accepts && !accepts(doc)) continue;
        const dot = dotAt(vectors, doc * dimensions, query, 0, dimensions);
        if (dot > 0) top.offer(doc, dot);
      }
    } else {
      // Every vector: the loop that takes most of a search's time, kept free of the shortlist's indirection.
      for (let doc = 0; doc < this.size; doc++) {
        const dot = dotAt(vectors, doc * dimensions, query, 0, dimensions);
        if (dot > 0 && (!accepts || accepts(doc))) top.offer(doc, dot);
      }
    }
    return top.sorted();
  }

  /** A copy of one document's vector. */
  vectorAt(doc: number): Float32Array {
    return this.vectors.slice(doc * this.dimensions, (doc + 1) * this.dimensions);
  }

  /** Cosine similarity of one document with the (unit) query. */
  similarity(doc: number, query: Float32Array): number {
    return dotAt(this.vectors, doc * this.dimensions, query, 0, this.dimensions);
  }

  /** The documents whose signatures are nearest the query's, found with a counting sort on distance. */
  private shortlist(query: Float32Array): Int32Array {
    const signatures = this.#signatures!;
    const signature = new Uint32Array(SIGNATURE_WORDS);
    signInto(signature, 0, query, 0, this.dimensions, this.#planes!);
    const distances = new Uint8Array(this.size);
    const histogram = new Int32Array(SIGNATURE_BITS + 1);
    for (let doc = 0; doc < this.size; doc++) {
      let distance = 0;
      for (let w = 0; w < SIGNATURE_WORDS; w++) distance += popcount(signatures[doc * SIGNATURE_WORDS + w]! ^ signature[w]!);
      distances[doc] = distance;
      histogram[distance]!++;
    }
    const wanted = Math.max(MIN_SHORTLIST, Math.ceil(this.size * SHORTLIST_SHARE));
    let cutoff = 0;
    for (let seen = 0; cutoff <= SIGNATURE_BITS && seen < wanted; cutoff++) seen += histogram[cutoff]!;
    const out: number[] = [];
    for (let doc = 0; doc < this.size; doc++) if (distances[doc]! < cutoff) out.push(doc);
    return Int32Array.from(out);
  }
}

function signInto(target: Uint32Array, at: number, vectors: Float32Array, offset: number, dimensions: number, planes: Float32Array): void {
  for (let w = 0; w < SIGNATURE_WORDS; w++) {
    let word = 0;
    for (let bit = 0; bit < 32; bit++) {
      if (dotAt(vectors, offset, planes, (w * 32 + bit) * dimensions, dimensions) >= 0) word |= 1 << bit;
    }
    target[at + w] = word >>> 0;
  }
}

/** Gaussian random hyperplanes from a fixed seed, so every process builds the same signatures. */
function randomPlanes(dimensions: number, seed: number): Float32Array {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const planes = new Float32Array(SIGNATURE_BITS * dimensions);
  for (let i = 0; i < planes.length; i++) planes[i] = Math.sqrt(-2 * Math.log(uniform() + 1e-12)) * Math.cos(2 * Math.PI * uniform());
  return planes;
}

function popcount(value: number): number {
  value -= (value >>> 1) & 0x55555555;
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
