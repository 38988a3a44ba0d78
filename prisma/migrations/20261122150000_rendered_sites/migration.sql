-- The rendered site: each page version's HTML, each deployment's layout (docs.json's theme, navigation
-- and redirects), the repository files sites serve (images, logo, favicon) and the deployments'
-- screenshots, and the pages served outside the navigation. Pages stored before this are rendered by the next deployment (the parser version changed).
CREATE TABLE "page_renders" (
    "page_id" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "headings" JSONB NOT NULL DEFAULT '[]',
    "sidebar_title" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "page_renders_pkey" PRIMARY KEY ("page_id")
);

CREATE TABLE "site_builds" (
    "deployment_id" TEXT NOT NULL,
    "layout" JSONB NOT NULL,
    CONSTRAINT "site_builds_pkey" PRIMARY KEY ("deployment_id")
);

CREATE TABLE "site_files" (
    "project_id" TEXT NOT NULL,
    "blob_id" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    CONSTRAINT "site_files_pkey" PRIMARY KEY ("project_id","blob_id")
);

CREATE TABLE "screenshots" (
    "deployment_id" TEXT NOT NULL,
    "theme" TEXT NOT NULL,
    "png" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "screenshots_pkey" PRIMARY KEY ("deployment_id","theme")
);

ALTER TABLE "page_renders" ADD CONSTRAINT "page_renders_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "site_builds" ADD CONSTRAINT "site_builds_deployment_id_fkey" FOREIGN KEY ("deployment_id") REFERENCES "deployments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "site_files" ADD CONSTRAINT "site_files_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_deployment_id_fkey" FOREIGN KEY ("deployment_id") REFERENCES "deployments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "hidden_pages" (
    "deployment_id" TEXT NOT NULL,
    "page_id" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    CONSTRAINT "hidden_pages_pkey" PRIMARY KEY ("deployment_id","route")
);
CREATE INDEX "hidden_pages_page_id_idx" ON "hidden_pages"("page_id");
ALTER TABLE "hidden_pages" ADD CONSTRAINT "hidden_pages_deployment_id_fkey" FOREIGN KEY ("deployment_id") REFERENCES "deployments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "hidden_pages" ADD CONSTRAINT "hidden_pages_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
