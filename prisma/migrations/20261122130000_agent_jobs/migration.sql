-- Agent jobs: the answer message id, the event log each job's stream is read from, the pull requests
-- Folio keeps for repositories not on GitHub, and the shared rate limit counters.
ALTER TABLE "agent_sessions" ADD COLUMN "message_id" TEXT;

CREATE TABLE "agent_events" (
    "session_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "agent_events_pkey" PRIMARY KEY ("session_id", "seq")
);
ALTER TABLE "agent_events" ADD CONSTRAINT "agent_events_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "pull_requests" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "branch" TEXT NOT NULL,
    "base_branch" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "diff" TEXT NOT NULL,
    "is_draft" BOOLEAN NOT NULL,
    "head_sha" TEXT NOT NULL,
    "base_sha" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pull_requests_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "pull_requests_session_id_key" ON "pull_requests"("session_id");
CREATE INDEX "pull_requests_project_id_created_at_idx" ON "pull_requests"("project_id", "created_at");
ALTER TABLE "pull_requests" ADD CONSTRAINT "pull_requests_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pull_requests" ADD CONSTRAINT "pull_requests_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,
    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);
