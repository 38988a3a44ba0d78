-- site_styles_and_page_modes: what a rendered page needs beside its HTML, and the site's own stylesheet.
-- page_renders.classes: the class names its HTML uses (the site's Tailwind CSS is made for their union);
-- page_renders.mode: frontmatter `mode` (custom, wide, center, frame), how the page is laid out;
-- page_renders.endpoint: an API reference page's operation (method, path, servers, auth, parameters) for its header and playground;
-- site_builds.css: the deployment's stylesheet (Tailwind utilities its pages use, then the repository's own CSS files).
ALTER TABLE "page_renders" ADD COLUMN "classes" TEXT[] NOT NULL DEFAULT '{}';
ALTER TABLE "page_renders" ADD COLUMN "mode" TEXT NOT NULL DEFAULT '';
ALTER TABLE "page_renders" ADD COLUMN "endpoint" JSONB;
ALTER TABLE "site_builds" ADD COLUMN "css" TEXT NOT NULL DEFAULT '';
