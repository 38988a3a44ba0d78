import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { answerQuestion } from './answer-question.ts';
import { courtesyReply } from './courtesy.ts';
import { contentOf, partStream, streamPartsOf, toolCallId, usageOf, type Reply } from './model-reply.ts';
import { answerLanguage, notFoundText } from './not-found.ts';
import type { PageReader } from './open-pages.ts';
import { readPromptTurn } from './prompt-turn.ts';
import { searchQuery } from './search-query.ts';

/**
 * The offline default answer model: no weights, no service. It speaks the AI SDK's language-model
 * interface, so the assistant's tool loop, streams and tests run through it as through a real model:
 * it calls `search` with the question (and a follow-up's context), and again with the names the
 * question uses that the results never say, then answers with sentences, steps and code picked from
 * the results (and, given `readPage`, from the rest of the pages they are on) and linked to their
 * pages, or calls `markNotFound` when nothing retrieved answers the question, and then says so.
 */
export function createOfflineModel(readPage?: PageReader): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'folio',
    modelId: 'offline-extractive',
    supportedUrls: {},
    async doGenerate(options) {
      const { reply, callId, promptChars } = await step(options, readPage);
      return {
        content: contentOf(reply, callId),
        finishReason: { unified: reply.type === 'text' ? 'stop' : 'tool-calls', raw: undefined },
        usage: usageOf(promptChars, reply),
        warnings: [],
      };
    },
    async doStream(options) {
      const { reply, callId, promptChars } = await step(options, readPage);
      return { stream: partStream(streamPartsOf(reply, callId, usageOf(promptChars, reply)), options.abortSignal) };
    },
  };
}

/**
 * Decides this step from the current turn: search first (then look up unfamiliar names), then answer or
 * mark not found, then say so; a message that asks nothing ("thanks!") is answered in kind.
 */
async function step(options: LanguageModelV4CallOptions, readPage: PageReader | undefined): Promise<{ reply: Reply; callId: string; promptChars: number }> {
  const turn = readPromptTurn(options.prompt);
  const tools = new Set((options.tools ?? []).map((tool) => tool.name));
  const language = answerLanguage(turn.question, turn.retrieved?.[0]?.language);
  const notFound: Reply = { type: 'text', text: notFoundText(language) };
  const inKind = courtesyReply(turn.question, language);
  let reply: Reply;
  if (turn.isNotFound || turn.question === '') {
    reply = notFound;
  } else if (inKind) {
    // "thanks!", "hi": answered in kind, without searching.
    reply = { type: 'text', text: inKind };
  } else if (turn.retrieved === undefined) {
    reply = tools.has('search') ? { type: 'tool-call', toolName: 'search', input: { query: searchQuery(turn.question, turn.earlier) } } : notFound;
  } else {
    const decision = await answerQuestion(turn, readPage);
    if (decision.type === 'answer') reply = { type: 'text', text: decision.text };
    else if (decision.type === 'look-up' && tools.has('search')) reply = { type: 'tool-call', toolName: 'search', input: { query: decision.query } };
    else reply = tools.has('markNotFound') ? { type: 'tool-call', toolName: 'markNotFound', input: {} } : notFound;
  }
  const promptChars = JSON.stringify(options.prompt).length;
  const seed = `${turn.question}\n${turn.earlier.length}\n${reply.type === 'tool-call' ? `${reply.toolName}${JSON.stringify(reply.input)}` : ''}`;
  return { reply, callId: toolCallId(seed), promptChars };
}
