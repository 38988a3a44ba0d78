-- content_addressed_pages: a page's content is stored once, however many files and routes serve it
-- (every version of a versioned site that has the same file); which file serves a route moves to the
-- rows that say where a page is served.
ALTER TABLE "deployment_pages" ADD COLUMN "source_path" TEXT;
UPDATE "deployment_pages" dp SET "source_path" = p."source_path" FROM "pages" p WHERE p."id" = dp."page_id";
ALTER TABLE "deployment_pages" ALTER COLUMN "source_path" SET NOT NULL;
ALTER TABLE "deployment_pages" DROP CONSTRAINT "deployment_pages_pkey";
ALTER TABLE "deployment_pages" ADD CONSTRAINT "deployment_pages_pkey" PRIMARY KEY ("deployment_id", "route", "language", "version");

ALTER TABLE "hidden_pages" ADD COLUMN "source_path" TEXT;
UPDATE "hidden_pages" hp SET "source_path" = p."source_path" FROM "pages" p WHERE p."id" = hp."page_id";
ALTER TABLE "hidden_pages" ALTER COLUMN "source_path" SET NOT NULL;

-- Pages stored before were one per file: the same content in two files stays two pages (each rendered
-- for its own route), told apart by the file. New pages never match them: the renderer's version is in
-- their hash.
UPDATE "pages" p SET "content_hash" = p."content_hash" || ' ' || p."source_path"
WHERE EXISTS (SELECT 1 FROM "pages" o WHERE o."project_id" = p."project_id" AND o."content_hash" = p."content_hash" AND o."id" <> p."id");
DROP INDEX "pages_project_id_source_path_content_hash_key";
ALTER TABLE "pages" DROP COLUMN "source_path";
CREATE UNIQUE INDEX "pages_project_id_content_hash_key" ON "pages"("project_id", "content_hash");
