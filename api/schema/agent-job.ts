import { archiveAgentJob } from '../agent/archive-job.ts';
import { type ConversationMessage, conversationOf } from '../agent/conversation.ts';
import { createAgentJob } from '../agent/create-job.ts';
import { sendFollowUp } from '../agent/follow-up.ts';
import { AGENT_JOB_STATUSES, agentJobStatus } from '../agent/job-state.ts';
import { jobFromPrompt, parsePrompt } from '../agent/prompt-job.ts';
import { notFound } from '../errors.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';
import type { GraphQLContext } from './context.ts';

const AgentJobStatus = builder.enumType('AgentJobStatus', {
  description:
    'active: a turn is queued or running. completed: the last turn finished (check prLink). archived: a person archived the job. failed: it ended with an error (messageToUser says why).',
  values: AGENT_JOB_STATUSES,
});

const AgentJobSource = builder.objectRef<{ repository: string; ref: string }>('AgentJobSource').implement({
  description: 'Where the job works.',
  fields: (t) => ({
    repository: t.exposeString('repository', { description: "The project's repository." }),
    ref: t.exposeString('ref', { description: 'The branch the agent works on.' }),
  }),
});

const AgentJobMessage = builder.objectRef<ConversationMessage>('AgentJobMessage').implement({
  description: "One message of a job's conversation: an instruction (system, user) or the agent's answer at the end of a turn (assistant).",
  fields: (t) => ({ role: t.exposeString('role'), content: t.exposeString('content') }),
});

/**
 * An agent job as Mintlify's /v2 agent API shows it (`AgentJob`); the /v1 routes show the same jobs as
 * AgentSession (agent-job-v1.ts). Its fields, in this order, are the JSON of the /v2 routes; Folio's own come
 * after the documented ones.
 */
export const AgentJob = builder.prismaObject('AgentJob', {
  fields: (t) => ({
    id: t.exposeString('id'),
    status: t.field({ type: AgentJobStatus, select: { halted: true, haltReason: true, archivedAt: true }, resolve: agentJobStatus }),
    source: t.field({
      type: AgentJobSource,
      select: { branch: true, project: { select: { repoUrl: true } } },
      resolve: (job) => ({ repository: job.project.repoUrl, ref: job.branch }),
    }),
    model: t.string({
      description: 'The answer model the last turn ran with (`none` when no model was configured).',
      select: { model: true },
      resolve: (job) => job.model ?? 'none',
    }),
    prLink: t.exposeString('pullRequestLink', { nullable: true, description: 'The pull request, once one is open.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    archivedAt: t.expose('archivedAt', { type: 'DateTime', nullable: true }),
    messageToUser: t.exposeString('messageToUser', {
      nullable: true,
      description: 'Folio: what the last turn did, or why the job failed.',
    }),
    messages: t.field({
      type: [AgentJobMessage],
      description: 'Folio: the conversation, turn by turn, with the follow-ups still waiting for their turn last.',
      select: { messages: true, pendingMessages: true },
      resolve: (job) => [...conversationOf(job.messages), ...conversationOf(job.pendingMessages)],
    }),
  }),
});

/** The job after a command, as the field selected it. */
const jobOf = async (query: object, context: GraphQLContext, projectId: string, id: string) => {
  const job = await context.db.agentJob.findFirst({ ...query, where: { id, projectId } });
  if (!job) throw notFound(`No agent job with id "${id}" in project "${projectId}".`);
  return job;
};

builder.queryField('agentJobV2', (t) =>
  t.prismaField({
    type: AgentJob,
    description: 'One agent job of the project, as the /v2 agent API shows it: poll until completed, archived or failed. Admin key of the project.',
    args: { projectId: t.arg.string({ required: true }), id: t.arg.string({ required: true }) },
    resolve: async (query, _root, { projectId, id }, context) => {
      await requireProjectAdmin(context, projectId);
      return jobOf(query, context, projectId, id);
    },
  }),
);

builder.mutationField('createAgentJob', (t) =>
  t.prismaField({
    type: AgentJob,
    description:
      'Creates an agent job from a prompt, on a branch of its own, and answers at once (`active`): poll agentJobV2, or follow agentJobEvents. 100 jobs per project per hour. Admin key of the project.',
    args: {
      projectId: t.arg.string({ required: true }),
      prompt: t.arg.string({ required: true, description: 'The instruction for the agent.' }),
    },
    resolve: async (query, _root, { projectId, prompt }, context) => {
      await requireProjectAdmin(context, projectId);
      const { jobId } = await createAgentJob(context, projectId, jobFromPrompt(parsePrompt(prompt)));
      return jobOf(query, context, projectId, jobId);
    },
  }),
);

builder.mutationField('sendAgentJobMessage', (t) =>
  t.prismaField({
    type: AgentJob,
    description:
      'Sends a follow-up instruction to a job: it runs after the running turn, or continues a completed job on its branch and pull request. 409 for an archived or failed job. 100 per project per hour. Admin key of the project.',
    args: {
      projectId: t.arg.string({ required: true }),
      id: t.arg.string({ required: true }),
      prompt: t.arg.string({ required: true, description: 'The follow-up instruction for the agent.' }),
    },
    resolve: async (query, _root, { projectId, id, prompt }, context) => {
      await requireProjectAdmin(context, projectId);
      await sendFollowUp(context, projectId, id, parsePrompt(prompt));
      return jobOf(query, context, projectId, id);
    },
  }),
);

builder.mutationField('archiveAgentJob', (t) =>
  t.prismaField({
    type: AgentJob,
    description: 'Archives a job that has ended: it takes no more follow-ups. 409 while it runs. Admin key of the project.',
    args: { projectId: t.arg.string({ required: true }), id: t.arg.string({ required: true }) },
    resolve: async (query, _root, { projectId, id }, context) => {
      await requireProjectAdmin(context, projectId);
      await archiveAgentJob(context, projectId, id);
      return jobOf(query, context, projectId, id);
    },
  }),
);
