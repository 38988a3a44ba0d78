-- What AI tools read of a site: each page version's Markdown export (made with its HTML), and each
-- deployment's llms.txt and llms-full.txt (made at deployment, switched live with it). Absolute
-- addresses in them start with a mark the server replaces by the site's address (api/sites/site-origin.ts).
ALTER TABLE "page_renders" ADD COLUMN "markdown" TEXT NOT NULL DEFAULT '';
ALTER TABLE "site_builds" ADD COLUMN "llms_txt" TEXT NOT NULL DEFAULT '';
ALTER TABLE "site_builds" ADD COLUMN "llms_full_txt" TEXT NOT NULL DEFAULT '';
