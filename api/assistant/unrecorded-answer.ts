import type { Services } from '../services.ts';
import { type AnswerInput, answerQuestion } from './answer.ts';
import { parseAssistantRequest } from './request.ts';
import { openConversation } from './threads.ts';

/** How an answer Folio asked for itself ended: answered (with the pages it cited) or marked not found. */
export type UnrecordedAnswer = {
  isAnswered: boolean;
  /** The pages the answer cited, as their paths, in order. */
  cited: string[];
};

/**
 * Answers a question the way a visitor's is answered, for Folio itself (a rehearsal, a gap fix's check):
 * its thread is removed as soon as the answer ends, and nothing is recorded in analytics.
 */
export async function answerUnrecorded(services: Services, site: AnswerInput['project'], question: string, fp: string): Promise<UnrecordedAnswer> {
  const request = parseAssistantRequest({ fp, messages: [{ role: 'user', content: question }] });
  const conversation = await openConversation(services.db, site.id, request);
  let isNotFound = false;
  const cited: string[] = [];
  try {
    for await (const event of answerQuestion(services, { project: site, request, conversation }, new AbortController().signal)) {
      if (event.type === 'tool-call' && event.toolName === 'markNotFound') isNotFound = true;
      if (event.type === 'source' && !cited.includes(event.url)) cited.push(event.url);
    }
  } finally {
    await conversation.recorded.catch(() => undefined);
    await services.db.thread.deleteMany({ where: { id: conversation.threadId } });
  }
  return { isAnswered: !isNotFound, cited };
}
