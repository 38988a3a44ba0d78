-- Searches also added up per UTC week (from Monday), so that the search terms report reads a row per term
-- and week for a range's whole weeks, per day only for the days around them
-- (api/analytics/reports/searches-report.ts). The same trigger keeps both. Both also count the searches
-- that found nothing and those listed in the widget or the site (which report the result opened), with
-- the page put first, for the content gaps (api/analytics/content-gaps.ts).
ALTER TABLE "search_terms_daily" ADD COLUMN "empty_hits" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "listed_hits" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "first_path" TEXT;

CREATE TABLE "search_terms_weekly" (
    "project_id" TEXT NOT NULL,
    "week" TEXT NOT NULL,
    "term" TEXT NOT NULL,
    "shown" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,
    "empty_hits" INTEGER NOT NULL DEFAULT 0,
    "listed_hits" INTEGER NOT NULL DEFAULT 0,
    "first_path" TEXT,
    CONSTRAINT "search_terms_weekly_pkey" PRIMARY KEY ("project_id", "week", "term"),
    CONSTRAINT "search_terms_weekly_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The opened results of the terms a report shows, by term.
CREATE INDEX "search_clicks_daily_project_id_term_day_idx" ON "search_clicks_daily"("project_id", "term", "day");

CREATE OR REPLACE FUNCTION "folio_roll_up_searches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_terms_daily (project_id, day, term, shown, hits, last_at, empty_hits, listed_hits, first_path)
    SELECT project_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), lower(btrim(query)), min(btrim(query)), count(*), max(created_at),
           count(*) FILTER (WHERE result_count = 0), count(*) FILTER (WHERE result_count > 0 AND caller IN ('widget', 'site')),
           min(paths[1]) FILTER (WHERE result_count > 0)
    FROM inserted GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (project_id, day, term) DO UPDATE SET
        hits = search_terms_daily.hits + EXCLUDED.hits,
        shown = least(search_terms_daily.shown, EXCLUDED.shown),
        last_at = greatest(search_terms_daily.last_at, EXCLUDED.last_at),
        empty_hits = search_terms_daily.empty_hits + EXCLUDED.empty_hits,
        listed_hits = search_terms_daily.listed_hits + EXCLUDED.listed_hits,
        first_path = least(search_terms_daily.first_path, EXCLUDED.first_path);
    INSERT INTO search_terms_weekly (project_id, week, term, shown, hits, last_at, empty_hits, listed_hits, first_path)
    SELECT project_id, to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD'), lower(btrim(query)), min(btrim(query)), count(*), max(created_at),
           count(*) FILTER (WHERE result_count = 0), count(*) FILTER (WHERE result_count > 0 AND caller IN ('widget', 'site')),
           min(paths[1]) FILTER (WHERE result_count > 0)
    FROM inserted GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (project_id, week, term) DO UPDATE SET
        hits = search_terms_weekly.hits + EXCLUDED.hits,
        shown = least(search_terms_weekly.shown, EXCLUDED.shown),
        last_at = greatest(search_terms_weekly.last_at, EXCLUDED.last_at),
        empty_hits = search_terms_weekly.empty_hits + EXCLUDED.empty_hits,
        listed_hits = search_terms_weekly.listed_hits + EXCLUDED.listed_hits,
        first_path = least(search_terms_weekly.first_path, EXCLUDED.first_path);
    RETURN NULL;
END;
$$;

-- The searches already recorded, counted again into both.
TRUNCATE search_terms_daily;
WITH moved AS (DELETE FROM search_events RETURNING *) INSERT INTO search_events SELECT * FROM moved;
