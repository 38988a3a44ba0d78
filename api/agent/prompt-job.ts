import { randomBytes } from 'node:crypto';
import { invalidInput } from '../errors.ts';
import { AGENT_JOB_LIMITS, type AgentJobRequest } from './create-job.ts';

/** A prompt of the /v2 agent routes, checked: 400 naming `prompt` when it is empty or too long. */
export function parsePrompt(prompt: string): string {
  if (prompt.trim() === '') throw invalidInput('prompt', 'prompt must not be empty.');
  if (prompt.length > AGENT_JOB_LIMITS.maxMessageLength) {
    throw invalidInput('prompt', `prompt must be at most ${AGENT_JOB_LIMITS.maxMessageLength} characters long.`);
  }
  return prompt;
}

/**
 * The job a prompt asks for (`POST /v2/agent/{projectId}/job`): a branch of its own, named after the
 * prompt's first words and made unique (`agent/document-the-port-flag-3f9a1c`), and a draft pull request.
 */
export function jobFromPrompt(prompt: string): AgentJobRequest {
  const words = prompt
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    if (`${slug}-${word}`.length > 40) break;
    slug = slug ? `${slug}-${word}` : word;
  }
  const branch = `agent/${slug || 'job'}-${randomBytes(3).toString('hex')}`;
  return { branch, messages: [{ role: 'user', content: prompt }], asDraft: true };
}
