import type { Services } from '../services.ts';
import { answerQuestion } from './answer.ts';
import { parseAssistantRequest } from './request.ts';
import { answerModelFor } from './models.ts';

const QUESTION = 'How do I get started?';

/**
 * Makes a web process's first answer as quick as the ones after it: the answer path's code is loaded
 * and compiled on first use, which made the first question after a start wait about 200 ms longer on
 * the corpus. With the offline model, one whole answer is made on a live site and stored nowhere (no
 * thread, nothing in analytics); with a model endpoint, only its client is loaded (an answer would be a
 * paid call).
 */
export async function rehearseAnswer(services: Services, project: { id: string; name: string; liveDeploymentId: string | null } | undefined): Promise<void> {
  if (services.config.answerModel) {
    await answerModelFor(services.config);
    return;
  }
  if (!project?.liveDeploymentId) return;
  const started = performance.now();
  const request = parseAssistantRequest({ fp: 'rehearsal', messages: [{ role: 'user', content: QUESTION }] });
  const conversation = { threadId: 'rehearsal', messageId: 'rehearsal', history: [], question: request.question, recorded: Promise.resolve() };
  for await (const _ of answerQuestion(services, { project, request, conversation, isRehearsal: true }, new AbortController().signal)) {
    // Only the work matters.
  }
  services.log.debug(`rehearsed an answer on ${project.name} in ${(performance.now() - started).toFixed(0)} ms`);
}
