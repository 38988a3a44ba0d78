import { patternsOfEveryLanguage } from '../../language/word-lists.ts';

/**
 * Requests that are not questions about the documentation: to leave the assistant's role ("ignore
 * previous instructions", "you are now ..."), or to do a writing job (translate a sentence, write a
 * poem). An extractive model cannot be talked into either, but quoting pages that merely share the
 * request's words ("system prompt", "translations") would look like compliance: they are answered as
 * out of scope. Each language's patterns are `offTaskRequests` in api/language/<language>.json.
 */
const OFF_TASK = patternsOfEveryLanguage('offTaskRequests');

export function isOffTaskRequest(question: string): boolean {
  return OFF_TASK.some((pattern) => pattern.test(question.trim()));
}
