-- One name per concept: agent sessions are agent jobs, and Mintlify's spellings (`haulted`, `github_missconfigured`) stay in the API
-- (api/schema/agent-job-v1.ts) instead of the columns. Every row is kept: renames, and stored events and queued runs rewritten.
ALTER TABLE "agent_sessions" RENAME TO "agent_jobs";
ALTER TABLE "agent_jobs" RENAME CONSTRAINT "agent_sessions_pkey" TO "agent_jobs_pkey";
ALTER TABLE "agent_jobs" RENAME CONSTRAINT "agent_sessions_project_id_fkey" TO "agent_jobs_project_id_fkey";
ALTER INDEX "agent_sessions_project_id_created_at_idx" RENAME TO "agent_jobs_project_id_created_at_idx";
ALTER TYPE "HaultReason" RENAME TO "HaltReason";
ALTER TYPE "HaltReason" RENAME VALUE 'github_missconfigured' TO 'github_misconfigured';
ALTER TABLE "agent_jobs" RENAME COLUMN "haulted" TO "halted";
ALTER TABLE "agent_jobs" RENAME COLUMN "hault_reason" TO "halt_reason";

ALTER TABLE "todos" RENAME COLUMN "session_id" TO "job_id";
ALTER INDEX "todos_session_id_position_key" RENAME TO "todos_job_id_position_key";
ALTER TABLE "todos" RENAME CONSTRAINT "todos_session_id_fkey" TO "todos_job_id_fkey";

ALTER TABLE "agent_events" RENAME COLUMN "session_id" TO "job_id";
ALTER TABLE "agent_events" RENAME CONSTRAINT "agent_events_session_id_fkey" TO "agent_events_job_id_fkey";

ALTER TABLE "pull_requests" RENAME COLUMN "session_id" TO "job_id";
ALTER INDEX "pull_requests_session_id_key" RENAME TO "pull_requests_job_id_key";
ALTER TABLE "pull_requests" RENAME CONSTRAINT "pull_requests_session_id_fkey" TO "pull_requests_job_id_fkey";

ALTER TABLE "gap_fixes" RENAME COLUMN "session_id" TO "job_id";
ALTER INDEX "gap_fixes_session_id_key" RENAME TO "gap_fixes_job_id_key";
ALTER TABLE "gap_fixes" RENAME CONSTRAINT "gap_fixes_session_id_fkey" TO "gap_fixes_job_id_fkey";

-- Agent runs queued before this migration carry the old payload key (api/agent/agent-job.ts).
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    UPDATE pgboss.job SET data = (data - 'sessionId') || jsonb_build_object('jobId', data -> 'sessionId')
     WHERE name IN ('agent.run', 'agent.failed') AND data ? 'sessionId';
  END IF;
END $$;

-- Outcome events are stored in Folio's words too; the stream still sends Mintlify's (apiEventPayload).
UPDATE "agent_events"
   SET "payload" = ("payload" - 'haulted' - 'haultReason') || jsonb_build_object(
         'halted', "payload" -> 'haulted',
         'haltReason', CASE WHEN "payload" ->> 'haultReason' = 'github_missconfigured' THEN to_jsonb('github_misconfigured'::text) ELSE "payload" -> 'haultReason' END)
 WHERE "kind" = 'outcome' AND "payload" ? 'haulted';
