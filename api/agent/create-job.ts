import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { invalidInput } from '../errors.ts';
import { agentRunJob } from './agent-job.ts';
import { branchNameProblem, MAX_BRANCH_LENGTH } from '../projects/branch-name.ts';
import type { Services } from '../services.ts';
import { agentTopic } from './event-log.ts';
import { haltedAtCreation, NO_ANSWER_MODEL } from './halt.ts';

/** What one job request may hold (docs/agent-jobs.md). */
export const AGENT_JOB_LIMITS = { maxMessages: 50, maxMessageLength: 20_000 } as const;

export interface AgentJobRequest {
  branch: string;
  messages: { role: 'system' | 'user'; content: string }[];
  asDraft: boolean;
}

const body = z
  .object({
    branch: z
      .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
      .min(1, 'must not be empty')
      .max(MAX_BRANCH_LENGTH, `must be at most ${MAX_BRANCH_LENGTH} characters long`),
    messages: z
      .array(
        z.object({
          role: z.enum(['system', 'user'], { errorMap: () => ({ message: 'must be system or user' }) }),
          content: z
            .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
            .max(AGENT_JOB_LIMITS.maxMessageLength, `must be at most ${AGENT_JOB_LIMITS.maxMessageLength} characters long`)
            .refine((content) => content.trim() !== '', 'must not be empty'),
        }),
        { required_error: 'is required', invalid_type_error: 'must be an array of messages' },
      )
      .min(1, 'must hold at least one message')
      .max(AGENT_JOB_LIMITS.maxMessages, `must hold at most ${AGENT_JOB_LIMITS.maxMessages} messages`),
    asDraft: z.boolean({ invalid_type_error: 'must be true or false' }).nullish(),
  })
  .strict();

/** Validates a job request (a 400 naming the first field at fault). */
export function parseAgentJobRequest(input: unknown, deploymentBranch: string): AgentJobRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalidInput('body', 'The request body must be a JSON object.');
  const parsed = body.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    if (issue!.code === 'unrecognized_keys') {
      throw invalidInput(issue!.keys[0]!, `Unknown field "${issue!.keys[0]}"; this endpoint accepts: branch, messages, asDraft.`);
    }
    const field = issue!.path.join('.') || 'body';
    throw invalidInput(field, `${field} ${issue!.message}.`);
  }
  const { branch, messages, asDraft } = parsed.data;
  const problem = branchNameProblem(branch);
  if (problem) throw invalidInput('branch', `"${branch}" cannot be a branch name: ${problem}.`);
  if (branch === deploymentBranch) {
    throw invalidInput('branch', `"${branch}" is the deployment branch; agent jobs work on a branch of their own and open a pull request into it.`);
  }
  return { branch, messages, asDraft: asDraft ?? true };
}

/** A job that fixes a content gap (gap-fix.ts): the gap and its questions, checked once the job pushed. */
export interface GapFixInput {
  gapId: string;
  title: string;
  questions: string[];
  pages: string[];
}

/**
 * Creates the job's record (and, for a gap fix, its own) and enqueues its run in one transaction, within the project's rate limit. Jobs on
 * one branch run one after the other (the queue is ordered per project and branch). With no answer model
 * configured the job is stored already ended, saying so, and no job is queued.
 */
export async function createAgentJob(
  services: Services,
  projectId: string,
  request: AgentJobRequest,
  gapFix?: GapFixInput,
): Promise<{ jobId: string; messageId: string }> {
  await services.rateLimits.agentJobs.consume(projectId);
  const messageId = randomBytes(12).toString('hex');
  const model = services.config.answerModel?.model;
  const halted = model ? {} : haltedAtCreation(NO_ANSWER_MODEL);
  // A job ended at once has its answer in the conversation, as a turn that ran would.
  const messages = model ? request.messages : [...request.messages, { role: 'assistant', content: NO_ANSWER_MODEL.message }];
  const job = await services.db.$transaction(async (tx) => {
    const created = await tx.agentJob.create({
      data: { projectId, branch: request.branch, asDraft: request.asDraft, messages, messageId, model, ...halted },
      select: { id: true, halted: true },
    });
    if (gapFix) await tx.gapFix.create({ data: { ...gapFix, projectId, jobId: created.id } });
    if (!created.halted) await services.jobs.enqueue(agentRunJob, { jobId: created.id, projectId, branch: request.branch }, tx);
    return created;
  });
  await services.events.publish(agentTopic(job.id), {});
  return { jobId: job.id, messageId };
}
