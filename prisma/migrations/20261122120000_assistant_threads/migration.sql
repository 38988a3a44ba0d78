-- Assistant threads: ids chosen by the application (random, unguessable), listing by recent activity;
-- messages keep the client's id and how an answer ended.
ALTER TABLE "threads" ALTER COLUMN "id" DROP DEFAULT;
CREATE INDEX "threads_project_id_updated_at_idx" ON "threads"("project_id", "updated_at");
ALTER TABLE "messages" ADD COLUMN "client_id" TEXT;
ALTER TABLE "messages" ADD COLUMN "finish_reason" TEXT;
