import type { AgentSession } from './types.ts';

/** What a job's row says of it. */
export function jobState(job: Pick<AgentSession, 'haulted' | 'haultReason'>): { word: string; status: string } {
  if (!job.haulted) return { word: 'running', status: 'in_progress' };
  return job.haultReason === 'completed' ? { word: 'completed', status: 'success' } : { word: job.haultReason ?? 'stopped', status: 'failure' };
}
