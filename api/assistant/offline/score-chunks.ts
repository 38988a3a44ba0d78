import type { Analyzer } from '../../search/analyzer.ts';
import type { ReadChunk } from './open-pages.ts';
import { isTableRow } from './passage.ts';
import type { RetrievedChunk } from './prompt-turn.ts';
import { readBlocks, type ReadBlock } from './read-blocks.ts';
import { coverage, termSet, type QuestionTerms } from './relevance.ts';

/** A retrieved chunk cut into blocks, each with how much of the question it covers. */
export interface ScoredChunk {
  chunk: RetrievedChunk;
  rank: number;
  blocks: ScoredBlock[];
  /** How well the chunk answers the question, from its words alone (0 to 1). */
  relevance: number;
  /** The same with its page summary's words: whether the docs answer the question at all (0 to 1). */
  support: number;
  /** Support plus the search's own score and rank, which also weigh meaning: the order to use chunks in. */
  score: number;
}

export interface ScoredBlock extends ReadBlock {
  /** The share of the question's weight the block holds, its words weighted to tell the chunk's blocks apart. */
  cover: number;
  /** A block of the text after the chunk in its section: a quote may read on into it, but not start there. */
  isReadOn?: boolean;
}

/** How much the search's rank adds to a chunk's own relevance. */
const RANK_PRIOR = 0.2;
/** How much the search's own score (which also weighs meaning, calibrated across queries) adds. */
const SEARCH_PRIOR = 1;
/** Blocks up to this long are not discounted for their length. */
const DENSE_WORDS = 40;

/**
 * How well each retrieved chunk answers the question: the best block read under its page title and
 * heading ("focus") and the whole chunk ("cover"), from the question's words alone; then, for the
 * order to use chunks in, the page summary's words and the search's own score and rank (which weigh meaning).
 * `unshown` are the retrieved pages' other sections (open-pages.ts), scored after the results. A chunk's
 * text after it in its section (`textAfter`) is read on into, but weighs in none of its scores.
 */
export function scoreChunks(analyzer: Analyzer, question: QuestionTerms, retrieved: ReadChunk[], unshown: ReadChunk[] = []): ScoredChunk[] {
  // A page's sections share its title and summary: each is read once.
  const pageTerms = new Map<string, Set<string>>();
  const termsOf = (text: string) => pageTerms.get(text) ?? pageTerms.set(text, termSet(analyzer, text)).get(text)!;
  return [...retrieved, ...unshown].map((chunk, rank) => {
    // The page's title and the section's heading say what the chunk is about.
    const head = new Set([...termsOf(chunk.title), ...termSet(analyzer, anchorWords(chunk.path))]);
    // The page's summary says it in other words, but about the whole page: it tells whether the docs
    // answer the question and which chunk to start from, not which other chunks belong in the answer.
    const summary = termsOf(chunk.description);
    const cut = readBlocks(analyzer, chunk.content);
    const local = withinChunkWeights(question, cut);
    const blocks = cut.map((block) => ({ ...block, cover: coverage(local, block.terms) }));
    const readOn = blocksAfter(blocks, chunk.textAfter === undefined ? [] : readBlocks(analyzer, chunk.textAfter)).map((block) => ({
      ...block,
      cover: coverage(local, block.terms),
    }));
    const relevanceWith = (context: Set<string>) => {
      const all = new Set(context);
      let focus = 0;
      for (const block of blocks) {
        for (const term of block.terms) all.add(term);
        focus = Math.max(focus, coverage(question, block.terms, context) * lengthDiscount(block.words));
      }
      return 0.6 * focus + 0.4 * coverage(question, all);
    };
    const relevance = relevanceWith(head);
    const support = relevanceWith(new Set([...head, ...summary]));
    // Sections search did not show come after all it did.
    const score = support + RANK_PRIOR * Math.max(0, 1 - rank / retrieved.length) + SEARCH_PRIOR * chunk.score;
    return { chunk, rank, blocks: [...blocks, ...readOn], relevance, support, score };
  });
}

/**
 * The blocks of the text after a chunk, numbered on from the chunk's own. A table cut between chunks
 * starts the next one with its header again (deploy/chunk.ts): read on, the header is said once.
 */
function blocksAfter(blocks: readonly ReadBlock[], after: readonly ReadBlock[]): (ReadBlock & { isReadOn: true })[] {
  const goesOnTable = isTableRow(blocks.at(-1)) && isTableRow(after[0]);
  const paragraph = blocks.at(-1)?.paragraph ?? 0;
  return after
    .slice(goesOnTable ? 1 : 0)
    .map((block, i) => ({ ...block, position: blocks.length + i, paragraph: paragraph + block.paragraph, isReadOn: true }));
}

/**
 * The question's weights for telling a chunk's blocks apart: a word most of them say (the section's
 * subject, "Okta" all through the Okta steps) counts less than one only a few say ("catalog").
 */
function withinChunkWeights(question: QuestionTerms, blocks: readonly ReadBlock[]): QuestionTerms {
  const weights: QuestionTerms = new Map();
  for (const [term, weight] of question) {
    const holders = blocks.filter((block) => block.terms.has(term)).length;
    weights.set(term, weight * Math.log(1 + blocks.length / Math.max(holders, 1)));
  }
  return weights;
}

/** Coverage, discounted for long blocks. */
export function density(block: ScoredBlock): number {
  return block.cover * lengthDiscount(block.words);
}

/** A long block covers many of the question's words by its length alone. */
function lengthDiscount(words: number): number {
  return Math.min(1, DENSE_WORDS / Math.max(words, 1)) ** 0.25;
}

/** "/cli/preview#custom-ports" -> "custom ports": the section heading, as far as the path tells. */
function anchorWords(path: string): string {
  return (path.split('#')[1] ?? '').replace(/[-_]+/g, ' ');
}
