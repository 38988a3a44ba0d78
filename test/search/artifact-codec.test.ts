import { describe, expect, it } from 'vitest';
import { ArtifactError, decodeArtifact, encodeArtifact } from '../../api/search/artifact-codec.ts';

const many = (make: (i: number) => string) => Array.from({ length: 40 }, (_, i) => make(i));

describe('a search artifact', () => {
  it('gives back what was stored: typed arrays, lists of strings of every kind, and plain values', async () => {
    const value = {
      build: '4.test',
      paths: many((i) => `/guides/page-${i}#section-${i}`),
      // Text in any script, emoji, empty strings, and strings that are a separator's neighbours.
      headings: many((i) => ['', 'Démarrage rapide', '快速开始', 'Réglages 🎛️', 'a\nb', `${i}`][i % 6]!),
      // A NUL inside a string, and half a character: kept as they are.
      withNul: many((i) => (i === 7 ? 'a\u0000b' : `word ${i}`)),
      withSurrogate: many((i) => (i === 3 ? 'broken \ud800 half' : `word ${i}`)),
      short: ['one', 'two'],
      nested: [{ terms: many((i) => `term${i}`), weights: new Float32Array([0.5, 1.5]) }],
      docs: new Int32Array([3, 1, 4, 1, 5]),
      empty: new Uint8Array(0),
      count: 12,
    };
    expect(await decodeArtifact(await encodeArtifact(value))).toEqual(value);
  });

  it('is refused when damaged, with a reason', async () => {
    const bytes = await encodeArtifact({ paths: many((i) => `/p${i}`) });
    bytes[bytes.length - 1]! ^= 0xff;
    await expect(decodeArtifact(bytes)).rejects.toThrow(ArtifactError);
    await expect(decodeArtifact(new Uint8Array(10))).rejects.toThrow('not a search artifact');
  });
});
