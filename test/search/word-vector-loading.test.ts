import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { loadWordVectors, wordVectors } from '../../api/search/embedders/word-vector-table.ts';

describe('the word-vector table loaded in the background', () => {
  it('lets other work run while it loads, then serves the same table to every caller', async () => {
    let turns = 0;
    let isLoaded = false;
    const loading = loadWordVectors().then((table) => {
      isLoaded = true;
      return table;
    });
    // Work queued meanwhile (a request's) runs between the slices, not after the whole table.
    while (!isLoaded) {
      await setImmediate();
      turns++;
    }
    const table = await loading;
    expect(turns).toBeGreaterThan(5);
    expect(wordVectors()).toBe(table);
    expect(await loadWordVectors()).toBe(table);
    expect(table.rows.size).toBeGreaterThan(100_000);
    const row = table.rows.get('deployment');
    expect(row).toBeDefined();
    const vector = table.vectors.subarray(row! * table.dimensions, (row! + 1) * table.dimensions);
    expect(vector.some((value) => value !== 0)).toBe(true);
  });
});
