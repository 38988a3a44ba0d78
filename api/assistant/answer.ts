import type { Reader } from '../analytics/record.ts';
import type { TurnOutcome } from '../analytics/recorder.ts';
import { AppError } from '../errors.ts';
import type { SearchResultShape } from '../search/search-docs.ts';
import { pageRoute, searchDocs } from '../search/search-docs.ts';
import type { Services } from '../services.ts';
import { CitationGuard, type CitablePage } from './citations.ts';
import type { AssistantEvent, Usage } from './events.ts';
import { ASSISTANT_LIMITS } from './limits.ts';
import { answerModelFor } from './models.ts';
import { sitePages } from './site-pages.ts';
import { spokenLanguage } from './spoken-language.ts';
import type { AssistantRequest } from './request.ts';
import { systemPrompt } from './system-prompt.ts';
import { recordAnswer, type Conversation, type StoredFinish } from './threads.ts';
import { runToolLoop, type LoopPart, type TextMessage, type TokenUsage } from './tool-loop.ts';
import { assistantTools } from './tools.ts';

export interface AnswerInput {
  project: { id: string; siteId?: string; name: string; liveDeploymentId: string | null; analyticsEnabled?: boolean };
  request: AssistantRequest;
  conversation: Conversation;
  /** Who asked, for analytics; the process's own rehearsal has none, and is not recorded. */
  reader?: Reader;
}

/**
 * What the answer searches: the request's filter, or, when it names no language, the language the
 * question is written in where the site has pages in it ("¿Cómo configuro un dominio personalizado?"
 * is answered from the Spanish pages, not marked not found by the English ones); a short follow-up
 * whose words do not tell ("¿y con Vercel?") keeps the language of the conversation's last question that did.
 */
async function searchFilter(
  services: Services,
  project: AnswerInput['project'],
  filter: AssistantRequest['filter'],
  conversation: Conversation,
): Promise<AssistantRequest['filter']> {
  if (filter.language) return filter;
  const questions = [
    conversation.question.text,
    ...conversation.history
      .filter((entry) => entry.role === 'user')
      .map((entry) => entry.text)
      .reverse(),
  ];
  const spoken = questions.map(spokenLanguage).find((language) => language !== undefined);
  if (!spoken) return filter;
  const index = await services.searchIndexes.forProject(project);
  return index?.hasLanguage(spoken, filter.version) ? { ...filter, language: spoken } : filter;
}

/** How analytics name the way an answer ended. */
const TURN_OUTCOMES: Partial<Record<StoredFinish, TurnOutcome>> = { 'not-found': 'not_found', aborted: 'aborted', error: 'error' };

/**
 * Answers one question as a stream of events: the model's tool loop (search, perhaps search again,
 * then answer or markNotFound) through the AI SDK, with every link of the answer checked against what
 * it retrieved (CitationGuard) and the pages it cites sent as sources at the end of the step. The
 * answer is stored with its thread when it ends, also when `signal` stops it half-way (the client left):
 * then what was streamed is kept.
 */
export async function* answerQuestion(services: Services, input: AnswerInput, signal: AbortSignal): AsyncGenerator<AssistantEvent> {
  const { conversation, project } = input;
  const request = { ...input.request, filter: await searchFilter(services, project, input.request.filter, conversation) };
  const { threadId, messageId } = conversation;
  const record = new AnswerRecord();
  const retrieved = new Map<string, CitablePage>();
  const retrievedText: string[] = [];
  let isNotFound = false;
  const guard = () =>
    new CitationGuard(
      (page) => retrieved.get(page),
      (url) => retrievedText.some((text) => text.includes(url)),
      () => !isNotFound,
    );
  let citations = guard();
  const started = performance.now();
  let firstTextAt: number | undefined;
  const searchQueries: string[] = [];
  const search = async (query: string): Promise<SearchResultShape[]> => {
    searchQueries.push(query || conversation.question.text);
    // Runs as soon as the loop reads the model's call; the call is passed on once it has run (tool-loop.ts).
    const results = await searchDocs(services, project, { query: query || conversation.question.text, pageSize: request.retrievalPageSize, ...request.filter });
    for (const result of results) {
      const page = pageRoute(result.path);
      if (!retrieved.has(page)) retrieved.set(page, { page, title: result.metadata.title });
      retrievedText.push(result.content);
    }
    return results;
  };

  let finish: StoredFinish = 'aborted';
  let parts: AsyncGenerator<LoopPart> | undefined;
  try {
    parts = runToolLoop({
      model: await answerModelFor(services.config, sitePages(services, project, request.filter)),
      system: systemPrompt(project.name),
      messages: modelMessages(conversation, request),
      tools: assistantTools(search),
      maxSteps: ASSISTANT_LIMITS.maxSteps,
      // Someone is waiting: one retry of a failed model call (an agent job, nobody waiting, has two).
      maxRetries: 1,
      abortSignal: signal,
    });
    // The loop's first model call is made now, before `started` is passed on: passing an event on takes
    // the client's stream a millisecond or two that the model call need not wait behind.
    const first = parts.next();
    first.catch(() => undefined);
    yield { type: 'started', threadId, messageId };
    for await (const part of continuing(parts, first)) {
      switch (part.type) {
        case 'start-step':
          citations = guard();
          record.startStep();
          yield { type: 'step-started', messageId };
          break;
        case 'tool-call':
          if (part.toolName === 'markNotFound') isNotFound = true;
          yield { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, args: part.input };
          break;
        case 'tool-result':
          record.toolResult(part.toolCallId, part.toolName, part.input, part.output);
          yield { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, result: part.output };
          break;
        case 'text-delta': {
          const text = citations.push(part.text);
          if (text) {
            firstTextAt ??= performance.now();
            record.text(text);
            yield { type: 'text-delta', text };
          }
          break;
        }
        case 'finish-step': {
          const rest = citations.flush();
          if (rest) {
            record.text(rest);
            yield { type: 'text-delta', text: rest };
          }
          for (const source of citations.citations()) {
            const id = `source-${record.sources + 1}`;
            record.source(id, source.url, source.title);
            yield { type: 'source', id, url: source.url, title: source.title };
          }
          yield { type: 'step-finished', finishReason: part.finishReason, usage: usageOf(part.usage), isContinued: false };
          break;
        }
        case 'finish':
          finish = isNotFound ? 'not-found' : part.finishReason;
          yield { type: 'finished', threadId, messageId, finishReason: part.finishReason, usage: usageOf(part.totalUsage) };
          break;
      }
    }
  } catch (error) {
    finish = signal.aborted ? 'aborted' : 'error';
    if (!signal.aborted) throw modelFailure(error, services.log);
  } finally {
    await parts?.return(undefined);
    await recordAnswer(services.db, conversation, { text: record.fullText, parts: record.parts, finishReason: finish }).catch((error: unknown) =>
      services.log.error(`could not store the answer ${messageId} of thread ${threadId}`, error),
    );
    if (input.reader && project.analyticsEnabled !== false) {
      services.analytics.turn({
        projectId: project.id,
        threadId,
        messageId,
        question: conversation.question.text,
        outcome: TURN_OUTCOMES[finish] ?? 'answered',
        citedPaths: record.sourceUrls,
        searchQueries,
        firstTextMs: firstTextAt === undefined ? undefined : firstTextAt - started,
        totalMs: performance.now() - started,
        model: services.config.answerModel?.model ?? 'offline',
        caller: input.reader.caller,
        pageUrl: request.currentPath,
      });
    }
  }
}

/** The parts of a loop whose first part was already asked for. */
async function* continuing<T>(parts: AsyncGenerator<T>, first: Promise<IteratorResult<T>>): AsyncGenerator<T> {
  for (let result = await first; !result.done; result = await parts.next()) yield result.value;
}

/**
 * The thread's earlier turns and the question, as the model reads them. What the user reads or points
 * at comes as a note of its own before the question, so that the question stays what was asked (the
 * offline model searches with it).
 */
function modelMessages(conversation: Conversation, request: AssistantRequest): TextMessage[] {
  const notes = [
    ...(request.currentPath ? [`The user is reading the page ${request.currentPath}.`] : []),
    ...request.context.map((item) => `${item.type === 'code' ? 'Code' : 'Text'} the user points at${item.path ? ` (from ${item.path})` : ''}:\n${item.value}`),
  ];
  return [
    ...conversation.history.map((turn): TextMessage => ({ role: turn.role, content: turn.text })),
    ...(notes.length > 0 ? [{ role: 'system', content: notes.join('\n\n') } satisfies TextMessage] : []),
    { role: 'user', content: conversation.question.text },
  ];
}

/** A failure of the answer model, told to the client without its internals (they are logged). */
function modelFailure(error: unknown, log: Services['log']): AppError {
  if (error instanceof AppError) return error;
  log.warn('the answer model failed', error);
  const status = (error as { statusCode?: unknown }).statusCode;
  return new AppError('UPSTREAM_FAILED', `The answer model failed${typeof status === 'number' ? ` (HTTP ${status})` : ''}; try again in a moment.`);
}

function usageOf(usage: TokenUsage): Usage {
  return { promptTokens: usage.inputTokens, completionTokens: usage.outputTokens };
}

/** The answer as its thread keeps it: the AI SDK v4 client's message parts, and its whole text. */
class AnswerRecord {
  readonly parts: Record<string, unknown>[] = [];
  fullText = '';
  sources = 0;
  readonly sourceUrls: string[] = [];
  #step = -1;

  startStep(): void {
    this.#step++;
    this.parts.push({ type: 'step-start' });
  }

  toolResult(toolCallId: string, toolName: string, args: unknown, result: unknown): void {
    this.parts.push({ type: 'tool-invocation', toolInvocation: { state: 'result', step: this.#step, toolCallId, toolName, args, result } });
  }

  text(text: string): void {
    this.fullText += text;
    const last = this.parts.at(-1);
    if (last?.type === 'text') last.text = `${last.text as string}${text}`;
    else this.parts.push({ type: 'text', text });
  }

  source(id: string, url: string, title: string): void {
    this.sources++;
    this.sourceUrls.push(url);
    this.parts.push({ type: 'source', source: { sourceType: 'url', id, url, title } });
  }
}
