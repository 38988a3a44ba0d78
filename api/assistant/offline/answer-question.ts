import { loadAnalyzer, type Analyzer } from '../../search/analyzer.ts';
import { EVERYDAY_RARITY } from '../../search/word-rarity.ts';
import { composeAnswer } from './compose-answer.ts';
import type { PromptTurn, RetrievedChunk } from './prompt-turn.ts';
import { isOffTaskRequest } from './off-task-request.ts';
import { readingOn, unshownSections, type PageReader, type ReadChunk } from './open-pages.ts';
import { hasUnknownTerm, questionTerms, termSet, termsOfResults, wordsOfResults, type QuestionTerms } from './relevance.ts';
import { scoreChunks, type ScoredChunk } from './score-chunks.ts';
import { comparedThings } from './compared-things.ts';
import { conversationTopic, isFollowUp } from './search-query.ts';
import { spelledAsResults } from './spelling.ts';
import { namesIn, whatIsAsked } from './what-is-asked.ts';

/** A follow-up's earlier topic counts, but less than the words of the question itself. */
export const CONTEXT_WEIGHT = 0.5;
/**
 * Below this support (the share of the question's weight, up to ENOUGH_WEIGHT, found in a chunk and its
 * page's summary), the documentation does not answer it...
 */
const MIN_SUPPORT = 0.45;
/** ...nor below this support when a telling word of the question (this rare) is nowhere in the results. */
const MIN_SUPPORT_WITH_UNKNOWN = 0.75;
const TELLING_WEIGHT = 0.75;
/** In other languages, whose words all weigh the same (no word table ranks them), it takes two such words. */
const OTHER_LANGUAGE_UNKNOWN_WORDS = 2;
/**
 * Support is a share of at most this much of the question's weight (about four telling words): the
 * rest of a long question tells its story ("we migrated 300 articles last week"), which no page says.
 */
const ENOUGH_WEIGHT = 4;

/** What the offline model does after searching: answer, look up names first, or conclude the docs do not cover it. */
export type Decision = { type: 'answer'; text: string } | { type: 'look-up'; query: string } | { type: 'not-found' };

/**
 * The extractive answer to the turn's question from its search results. When the results would answer
 * it but never say a name it uses (a product, a service, a format), those names are looked up with a
 * search of their own first; documentation that never says them does not answer the question.
 * With `readPage`, the answer may quote any section of the pages search found, and read on past the
 * cut of a long section's chunk (open-pages.ts).
 */
export async function answerQuestion(turn: PromptTurn, readPage?: PageReader): Promise<Decision> {
  const retrieved = turn.retrieved ?? [];
  if (retrieved.length === 0 || isOffTaskRequest(turn.question)) return { type: 'not-found' };
  const analyzer = await loadAnalyzer(retrieved[0]!.language || 'en');
  const said = wordsOfResults(analyzer, retrieved);
  // "custon domian": judged and quoted as the results spell it.
  const text = spelledAsResults(analyzer, turn.question, said, namesIn(turn.question));
  const question = questionTerms(analyzer, text);
  if (isFollowUp(turn.question, turn.earlier)) questionTerms(analyzer, conversationTopic(turn.earlier), CONTEXT_WEIGHT, question);
  if (question.size === 0) return { type: 'not-found' };
  const scored = scoreChunks(analyzer, question, ...(await chunksRead(retrieved, question, readPage)));
  const weight = totalWeight(question);
  // Whether the docs answer is judged on what search showed; what to quote, on the whole of the pages it found.
  const shown = scored.slice(0, retrieved.length);
  const support = Math.min(1, (Math.max(...shown.map((chunk) => chunk.support)) * weight) / Math.min(weight, ENOUGH_WEIGHT));
  // A word of the scene the question sets ("it is pointless") need not be in the documentation; what it asks about must.
  const asked = questionTerms(analyzer, whatIsAsked(text));
  const known = said.terms;
  const minimum = hasUnknownTerm(asked, known, ...unknownToTell(analyzer.language)) ? MIN_SUPPORT_WITH_UNKNOWN : MIN_SUPPORT;
  if (support < minimum || !comparesAsked(analyzer, text, scored)) return { type: 'not-found' };
  if (turn.lookedUp) for (const term of termsOfResults(analyzer, turn.lookedUp)) known.add(term);
  const unfamiliar = unfamiliarNames(analyzer, turn.question, known);
  if (unfamiliar.length === 0) return { type: 'answer', text: composeAnswer(question, scored, earlierAnswers(analyzer, turn)) };
  return turn.lookedUp === undefined ? { type: 'look-up', query: unfamiliar.join(' ') } : { type: 'not-found' };
}

/**
 * What the model reads of its search's results: the results, and the other sections of their pages
 * (the sections search did not show), each with the text after it in its section.
 */
export async function chunksRead(retrieved: RetrievedChunk[], question: QuestionTerms, readPage?: PageReader): Promise<[ReadChunk[], ReadChunk[]]> {
  if (!readPage) return [retrieved, []];
  const unshown = await unshownSections(retrieved, readPage, tellingTerms(question));
  return Promise.all([readingOn(retrieved, readPage), readingOn(unshown, readPage)]);
}

/**
 * Whether what the question asks to compare ("the difference between let and const") is said together
 * somewhere in what the model read, in one sentence, list item, row or code block: a page that says
 * "lets" in one place and `const` in another does not compare them. Names of the docs' own
 * ("llms.txt and llms-full.txt") need no such sentence: pages that name them answer. Other questions pass.
 */
function comparesAsked(analyzer: Analyzer, question: string, scored: ScoredChunk[]): boolean {
  const things = comparedThings(question);
  if (!things || things.some(isIdentifier)) return true;
  const [first, second] = things.map((thing) => [...questionTerms(analyzer, thing).keys()]);
  if (first!.length === 0 || second!.length === 0) return true;
  return scored.some((chunk) => chunk.blocks.some((block) => [...first!, ...second!].every((term) => block.terms.has(term))));
}

/** "llms-full.txt", "x-hidden", "defaultOpen": a name written as code, not words. */
function isIdentifier(text: string): boolean {
  return /\w[._\-/]\w|\p{Ll}\p{Lu}/u.test(text);
}

/** Documentation that never names Matomo or PlantUML does not answer a question about them, however many other words match. */
function unfamiliarNames(analyzer: Analyzer, question: string, known: ReadonlySet<string>): string[] {
  // Exactly: "AsciiDoc" is not a longer form of "ASCII".
  return namesIn(question).filter((name) => [...questionTerms(analyzer, name).keys()].some((term) => !known.has(term)));
}

/** The terms of what the assistant already answered in this conversation: a follow-up's answer does not say it again. */
function earlierAnswers(analyzer: Analyzer, turn: PromptTurn): Set<string> {
  return termSet(
    analyzer,
    turn.earlier
      .filter((message) => message.role === 'assistant')
      .map((message) => message.text)
      .join('\n'),
  );
}

/** The question's words that a section of a retrieved page must say to be read: those rarer than everyday ones. */
function tellingTerms(question: QuestionTerms): string[] {
  return [...question].filter(([, weight]) => weight >= EVERYDAY_RARITY).map(([term]) => term);
}

/** How telling, and how many, the words the results never say must be to raise the bar, in `language`. */
function unknownToTell(language: string): [minWeight: number, count: number] {
  return language === 'en' ? [TELLING_WEIGHT, 1] : [0, OTHER_LANGUAGE_UNKNOWN_WORDS];
}

function totalWeight(question: QuestionTerms): number {
  let total = 0;
  for (const weight of question.values()) total += weight;
  return total;
}
