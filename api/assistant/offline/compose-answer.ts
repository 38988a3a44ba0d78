import type { Analyzer } from '../../search/analyzer.ts';
import { toBlocks, type Block } from './passage.ts';
import type { RetrievedChunk } from './prompt-turn.ts';
import { coverage, termSet, type QuestionTerms } from './relevance.ts';
import { renderAnswer, wordCount } from './render-answer.ts';

/** A retrieved chunk cut into blocks, each with how much of the question it covers. */
export interface ScoredChunk {
  chunk: RetrievedChunk;
  rank: number;
  blocks: ScoredBlock[];
  /** How well the chunk answers the question, from its words alone (0 to 1). */
  relevance: number;
  /** Relevance plus the search's own ranking, which also weighs meaning: the order to use chunks in. */
  score: number;
}

export interface ScoredBlock extends Block {
  cover: number;
  words: number;
}

/** The answer's text and the pages it cites, in order. */
export interface Answer {
  text: string;
  cited: string[];
}

/** Answers stay around this many words (the ceiling is about 300). */
const WORD_BUDGET = 230;
/** A section this short is quoted whole: it is already one small answer. */
const SMALL_SECTION = 70;
/** A paragraph this short is kept whole around its best sentence. */
const SMALL_PARAGRAPH = 60;
/** Blocks this close to the best block's coverage join it. */
const KEEP_RATIO = 0.6;
const MAX_SEEDS = 2;
const MAX_CHUNKS = 3;
const MAX_PAGES = 3;
/** Another chunk joins the answer when it is nearly as relevant as the best one. */
const SECOND_RATIO = 0.8;
/** How much the search's rank adds to a chunk's own relevance. */
const RANK_PRIOR = 0.3;

export function scoreChunks(analyzer: Analyzer, question: QuestionTerms, retrieved: RetrievedChunk[]): ScoredChunk[] {
  return retrieved.map((chunk, rank) => {
    const head = termSet(analyzer, `${chunk.title} ${anchorWords(chunk.path)}`);
    const all = new Set(head);
    let focus = 0;
    const blocks = toBlocks(chunk.content).map((block) => {
      const terms = termSet(analyzer, block.text);
      for (const term of terms) all.add(term);
      focus = Math.max(focus, coverage(question, new Set([...terms, ...head])));
      return { ...block, cover: coverage(question, terms), words: wordCount(block.text) };
    });
    const relevance = 0.6 * focus + 0.4 * coverage(question, all);
    return { chunk, rank, blocks, relevance, score: relevance + RANK_PRIOR * (1 - rank / retrieved.length) };
  });
}

/** Picks the blocks that answer the question from the best chunks, within the word budget. */
export function composeAnswer(scored: ScoredChunk[]): Answer {
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.rank - b.rank);
  const best = ranked[0]!;
  const picks = new Map<ScoredChunk, Set<number>>();
  const pages = new Set<string>();
  let words = 0;
  for (const candidate of ranked) {
    if (picks.size >= MAX_CHUNKS || (picks.size > 0 && candidate.relevance < SECOND_RATIO * best.relevance)) break;
    const page = pageOf(candidate.chunk.path);
    if (!pages.has(page) && pages.size >= MAX_PAGES) continue;
    const chosen = pickBlocks(candidate, picks.size === 0 ? MAX_SEEDS : 1, WORD_BUDGET - words);
    if (chosen.size === 0) continue;
    picks.set(candidate, chosen);
    pages.add(page);
    words += sumWords(candidate, chosen);
  }
  const groups = [...picks].map(([chunk, positions]) => ({ chunk: chunk.chunk, blocks: chunk.blocks.filter((block) => positions.has(block.position)) }));
  return { text: renderAnswer(groups), cited: [...new Set(groups.map((group) => pageOf(group.chunk.path)))] };
}

/** The best blocks of a chunk, each with the sentences and code it cannot stand without, within `budget` words. */
function pickBlocks(scored: ScoredChunk, maxSeeds: number, budget: number): Set<number> {
  const { blocks } = scored;
  const total = blocks.reduce((sum, block) => sum + block.words, 0);
  if (total <= Math.min(SMALL_SECTION, budget)) return new Set(blocks.map((block) => block.position));
  const byCover = blocks.filter((block) => block.cover > 0).sort((a, b) => b.cover - a.cover || a.position - b.position);
  const chosen = new Set<number>();
  let words = 0;
  for (const block of byCover.slice(0, maxSeeds)) {
    if (block.cover < KEEP_RATIO * byCover[0]!.cover) break;
    const group = withCompanions(blocks, block).filter((member) => !chosen.has(member.position));
    const extra = group.reduce((sum, member) => sum + member.words, 0);
    if (words + extra > budget) continue;
    for (const member of group) chosen.add(member.position);
    words += extra;
  }
  return chosen;
}

/** A block with its short paragraph, the sentence introducing it, or the code or list it introduces. */
function withCompanions(blocks: ScoredBlock[], block: ScoredBlock): ScoredBlock[] {
  const paragraph = blocks.filter((other) => other.paragraph === block.paragraph);
  const group = paragraph.reduce((sum, member) => sum + member.words, 0) <= SMALL_PARAGRAPH ? paragraph : [block];
  const first = group[0]!;
  const last = group[group.length - 1]!;
  const previous = blocks[first.position - 1];
  const next = blocks[last.position + 1];
  if (first.kind !== 'sentence' && previous?.isIntro) group.unshift(previous);
  if (last.isIntro && next && next.kind !== 'sentence') group.push(next);
  return group;
}

function sumWords(scored: ScoredChunk, positions: Set<number>): number {
  return scored.blocks.filter((block) => positions.has(block.position)).reduce((sum, block) => sum + block.words, 0);
}

/** "/cli/preview#custom-ports" -> "custom ports": the section heading, as far as the path tells. */
function anchorWords(path: string): string {
  return (path.split('#')[1] ?? '').replace(/[-_]+/g, ' ');
}

function pageOf(path: string): string {
  return path.split('#')[0]!;
}
