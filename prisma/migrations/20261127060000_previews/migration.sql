-- Preview deployments per branch.
ALTER TABLE "deployments" ADD COLUMN "branch" TEXT, ADD COLUMN "is_preview" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "previews" (
    "id" TEXT NOT NULL DEFAULT folio_id(),
    "project_id" TEXT NOT NULL,
    "branch" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "deployment_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "previews_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "previews_deployment_id_key" ON "previews"("deployment_id");
CREATE UNIQUE INDEX "previews_project_id_branch_key" ON "previews"("project_id", "branch");
CREATE UNIQUE INDEX "previews_project_id_slug_key" ON "previews"("project_id", "slug");
ALTER TABLE "previews" ADD CONSTRAINT "previews_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "previews" ADD CONSTRAINT "previews_deployment_id_fkey" FOREIGN KEY ("deployment_id") REFERENCES "deployments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A preview going live (or removed) changes the site its domain names, as a project's does.
CREATE TRIGGER "previews_changed"
    AFTER UPDATE OF "deployment_id" OR DELETE OR TRUNCATE ON "previews"
    FOR EACH STATEMENT EXECUTE FUNCTION "folio_announce_change"('projects:changed');
