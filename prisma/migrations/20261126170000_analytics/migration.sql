-- What readers do, recorded for the people who run the docs (api/analytics/): searches and the results
-- opened, assistant turns, feedback, page views. No client address is stored: visitors are counted by a
-- hash of address and user agent salted with a salt that changes every day and is deleted after it.
ALTER TABLE "projects" ADD COLUMN "analytics_enabled" BOOLEAN NOT NULL DEFAULT true;
-- Web processes keep it with each site (api/projects/sites-by-domain.ts): a change is announced.
DROP TRIGGER "projects_changed" ON "projects";
CREATE TRIGGER "projects_changed"
    AFTER UPDATE OF "subdomain", "name", "live_deployment_id", "analytics_enabled" OR DELETE OR TRUNCATE ON "projects"
    FOR EACH STATEMENT EXECUTE FUNCTION "folio_announce_change"('projects:changed');

CREATE TABLE "search_events" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "query" TEXT NOT NULL,
    "language" TEXT,
    "version" TEXT,
    "result_count" INTEGER NOT NULL,
    "paths" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "latency_ms" DOUBLE PRECISION NOT NULL,
    "caller" TEXT NOT NULL,
    "visitor" TEXT,
    CONSTRAINT "search_events_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "search_events_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "search_events_project_id_created_at_idx" ON "search_events"("project_id", "created_at");

CREATE TABLE "search_clicks" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "query" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "caller" TEXT NOT NULL,
    CONSTRAINT "search_clicks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "search_clicks_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "search_clicks_project_id_created_at_idx" ON "search_clicks"("project_id", "created_at");

CREATE TABLE "assistant_turns" (
    "message_id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "thread_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "question" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "cited_paths" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "search_queries" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "first_text_ms" DOUBLE PRECISION,
    "total_ms" DOUBLE PRECISION NOT NULL,
    "model" TEXT NOT NULL,
    "caller" TEXT NOT NULL,
    "page_url" TEXT,
    CONSTRAINT "assistant_turns_pkey" PRIMARY KEY ("message_id"),
    CONSTRAINT "assistant_turns_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "assistant_turns_project_id_created_at_idx" ON "assistant_turns"("project_id", "created_at");

CREATE TABLE "feedback" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "project_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source" TEXT NOT NULL,
    "helpful" BOOLEAN NOT NULL,
    "path" TEXT NOT NULL,
    "comment" TEXT,
    "contact" TEXT,
    "thread_id" TEXT,
    "message_id" TEXT,
    "code" TEXT,
    "filename" TEXT,
    "language" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "caller" TEXT NOT NULL,
    CONSTRAINT "feedback_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "feedback_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "feedback_project_id_created_at_idx" ON "feedback"("project_id", "created_at");

CREATE TABLE "page_views" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "path" TEXT NOT NULL,
    "is_ai" BOOLEAN NOT NULL,
    "via" TEXT NOT NULL,
    "visitor" TEXT,
    CONSTRAINT "page_views_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "page_views_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "page_views_project_id_created_at_idx" ON "page_views"("project_id", "created_at");

CREATE TABLE "analytics_salts" (
    "day" TEXT NOT NULL,
    "salt" TEXT NOT NULL,
    CONSTRAINT "analytics_salts_pkey" PRIMARY KEY ("day")
);
