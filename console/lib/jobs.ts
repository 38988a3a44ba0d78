import type { AgentJobState, AgentSession } from './types.ts';

/** What a job's row says of it. */
export function jobState(job: Pick<AgentSession, 'haulted' | 'haultReason'>, v2?: AgentJobState): { word: string; status: string } {
  if (v2?.status === 'archived') return { word: 'archived', status: 'archived' };
  if (!job.haulted) return { word: 'running', status: 'in_progress' };
  return job.haultReason === 'completed' ? { word: 'completed', status: 'success' } : { word: job.haultReason ?? 'stopped', status: 'failure' };
}
