-- What incremental deployments need: the files of each deployed commit, the defaults search uses, and
-- what each stored page was built from.
ALTER TABLE "deployments" ADD COLUMN "files" JSONB;
ALTER TABLE "deployments" ADD COLUMN "default_language" TEXT;
ALTER TABLE "deployments" ADD COLUMN "default_version" TEXT;

ALTER TABLE "pages" ADD COLUMN "blob_id" TEXT NOT NULL;
ALTER TABLE "pages" ADD COLUMN "snippets" TEXT[] DEFAULT ARRAY[]::TEXT[];

CREATE INDEX "deployments_project_id_status_idx" ON "deployments"("project_id", "status");

ALTER TABLE "deployment_pages" ADD COLUMN "is_searchable" BOOLEAN NOT NULL DEFAULT true;

-- One file may serve several versions (or languages) of the navigation.
ALTER TABLE "deployment_pages" DROP CONSTRAINT "deployment_pages_pkey";
ALTER TABLE "deployment_pages" ADD CONSTRAINT "deployment_pages_pkey" PRIMARY KEY ("deployment_id", "page_id", "language", "version");
