import type { AgentEvent, AgentJobState, AgentSession, JsonValue } from './documents.ts';

/** What a job's row says of it. */
export function jobState(job: Pick<AgentSession, 'haulted' | 'haultReason'>, v2?: AgentJobState): { word: string; status: string } {
  if (v2?.status === 'archived') return { word: 'archived', status: 'archived' };
  if (!job.haulted) return { word: 'running', status: 'in_progress' };
  return job.haultReason === 'completed' ? { word: 'completed', status: 'success' } : { word: job.haultReason ?? 'stopped', status: 'failure' };
}

/** An event's payload: an object for every kind Folio sends, though the schema types it as any JSON value. */
export function payloadOf({ payload }: Pick<AgentEvent, 'payload'>): { [key: string]: JsonValue } {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload : {};
}
