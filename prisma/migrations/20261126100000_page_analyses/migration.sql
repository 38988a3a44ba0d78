-- Each page's chunks as search's text analysis reads them, per analyzer (language and index version):
-- a deployment's index analyses only the pages that changed since (api/search/page-analyses.ts).
CREATE TABLE "page_analyses" (
    "page_id" TEXT NOT NULL,
    "analyzer" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    CONSTRAINT "page_analyses_pkey" PRIMARY KEY ("page_id", "analyzer"),
    CONSTRAINT "page_analyses_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
