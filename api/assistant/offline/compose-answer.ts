import { routeOfResultPath } from '../../search/search-docs.ts';
import { isTableRow, tableEndOf, tableHeaderOf } from './passage.ts';
import { density, type ScoredBlock, type ScoredChunk } from './score-chunks.ts';
import type { QuestionTerms } from './relevance.ts';
import { renderAnswer } from './render-answer.ts';

/** Answers stay under this many words (the ceiling is about 300). */
const WORD_BUDGET = 260;
/** Words quoted from the best chunk, and from each further one. */
const READ_BUDGET = 150;
const MORE_BUDGET = 80;
/** A bullet list this long is quoted whole; a longer one keeps the items the question is about. */
const SHORT_LIST = 6;
/** A table with this many rows under its header is quoted whole; a longer one keeps the rows the question is about. */
const SHORT_TABLE = 6;
/**
 * A seed this few words from the top of its section is quoted from the top; so is one this few blocks
 * and at most NEAR_TOP_WORDS words down ("Use mint export to package your site…" before "…useful for
 * air-gapped environments"), but not one deep in a list of entries.
 */
const NEAR_TOP = 30;
const NEAR_TOP_BLOCKS = 4;
const NEAR_TOP_WORDS = 60;
/** A section this short is quoted whole: it is already one small answer. */
const SMALL_SECTION = 70;
/** A paragraph this short is kept whole around its best sentence. */
const SMALL_PARAGRAPH = 60;
/** A second quote from the best chunk starts at a block this close to the best block's coverage. */
const KEEP_RATIO = 0.8;
const MAX_SEEDS = 2;
/** At most this many chunks are quoted (so at most three pages cited). */
const MAX_CHUNKS = 3;
/**
 * A further chunk must hold this much of the question by itself: a little under the bar an answer must
 * pass (answer-question.ts), since a second page often answers the part the first leaves out.
 */
const FURTHER_RELEVANCE = 0.35;
/** A further quote sharing this much of its vocabulary with the quotes so far repeats them. */
const REPEAT_SHARE = 0.6;
/** Under this many words, an answer takes a further good chunk even if it repeats what the question asked. */
const SHORT_ANSWER = 60;
/**
 * Another chunk may join the answer when it scores at least this share of the best one's score (0.6 had
 * left out many a page that answered).
 */
const SECOND_RATIO = 0.4;

/**
 * The answer's Markdown: a quote of the best chunk, then of up to two more that score well enough,
 * answer the question by themselves, do not repeat what is quoted or what the conversation's earlier
 * answers said (`earlierAnswers`, their terms), and say something the question asked that the quotes
 * so far do not (or anything, while the answer is still short). Another section of the best chunk's
 * page needs neither score nor relevance, only to say such a thing.
 */
export function composeAnswer(question: QuestionTerms, scored: ScoredChunk[], earlierAnswers: ReadonlySet<string> = new Set()): string {
  // A chunk whose own text says none of the question's words (only its page's summary does), or says them
  // only in a list of names (the cards of an overview page), does not lead.
  const ranked = [...scored].sort((a, b) => Number(canLead(b)) - Number(canLead(a)) || b.score - a.score || a.rank - b.rank);
  const best = ranked[0]!;
  const picks = new Map<ScoredChunk, Set<number>>();
  const covered = new Set<string>();
  const said = new Set<string>();
  let words = 0;
  let hasCode = false;
  for (const candidate of ranked) {
    if (picks.size >= MAX_CHUNKS) break;
    // Another page that answers as fully as the best one is another answer ("x-hidden" for API pages,
    // "hidden: true" for any page); right after the first quote, however little of a long question both hold.
    const isRival = candidate.relevance >= best.relevance && routeOfResultPath(candidate.chunk.path) !== routeOfResultPath(best.chunk.path);
    const isWeak = candidate.score < SECOND_RATIO * best.score || (candidate.relevance < FURTHER_RELEVANCE && !(isRival && picks.size === 1));
    // Another section of the best page may tell what its best section leaves out ("Files must be less than 20 MB").
    if (picks.size > 0 && isWeak && routeOfResultPath(candidate.chunk.path) !== routeOfResultPath(best.chunk.path)) continue;
    const isFirst = picks.size === 0;
    const chosen = readChunk(candidate, Math.min(isFirst ? READ_BUDGET : MORE_BUDGET, WORD_BUDGET - words), WORD_BUDGET - words, isFirst ? MAX_SEEDS : 1);
    const quoted = candidate.blocks.filter((block) => chosen.has(block.position));
    const terms = new Set(quoted.flatMap((block) => [...block.terms]));
    // The page's example (the docs.json lines, the command) is news to a quote that only describes it.
    const isExample =
      !hasCode &&
      routeOfResultPath(candidate.chunk.path) === routeOfResultPath(best.chunk.path) &&
      quoted.some((block) => block.kind === 'code' && block.cover > 0);
    const isNews = isExample || isRival || [...terms].some((term) => question.has(term) && !covered.has(term));
    // The same settings told twice (a guide and its reference page) are said once.
    // So is what an earlier answer of the conversation said.
    const isRepeat = [said, earlierAnswers].some((told) => [...terms].filter((term) => told.has(term)).length >= REPEAT_SHARE * terms.size);
    if (quoted.length === 0 || (!isFirst && (isRepeat || ((isWeak || words >= SHORT_ANSWER) && !isNews)))) continue;
    picks.set(candidate, chosen);
    for (const term of terms) {
      said.add(term);
      if (question.has(term)) covered.add(term);
    }
    words += quoted.reduce((sum, block) => sum + block.words, 0);
    hasCode ||= quoted.some((block) => block.kind === 'code');
  }
  const groups = [...picks].map(([chunk, positions]) => ({ chunk: chunk.chunk, blocks: chunk.blocks.filter((block) => positions.has(block.position)) }));
  return renderAnswer(groups);
}

/**
 * Quotes a chunk the way a person would: from the block that best matches the question (or the start
 * of its short paragraph, or the sentence introducing it) onwards, through the steps or code that
 * follow, until the text turns to another subject or the budget runs out.
 */
function readChunk(scored: ScoredChunk, budget: number, hardLimit: number, maxSeeds: number): Set<number> {
  const { blocks } = scored;
  const own = blocks.filter((block) => !block.isReadOn);
  const total = own.reduce((sum, block) => sum + block.words, 0);
  if (own.length === blocks.length && total <= Math.min(SMALL_SECTION, budget)) return new Set(blocks.map((block) => block.position));
  // A quote starts in the chunk, and may read on past its cut.
  const seeds = own.filter((block) => block.cover > 0).sort((a, b) => density(b) - density(a) || a.position - b.position);
  const chosen = new Set<number>();
  let words = 0;
  for (const seed of seeds.slice(0, maxSeeds)) {
    if (chosen.has(seed.position) || density(seed) < KEEP_RATIO * density(seeds[0]!)) continue;
    // A table the quote has reached is read to its end, within the answer's limit.
    for (let i = startOf(blocks, seed); i < blocks.length && (words < budget || (isTableRow(blocks[i]) && isTableRow(blocks[i - 1]))); i++) {
      const block = blocks[i]!;
      if (chosen.has(i)) continue;
      const isAfterSeed = i > seed.position;
      if (isAfterSeed && isHeadingLike(block) && block.cover < 0.5 * seed.cover) break;
      // A long list or table keeps the items the question is about.
      if (isAfterSeed && block.kind === 'bullets' && block.cover === 0 && listLength(blocks, block) > SHORT_LIST) continue;
      if (isAfterSeed && isTableRow(block) && block.cover === 0 && tableHeaderOf(blocks, block) !== i && tableLength(blocks, block) > SHORT_TABLE) continue;
      // The budget is soft for the steps, code or table a quote has reached, hard for the answer.
      if (words + block.words > (block.kind === 'sentence' && !isTableRow(block) ? budget : hardLimit)) break;
      chosen.add(i);
      words += block.words;
      // A plain sentence after the seed that adds nothing the question asked ends the quote.
      if (isAfterSeed && block.kind === 'sentence' && block.cover === 0 && !block.isIntro && !isTableRow(block)) break;
    }
  }
  // A table's rows are read under its header ("Permission | Viewer | Editor | Admin").
  for (const position of [...chosen]) {
    const block = blocks[position]!;
    if (!isTableRow(block)) continue;
    const header = tableHeaderOf(blocks, block);
    if (!chosen.has(header)) {
      chosen.add(header);
      words += blocks[header]!.words;
    }
  }
  // "Run the following command:" without the command it announces says nothing.
  for (const position of chosen) if (blocks[position]!.isIntro && !chosen.has(position + 1)) chosen.delete(position);
  return chosen;
}

function canLead(chunk: ScoredChunk): boolean {
  return chunk.relevance > 0 && chunk.blocks.some((block) => block.cover > 0 && !block.isName);
}

function listLength(blocks: ScoredBlock[], item: ScoredBlock): number {
  return blocks.filter((block) => block.paragraph === item.paragraph).length;
}

/** How many rows a table has under its header. */
function tableLength(blocks: ScoredBlock[], row: ScoredBlock): number {
  return tableEndOf(blocks, row.position) - 1 - tableHeaderOf(blocks, row);
}

/**
 * Where a quote around `seed` starts: the top of the section when the seed is near it (a reference
 * entry opens with what it is and its syntax, a feature's section with what it is called), else its
 * short paragraph's first sentence, or the sentence introducing it.
 */
function startOf(blocks: ScoredBlock[], seed: ScoredBlock): number {
  const before = blocks.slice(0, seed.position).reduce((sum, block) => sum + block.words, 0);
  if (before <= NEAR_TOP || (before <= NEAR_TOP_WORDS && seed.position <= NEAR_TOP_BLOCKS)) return 0;
  const paragraph = blocks.filter((block) => block.paragraph === seed.paragraph);
  let start = paragraph.reduce((sum, block) => sum + block.words, 0) <= SMALL_PARAGRAPH ? paragraph[0]!.position : seed.position;
  if (blocks[start - 1]?.isIntro) start--;
  return start;
}

/**
 * "Create a SAML app in Okta", "Error: permission denied": a line that opens a new item of the section
 * (not a table's row, "TXT | _acme-challenge | <value>", which goes on with what introduced the table).
 */
function isHeadingLike(block: ScoredBlock): boolean {
  return block.kind === 'sentence' && block.words <= 12 && !/[.!?:,;]$/.test(block.text) && /^\p{Lu}/u.test(block.text) && !isTableRow(block);
}
