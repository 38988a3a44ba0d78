-- Agent jobs started from a content gap, with the before/after check of its questions.
CREATE TABLE "gap_fixes" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "project_id" TEXT NOT NULL,
    "gap_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "questions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "pages" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "session_id" TEXT NOT NULL,
    "check" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "gap_fixes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "gap_fixes_session_id_key" ON "gap_fixes"("session_id");
CREATE INDEX "gap_fixes_project_id_gap_id_idx" ON "gap_fixes"("project_id", "gap_id");
ALTER TABLE "gap_fixes" ADD CONSTRAINT "gap_fixes_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "gap_fixes" ADD CONSTRAINT "gap_fixes_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
