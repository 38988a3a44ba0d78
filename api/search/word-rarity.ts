import { wordVectors } from './embedders/word-vector-table.ts';

/**
 * How much a word tells about a question, from how rare it is in general English: the offline word
 * vectors' table lists words in frequency order (GloVe, 6 billion tokens), so a word's row is its
 * frequency rank. "use" or "page" say little; "flowchart" or "canonical" say a lot; words the table
 * does not know (product names, identifiers) count fully.
 */
const COMMON = Math.log(50);
const RARE = Math.log(100_000);
const FLOOR = 0.15;
/** Words this common ("set" of "set up", "use", "page") tell little by themselves; rarer ones tell what is asked. */
export const EVERYDAY_RARITY = 0.3;

export function wordRarity(word: string): number {
  const rank = wordVectors().rows.get(word.toLowerCase());
  if (rank === undefined) return 1;
  return Math.min(1, Math.max(FLOOR, (Math.log(rank + 1) - COMMON) / (RARE - COMMON)));
}
