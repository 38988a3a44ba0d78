import { createAgentJob, parseAgentJobRequest } from '../agent/create-job.ts';
import { agentTopic, followAgentEvents } from '../agent/event-log.ts';
import { notFound } from '../errors.ts';
import { AgentSession, apiEventPayload } from './agent-job-v1.ts';
import { requireProjectAdmin } from './authorize.ts';
import { builder } from './builder.ts';

/** One event of an agent job's stream (the first is `started`, with the job's ids). */
export interface AgentJobEventShape {
  seq: number;
  kind: string;
  payload: Record<string, unknown>;
}

const AgentJobEvent = builder.objectRef<AgentJobEventShape>('AgentJobEvent').implement({
  description:
    'One event of an agent job: started {sessionId, messageId}, message {role, content} (a follow-up that starts a turn), step-started, text {text}, tool-call {toolCallId, toolName, args}, tool-result {toolCallId, toolName, result}, step-finished, todos {todos}, status {message}, outcome {haulted, haultReason, messageToUser, pullRequestLink} (the end of a turn; haulted is false when a follow-up runs next).',
  fields: (t) => ({
    seq: t.exposeInt('seq'),
    kind: t.exposeString('kind'),
    payload: t.field({ type: 'JSON', resolve: apiEventPayload }),
  }),
});

/** What the job creation route runs: the events selected whole. */
export const AGENT_JOB_OPERATION = `subscription AgentJob($projectId: String!, $input: JSON!) {
  agentJob(projectId: $projectId, input: $input) { seq kind payload }
}`;

builder.subscriptionField('agentJob', (t) =>
  t.field({
    type: AgentJobEvent,
    description:
      'Creates an agent job (the body of POST /v1/agent/{projectId}/job: branch, messages, asDraft) and follows it: its events as they happen, until its outcome. The job runs on a worker whether or not anyone follows it. Admin key of the project.',
    args: { projectId: t.arg.string({ required: true }), input: t.arg({ type: 'JSON', required: true }) },
    subscribe: async (_root, { projectId, input }, context) => {
      await requireProjectAdmin(context, projectId);
      const project = await context.db.project.findUniqueOrThrow({ where: { id: projectId }, select: { branch: true } });
      const request = parseAgentJobRequest(input, project.branch);
      const { jobId, messageId } = await createAgentJob(context, projectId, request);
      return (async function* started() {
        yield { seq: -1, kind: 'started', payload: { jobId, messageId } };
        yield* followAgentEvents(context, jobId, context.signal, { until: 'turn' });
      })();
    },
    resolve: (event: AgentJobEventShape) => event,
  }),
);

builder.subscriptionField('agentJobEvents', (t) =>
  t.field({
    type: AgentJobEvent,
    description:
      'An agent job’s events from its first (or after `afterSeq`), then as they happen, through every turn (a follow-up’s starts with a `message` event), until the outcome after which the job has ended: what the console shows of a job it did not start. Admin key of the project.',
    args: {
      projectId: t.arg.string({ required: true }),
      sessionId: t.arg.string({ required: true }),
      afterSeq: t.arg.int({ required: false, description: 'Leave out the events up to this seq (a client that reconnects).' }),
    },
    subscribe: async (_root, { projectId, sessionId: jobId, afterSeq }, context) => {
      await requireProjectAdmin(context, projectId);
      const found = await context.db.agentJob.findFirst({ where: { id: jobId, projectId }, select: { id: true } });
      if (!found) throw notFound(`No agent job with id "${jobId}" in this project.`);
      return followAgentEvents(context, jobId, context.signal, { afterSeq: afterSeq ?? -1, until: 'job' });
    },
    resolve: (event: AgentJobEventShape) => event,
  }),
);

builder.subscriptionField('agentSessionUpdated', (t) =>
  t.prismaField({
    type: AgentSession,
    description: 'An agent session now, then after every change (its todos, its outcome), until it has halted. Admin key of its project.',
    args: { sessionId: t.arg.string({ required: true }) },
    subscribe: async (_root, { sessionId: jobId }, context) => {
      await context.auth.requireKind('admin');
      const found = await context.db.agentJob.findUnique({ where: { id: jobId }, select: { projectId: true } });
      if (!found) throw notFound(`No agent job with id "${jobId}".`);
      await context.auth.requireProject(found.projectId);
      return (async function* updates() {
        const changes = context.events.subscribe(agentTopic(jobId), context.signal);
        let last = '';
        try {
          for (;;) {
            const job = await context.db.agentJob.findUnique({ where: { id: jobId }, select: { halted: true, updatedAt: true, todos: true } });
            if (!job) return;
            // The job's text and tool events notify too; the record is sent again only when it changed.
            const state = JSON.stringify(job);
            if (state !== last) yield jobId;
            last = state;
            if (job.halted || (await changes.next()).done) return;
          }
        } finally {
          await changes.return?.();
        }
      })();
    },
    resolve: (query, id: string, _args, context) => context.db.agentJob.findUniqueOrThrow({ ...query, where: { id } }),
  }),
);
