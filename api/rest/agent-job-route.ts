import { MAX_BRANCH_LENGTH } from '../projects/branch-name.ts';
import type { StreamRoute } from './routes.ts';
import { AGENT_JOB_OPERATION } from '../schema/agent-jobs.ts';
import { AGENT_JOB_LIMITS } from '../agent/create-job.ts';
import { agentStreamEncoder } from '../agent/encoder.ts';

/** POST /v1/agent/{projectId}/job: creates a job and streams its progress. */
export const agentJobRoute: StreamRoute = {
  kind: 'stream',
  method: 'POST',
  path: '/v1/agent/:projectId/job',
  field: 'Subscription.agentJob',
  keyKind: 'admin',
  status: 200,
  hasBody: true,
  summary: 'Create agent job',
  tag: 'Admin',
  operation: AGENT_JOB_OPERATION,
  variables: (params, body) => ({ projectId: params.projectId, input: body ?? {} }),
  encoder: agentStreamEncoder,
  openApi: {
    requestBody: {
      type: 'object',
      required: ['branch', 'messages'],
      additionalProperties: false,
      properties: {
        branch: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_BRANCH_LENGTH,
          description:
            'The branch to work on, by its own name (docs/port-flag, not refs/heads/docs/port-flag), created from the deployment branch if it does not exist; a name git accepts, never HEAD nor the deployment branch itself.',
        },
        messages: {
          type: 'array',
          minItems: 1,
          maxItems: AGENT_JOB_LIMITS.maxMessages,
          items: {
            type: 'object',
            required: ['role', 'content'],
            properties: {
              role: { type: 'string', enum: ['system', 'user'] },
              content: { type: 'string', minLength: 1, maxLength: AGENT_JOB_LIMITS.maxMessageLength },
            },
          },
        },
        asDraft: { type: 'boolean', default: true, description: 'Open the pull request as a draft.' },
      },
    },
    contentType: 'text/plain; charset=utf-8',
    description:
      "The job's progress as the AI SDK v4 data stream: its text, tool calls and results, todos and status lines as data parts, and its outcome. The job goes on if the client disconnects; follow it with agentSessionUpdated or GET .../job/{id}. 100 jobs per project per hour (429 with Retry-After).",
    headers: { 'X-Session-Id': 'The session (job) id.', 'X-Message-Id': "The id of the agent's message." },
  },
};
