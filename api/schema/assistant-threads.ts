import { notFound } from '../errors.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';

const MAX_THREADS = 100;

/** One message of a thread, with its parts as the AI SDK v4 client keeps them. */
builder.prismaObject('Message', {
  name: 'AssistantThreadMessage',
  fields: (t) => ({
    id: t.exposeString('id'),
    role: t.exposeString('role'),
    content: t.exposeString('content'),
    parts: t.field({ type: 'JSON', description: 'Steps, tool invocations with their results, text and sources.', resolve: (message) => message.parts }),
    clientId: t.exposeString('clientId', { nullable: true, description: 'The id the client gave the message.' }),
    finishReason: t.exposeString('finishReason', {
      nullable: true,
      description:
        'How an answer ended: stop, not-found, aborted (the client left; what was streamed is kept) or error. Null while it streams, and for questions.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

/** An assistant conversation of a site. Readable with the site's admin key. */
const AssistantThread = builder.prismaObject('Thread', {
  name: 'AssistantThread',
  fields: (t) => ({
    id: t.exposeString('id'),
    fp: t.exposeString('fingerprint', { description: 'The fingerprint the thread was started with.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    messages: t.relation('messages', { description: 'Oldest first.', query: { orderBy: { createdAt: 'asc' } } }),
  }),
});

builder.queryField('assistantThreads', (t) =>
  t.prismaField({
    type: [AssistantThread],
    description: "The site's assistant threads, most recently active first. Admin key of the project.",
    args: {
      projectId: t.arg.string({ required: true }),
      fp: t.arg.string({ description: 'Only the threads of this fingerprint.' }),
      first: t.arg.int({ defaultValue: 20, description: `How many (1 to ${MAX_THREADS}).` }),
    },
    resolve: async (query, _root, { projectId, fp, first }, context) => {
      await requireProjectAdmin(context, projectId);
      return context.db.thread.findMany({
        ...query,
        where: { projectId, ...(fp ? { fingerprint: fp } : {}) },
        orderBy: { updatedAt: 'desc' },
        take: Math.min(Math.max(first ?? 20, 1), MAX_THREADS),
      });
    },
  }),
);

builder.queryField('assistantThread', (t) =>
  t.prismaField({
    type: AssistantThread,
    description: 'One assistant thread of the site. Admin key of the project.',
    args: { projectId: t.arg.string({ required: true }), id: t.arg.string({ required: true }) },
    resolve: async (query, _root, { projectId, id }, context) => {
      await requireProjectAdmin(context, projectId);
      const thread = await context.db.thread.findFirst({ ...query, where: { id, projectId } });
      if (!thread) throw notFound(`No assistant thread "${id}" in project "${projectId}".`);
      return thread;
    },
  }),
);
