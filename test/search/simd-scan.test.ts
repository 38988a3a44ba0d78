import { describe, expect, it } from 'vitest';
import { decodeArtifact, encodeArtifact } from '../../api/search/artifact-codec.ts';
import { normalise } from '../../api/search/embedders/embedder.ts';
import { wordVectors } from '../../api/search/embedders/word-vector-table.ts';
import { CorpusVocabulary } from '../../api/search/query-expansion.ts';
import { bufferForVectors, SCAN_BLOCK, SimdScanner } from '../../api/search/simd-scan.ts';
import { VectorIndex } from '../../api/search/vector-index.ts';

/** Unit vectors from a fixed seed, in a buffer of the caller's choice. */
function unitVectors(count: number, dimensions: number, seed: number, buffer = new ArrayBuffer(count * dimensions * 4)): Float32Array {
  const vectors = new Float32Array(buffer, 0, count * dimensions);
  let state = seed;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
  for (let doc = 0; doc < count; doc++) {
    const vector = vectors.subarray(doc * dimensions, (doc + 1) * dimensions);
    for (let d = 0; d < dimensions; d++) vector[d] = random();
    normalise(vector);
  }
  return vectors;
}

const dot = (a: Float32Array, at: number, b: Float32Array) => b.reduce((sum, value, d) => sum + value * a[at + d]!, 0);

describe('the SIMD vector scan', () => {
  it('scores every vector as the plain dot product does, across blocks', () => {
    const [count, dimensions] = [SCAN_BLOCK + 1500, 12];
    const vectors = unitVectors(count, dimensions, 7, bufferForVectors(count * dimensions * 4, count * dimensions));
    const query = unitVectors(1, dimensions, 99);
    const scanner = SimdScanner.of(vectors, dimensions)!;
    expect(scanner).toBeDefined();
    scanner.setQuery(query);
    const first = Array.from(scanner.scores(0, SCAN_BLOCK));
    const rest = Array.from(scanner.scores(SCAN_BLOCK, count - SCAN_BLOCK));
    const expected = Array.from({ length: count }, (_, doc) => dot(vectors, doc * dimensions, query));
    const largestError = [...first, ...rest].reduce((most, score, doc) => Math.max(most, Math.abs(score - expected[doc]!)), 0);
    expect(largestError).toBeLessThan(1e-5);
  });

  it('is used only where it pays and can: many vectors, a dimension count that is a multiple of four', () => {
    const few = unitVectors(100, 100, 1, bufferForVectors(100 * 100 * 4, 100 * 100));
    expect(SimdScanner.of(few, 100)).toBeUndefined();
    const odd = unitVectors(1000, 99, 1, bufferForVectors(1000 * 99 * 4, 1000 * 99));
    expect(SimdScanner.of(odd, 99)).toBeUndefined();
    expect(SimdScanner.of(unitVectors(1000, 100, 1), 100)).toBeUndefined();
  });

  it('finds the same nearest vectors with the same scores as the JavaScript scan, from an index and from its artifact', async () => {
    const [count, dimensions] = [3000, 100];
    const plain = new VectorIndex(dimensions, unitVectors(count, dimensions, 3));
    const scanned = new VectorIndex(dimensions, unitVectors(count, dimensions, 3, bufferForVectors(count * dimensions * 4, count * dimensions)));
    const restored = VectorIndex.fromState((await decodeArtifact(await encodeArtifact(scanned.toState()))) as ReturnType<VectorIndex['toState']>);
    for (const seed of [11, 12, 13, 14]) {
      const query = unitVectors(1, dimensions, seed);
      const expected = plain.search(query, 40);
      expect(expected).toHaveLength(40);
      expect(scanned.search(query, 40)).toEqual(expected);
      expect(restored.search(query, 40)).toEqual(expected);
    }
    expect(SimdScanner.of(restored.toState().vectors, dimensions)).toBeDefined();
  });
});

describe('query expansion over a site vocabulary scanned in SIMD', () => {
  it('finds the same related words, with the same similarities, as the plain scan', () => {
    // The 5,000 most frequent words of the word vectors, as a site's own words (each its own stem).
    const table = wordVectors();
    const words = new Map(
      [...table.rows.keys()]
        .filter((word) => /^\p{L}{3,}$/u.test(word))
        .slice(0, 5000)
        .map((word) => [word, word]),
    );
    const scanned = CorpusVocabulary.build(words)!;
    const state = scanned.toState();
    expect(SimdScanner.of(state.vectors, table.dimensions)).toBeDefined();
    const plain = CorpusVocabulary.fromState({ stems: state.stems, vectors: new Float32Array(state.vectors) });
    for (const word of ['typeface', 'font', 'deploy', 'colour', 'search', 'password', 'analytics']) {
      const found = scanned.neighbours(word);
      expect(found.length, word).toBeGreaterThan(0);
      expect(found, word).toEqual(plain.neighbours(word));
    }
  });
});
