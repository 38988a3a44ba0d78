import { loadAnalyzer } from '../../search/analyzer.ts';
import { composeAnswer, scoreChunks, type Answer } from './compose-answer.ts';
import type { PromptTurn } from './prompt-turn.ts';
import { asksToLeaveRole } from './role-override.ts';
import { questionTerms } from './relevance.ts';
import { conversationTopic, isFollowUp } from './search-query.ts';

/** A follow-up's earlier topic counts, but less than the words of the question itself. */
const CONTEXT_WEIGHT = 0.5;
/** Below this relevance (share of the question's weight found in a chunk), the documentation does not answer it. */
const MIN_RELEVANCE = 0.5;

/** The extractive answer to the turn's question from its search results, or undefined when nothing retrieved answers it. */
export async function answerQuestion(turn: PromptTurn): Promise<Answer | undefined> {
  const retrieved = turn.retrieved ?? [];
  if (retrieved.length === 0 || asksToLeaveRole(turn.question)) return undefined;
  const analyzer = await loadAnalyzer(retrieved[0]!.language || 'en');
  const question = questionTerms(analyzer, turn.question);
  if (isFollowUp(turn.question, turn.earlier)) questionTerms(analyzer, conversationTopic(turn.earlier), CONTEXT_WEIGHT, question);
  if (question.size === 0) return undefined;
  const scored = scoreChunks(analyzer, question, retrieved);
  if (Math.max(...scored.map((chunk) => chunk.relevance)) < MIN_RELEVANCE) return undefined;
  return composeAnswer(scored);
}
