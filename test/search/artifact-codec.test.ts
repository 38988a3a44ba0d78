import { describe, expect, it } from 'vitest';
import { ArtifactError, decodeArtifact, encodeArtifact } from '../../api/search/artifact-codec.ts';
import { stringColumn } from '../../api/search/string-column.ts';

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
      column: stringColumn(many((i) => ['api', 'Démarrage', '快速', '🎛️', '', 'a"b\\c'][i % 6]!)),
      // Long strings: Latin-1 only, and wider (with half a character), alone and in a list.
      latin: `${'Démarrage rapide '.repeat(40)}\u0000\u00ff`,
      wide: `${'快速开始 🎛️ '.repeat(60)}\ud800`,
      mixed: ['short', 'x'.repeat(300), 3],
      nested: [{ terms: many((i) => `term${i}`), weights: new Float32Array([0.5, 1.5]) }],
      docs: new Int32Array([3, 1, 4, 1, 5]),
      weights: new Float64Array([0.1, 1 / 3]),
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

  it('is refused, not misread, when a length in its prefix is wrong', async () => {
    const good = await encodeArtifact({ paths: many((i) => `/p${i}`) });
    const payloadLength = Buffer.from(good).readUInt32LE(16);
    for (const [at, length] of [
      [16, payloadLength + 1],
      [16, payloadLength - 1],
      [12, payloadLength + 100],
      [12, 3],
    ] as const) {
      const bytes = Buffer.from(good);
      bytes.writeUInt32LE(length, at);
      await expect(decodeArtifact(bytes)).rejects.toThrow(ArtifactError);
    }
  });
});
