import type { AssistantEvent } from '../assistant/events.ts';
import { parseAssistantRequest } from '../assistant/request.ts';
import { openConversation } from '../assistant/threads.ts';
import { notFound } from '../errors.ts';
import { builder } from './builder.ts';

/** Loaded on the first question, once: processes that never answer never load the AI SDK. */
let answerModule: Promise<typeof import('../assistant/answer.ts')> | undefined;

type EventOf<T extends AssistantEvent['type']> = Extract<AssistantEvent, { type: T }>;

const Usage = builder.objectRef<{ promptTokens: number; completionTokens: number }>('AssistantUsage').implement({
  fields: (t) => ({ promptTokens: t.exposeInt('promptTokens'), completionTokens: t.exposeInt('completionTokens') }),
});

const Started = builder.objectRef<EventOf<'started'>>('AssistantStarted').implement({
  description: 'The answer began: its thread (pass it back as `threadId` to continue) and its message id.',
  fields: (t) => ({ type: t.exposeString('type'), threadId: t.exposeString('threadId'), messageId: t.exposeString('messageId') }),
});

const StepStarted = builder.objectRef<EventOf<'step-started'>>('AssistantStepStarted').implement({
  description: 'A model step began (searching, then answering).',
  fields: (t) => ({ type: t.exposeString('type'), messageId: t.exposeString('messageId') }),
});

const ToolCall = builder.objectRef<EventOf<'tool-call'>>('AssistantToolCall').implement({
  description: 'The model called a tool: `search` with `{query}`, or `markNotFound` with `{}`.',
  fields: (t) => ({
    type: t.exposeString('type'),
    toolCallId: t.exposeString('toolCallId'),
    toolName: t.exposeString('toolName'),
    args: t.field({ type: 'JSON', resolve: (event) => event.args }),
  }),
});

const ToolResult = builder.objectRef<EventOf<'tool-result'>>('AssistantToolResult').implement({
  description: "A tool's result: the search results used (`{content, path, metadata}` like the search route's), or `{acknowledged: true}`.",
  fields: (t) => ({
    type: t.exposeString('type'),
    toolCallId: t.exposeString('toolCallId'),
    toolName: t.exposeString('toolName'),
    result: t.field({ type: 'JSON', resolve: (event) => event.result }),
  }),
});

const TextDelta = builder.objectRef<EventOf<'text-delta'>>('AssistantTextDelta').implement({
  description: 'The next piece of the answer (Markdown, with links to the pages it cites).',
  fields: (t) => ({ type: t.exposeString('type'), text: t.exposeString('text') }),
});

const Source = builder.objectRef<EventOf<'source'>>('AssistantSource').implement({
  description: 'A page the answer cites (its URL is relative to the site).',
  fields: (t) => ({ type: t.exposeString('type'), id: t.exposeString('id'), url: t.exposeString('url'), title: t.exposeString('title') }),
});

const StepFinished = builder.objectRef<EventOf<'step-finished'>>('AssistantStepFinished').implement({
  fields: (t) => ({
    type: t.exposeString('type'),
    finishReason: t.exposeString('finishReason'),
    usage: t.field({ type: Usage, resolve: (event) => event.usage }),
    isContinued: t.exposeBoolean('isContinued'),
  }),
});

const Finished = builder.objectRef<EventOf<'finished'>>('AssistantFinished').implement({
  description: 'The answer ended; its thread id again.',
  fields: (t) => ({
    type: t.exposeString('type'),
    threadId: t.exposeString('threadId'),
    messageId: t.exposeString('messageId'),
    finishReason: t.exposeString('finishReason'),
    usage: t.field({ type: Usage, resolve: (event) => event.usage }),
  }),
});

const TYPE_NAMES: Record<AssistantEvent['type'], string> = {
  started: 'AssistantStarted',
  'step-started': 'AssistantStepStarted',
  'tool-call': 'AssistantToolCall',
  'tool-result': 'AssistantToolResult',
  'text-delta': 'AssistantTextDelta',
  source: 'AssistantSource',
  'step-finished': 'AssistantStepFinished',
  finished: 'AssistantFinished',
};

const AssistantEventUnion = builder.unionType('AssistantEvent', {
  description: 'One event of an answer; `type` names it as the streaming routes do.',
  types: [Started, StepStarted, ToolCall, ToolResult, TextDelta, Source, StepFinished, Finished],
  resolveType: (event) => TYPE_NAMES[(event as AssistantEvent).type],
});

/** Every event with all its fields: what the streaming routes run and write. */
export const ASSISTANT_MESSAGE_OPERATION = `subscription AssistantMessage($domain: String!, $input: JSON!) {
  assistantMessage(domain: $domain, input: $input) {
    ... on AssistantStarted { type threadId messageId }
    ... on AssistantStepStarted { type messageId }
    ... on AssistantToolCall { type toolCallId toolName args }
    ... on AssistantToolResult { type toolCallId toolName result }
    ... on AssistantTextDelta { type text }
    ... on AssistantSource { type id url title }
    ... on AssistantStepFinished { type finishReason isContinued usage { promptTokens completionTokens } }
    ... on AssistantFinished { type threadId messageId finishReason usage { promptTokens completionTokens } }
  }
}`;

builder.subscriptionField('assistantMessage', (t) =>
  t.field({
    type: AssistantEventUnion,
    description:
      "Answers a question about a site's documentation, as a stream of events: a search, its results, the answer in pieces, the pages it cites, the thread. `input` is the body of POST /v1/assistant/{domain}/message (docs/assistant.md). Assistant key of that site.",
    args: { domain: t.arg.string({ required: true }), input: t.arg({ type: 'JSON', required: true }) },
    subscribe: async (_root, { domain, input }, context) => {
      // Everything that can refuse the request happens here, before the first event. The key and the
      // site are looked up together; a bad key is still reported first.
      const site = context.sites.find(domain);
      site.catch(() => undefined);
      await context.auth.requireKind('assistant');
      const project = await site;
      if (!project) throw notFound(`No documentation site with domain "${domain}".`);
      await context.auth.requireProject(project.id);
      const request = parseAssistantRequest(input);
      const { keyId } = await context.auth.holder();
      await context.rateLimits.assistant.consume({ keyId, projectId: project.id, clientAddress: context.clientAddress });
      const conversation = await openConversation(context.db, project.id, request);
      const { answerQuestion } = await (answerModule ??= import('../assistant/answer.ts'));
      return answerQuestion(context, { project, request, conversation, reader: context.reader }, context.signal);
    },
    resolve: (event: AssistantEvent) => event,
  }),
);
