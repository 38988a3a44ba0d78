import { fold } from '../analyzer.ts';
import { normalise, type Embedder } from './embedder.ts';
import { wordVectors } from './word-vector-table.ts';

/** Smooth inverse frequency (Arora et al.): frequent words weigh little, rare ones fully. */
const SIF_A = 1e-3;
const MAX_WORDS = 150;

/**
 * The offline default: a text's vector is the SIF-weighted average of its words' GloVe vectors.
 * Real semantic similarity (synonyms and paraphrases land near each other) with no network and no
 * model download; English vocabulary, so other languages lean on keyword search.
 */
export class WordVectorEmbedder implements Embedder {
  readonly id = 'glove-100d-sif-v2';
  readonly languages = ['en'];

  async embed(texts: string[]): Promise<Float32Array[]> {
    const table = wordVectors();
    const harmonic = Math.log(table.rows.size) + 0.5772;
    return texts.map((text) => {
      const vector = new Float32Array(table.dimensions);
      let words = 0;
      for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
        for (const word of splitCamel(match[0])) {
          const row = table.rows.get(fold(word));
          if (row === undefined) continue;
          const probability = 1 / ((row + 1) * harmonic);
          const weight = SIF_A / (SIF_A + probability);
          const offset = row * table.dimensions;
          for (let d = 0; d < table.dimensions; d++) vector[d]! += weight * table.vectors[offset + d]!;
          if (++words >= MAX_WORDS) break;
        }
        if (words >= MAX_WORDS) break;
      }
      return normalise(vector);
    });
  }
}

function splitCamel(token: string): string[] {
  return token.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').split(' ');
}
