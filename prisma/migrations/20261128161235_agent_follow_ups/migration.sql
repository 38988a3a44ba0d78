-- agent_follow_ups: agent jobs that go on after a follow-up message (Mintlify's /v2 agent API), the model
-- a job ran with, and archived jobs.
ALTER TABLE "agent_sessions" ADD COLUMN "pending_messages" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "agent_sessions" ADD COLUMN "model" TEXT;
ALTER TABLE "agent_sessions" ADD COLUMN "archived_at" TIMESTAMPTZ(3);
