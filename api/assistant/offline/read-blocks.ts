import type { Analyzer } from '../../search/analyzer.ts';
import { toBlocks, type Block } from './passage.ts';
import { termSet } from './relevance.ts';
import { wordCount } from './render-answer.ts';

/** A passage's block with its index terms and length: what the question is weighed against. */
export interface ReadBlock extends Block {
  terms: ReadonlySet<string>;
  words: number;
}

/** Passages kept read: the pages people ask about come back (about 10 KB each, so about 20 MB in all). */
const KEPT_PASSAGES = 2048;
const kept = new Map<string, readonly ReadBlock[]>();

/**
 * A passage cut into blocks, each with its terms, as `analyzer` makes them. Cutting and stemming are
 * most of an answer's time, and a passage always reads the same, so the most recently read are kept.
 */
export function readBlocks(analyzer: Analyzer, content: string): readonly ReadBlock[] {
  const key = `${analyzer.language}\u0000${content}`;
  let blocks = kept.get(key);
  if (blocks) {
    kept.delete(key);
  } else {
    blocks = toBlocks(content).map((block) => ({ ...block, terms: termSet(analyzer, block.text), words: wordCount(block.text) }));
    if (kept.size >= KEPT_PASSAGES) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, blocks);
  return blocks;
}
