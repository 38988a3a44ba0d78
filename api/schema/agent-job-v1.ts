import { AGENT_JOB_PAGING } from '../agent/paging.ts';
import { invalidInput, notFound } from '../errors.ts';
import { builder } from './builder.ts';
import { requireProjectAdmin } from './authorize.ts';
import type { AgentJobEventShape } from './agent-jobs.ts';

const TodoStatus = builder.enumType('TodoStatus', { values: ['pending', 'in_progress', 'completed', 'cancelled'] as const });
const TodoPriority = builder.enumType('TodoPriority', { values: ['high', 'medium', 'low'] as const });
const HaultReason = builder.enumType('HaultReason', {
  description: 'Why an agent session halted (the API keeps this spelling).',
  values: { completed: { value: 'completed' }, github_missconfigured: { value: 'github_misconfigured' }, error: { value: 'error' } } as const,
});

/** A halt reason in Mintlify's spelling, as the HaultReason enum sends it. */
const apiHaltReason = (reason: unknown) => (reason === 'github_misconfigured' ? 'github_missconfigured' : reason);

/** One item of an agent job's task list (`todos` in test/fixtures/mintlify-openapi/admin-openapi.json). */
export const Todo = builder.prismaObject('Todo', {
  fields: (t) => ({
    content: t.exposeString('content'),
    status: t.expose('status', { type: TodoStatus }),
    priority: t.expose('priority', { type: TodoPriority }),
    id: t.exposeString('id'),
  }),
});

/**
 * A docs-editing agent job as the /v1 agent routes show it (test/fixtures/mintlify-openapi/admin-openapi.json).
 * Its fields, in this order, are the JSON of those routes. This is the one place where Mintlify's names for
 * an agent job are mapped to Folio's: the type `AgentSession`, `sessionId` (the job's id), and in Mintlify's
 * spelling `haulted`, `haultReason` and `HaultReason` with its value `github_missconfigured` (the job's
 * `halted`, `haltReason` and `github_misconfigured`). The GraphQL schema's names are Mintlify's too
 * (`allSessions`, `agentSessionUpdated`, the `sessionId` arguments), and so are the words of the events a
 * job's stream sends (apiEventPayload below).
 */
export const AgentSession = builder.prismaObject('AgentJob', {
  variant: 'AgentSession',
  fields: (t) => ({
    sessionId: t.exposeString('id'),
    subdomain: t.string({
      select: { project: { select: { subdomain: true } } },
      resolve: (job) => job.project.subdomain,
    }),
    branch: t.exposeString('branch', { nullable: true }),
    haulted: t.exposeBoolean('halted'),
    haultReason: t.expose('haltReason', { type: HaultReason, nullable: true }),
    pullRequestLink: t.exposeString('pullRequestLink', { nullable: true }),
    messageToUser: t.exposeString('messageToUser', { nullable: true }),
    todos: t.relation('todos', { query: { orderBy: { position: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

/**
 * An event's payload in the API's words: Folio stores and yields its own (`started {jobId}`, `outcome
 * {halted, haltReason}`); the stream and agentJobEvents send Mintlify's (`sessionId`, `haulted`,
 * `haultReason`), first in the payload as before.
 */
export function apiEventPayload({ kind, payload }: AgentJobEventShape): Record<string, unknown> {
  if (kind === 'started') {
    const { jobId, ...rest } = payload;
    return { sessionId: jobId, ...rest };
  }
  if (kind === 'outcome') {
    const { halted, haltReason, ...rest } = payload;
    return { haulted: halted, haultReason: apiHaltReason(haltReason), ...rest };
  }
  return payload;
}

interface AgentJobPage {
  projectId: string;
  skip: number;
  take: number | undefined;
}

const AgentJobList = builder.objectRef<AgentJobPage>('AgentJobList').implement({
  fields: (t) => ({
    allSessions: t.prismaField({
      type: [AgentSession],
      description: "The project's agent sessions, newest first (the page asked for).",
      resolve: (query, page, _args, context) =>
        context.db.agentJob.findMany({
          ...query,
          where: { projectId: page.projectId },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: page.skip,
          ...(page.take !== undefined ? { take: page.take } : {}),
        }),
    }),
  }),
});

builder.queryField('agentJobs', (t) =>
  t.field({
    type: AgentJobList,
    description: "The project's agent jobs, newest first. Admin key of the project.",
    args: {
      projectId: t.arg.string({ required: true }),
      skip: t.arg.int({ description: 'How many of the newest jobs to leave out (default 0).' }),
      take: t.arg.int({ description: `How many jobs to return, 1 to ${AGENT_JOB_PAGING.maxTake} (default: all).` }),
    },
    resolve: async (_root, { projectId, skip, take }, context) => {
      await requireProjectAdmin(context, projectId);
      if (skip != null && skip < 0) throw invalidInput('skip', 'skip must be 0 or more.');
      if (take != null && (take < 1 || take > AGENT_JOB_PAGING.maxTake)) throw invalidInput('take', `take must be from 1 to ${AGENT_JOB_PAGING.maxTake}.`);
      return { projectId, skip: skip ?? 0, take: take ?? undefined };
    },
  }),
);

builder.queryField('agentJob', (t) =>
  t.prismaField({
    type: AgentSession,
    description: 'One agent job of the project. Admin key of the project.',
    args: { projectId: t.arg.string({ required: true }), id: t.arg.string({ required: true }) },
    resolve: async (query, _root, { projectId, id }, context) => {
      await requireProjectAdmin(context, projectId);
      const job = await context.db.agentJob.findFirst({ ...query, where: { id, projectId } });
      if (!job) throw notFound(`No agent job with id "${id}" in project "${projectId}".`);
      return job;
    },
  }),
);
