import { loadAnalyzer } from '../../search/analyzer.ts';
import { composeAnswer } from './compose-answer.ts';
import type { PromptTurn } from './prompt-turn.ts';
import { isOffTaskRequest } from './off-task-request.ts';
import { hasUnknownTerm, questionTerms, termSet } from './relevance.ts';
import { scoreChunks } from './score-chunks.ts';
import { conversationTopic, isFollowUp } from './search-query.ts';

/** A follow-up's earlier topic counts, but less than the words of the question itself. */
const CONTEXT_WEIGHT = 0.5;
/** Below this support (share of the question's weight found in a chunk and its page's summary), the documentation does not answer it... */
const MIN_SUPPORT = 0.45;
/** ...nor below this support when a telling word of the question (this rare) is nowhere in the results. */
const MIN_SUPPORT_WITH_UNKNOWN = 0.75;
const TELLING_WEIGHT = 0.75;

/** The extractive answer to the turn's question from its search results, or undefined when nothing retrieved answers it. */
export async function answerQuestion(turn: PromptTurn): Promise<string | undefined> {
  const retrieved = turn.retrieved ?? [];
  if (retrieved.length === 0 || isOffTaskRequest(turn.question)) return undefined;
  const analyzer = await loadAnalyzer(retrieved[0]!.language || 'en');
  const question = questionTerms(analyzer, turn.question);
  if (isFollowUp(turn.question, turn.earlier)) questionTerms(analyzer, conversationTopic(turn.earlier), CONTEXT_WEIGHT, question);
  if (question.size === 0) return undefined;
  const scored = scoreChunks(analyzer, question, retrieved);
  const support = Math.max(...scored.map((chunk) => chunk.support));
  const known = termSet(analyzer, retrieved.map((chunk) => `${chunk.title} ${chunk.description} ${chunk.path} ${chunk.content}`).join('\n'));
  const minimum = hasUnknownTerm(question, known, TELLING_WEIGHT) ? MIN_SUPPORT_WITH_UNKNOWN : MIN_SUPPORT;
  return support < minimum ? undefined : composeAnswer(question, scored);
}
