-- Searches and opened results added up per UTC day (2026-11-26), term (case and surrounding spaces aside) and page, as
-- they are written, so that the search terms report reads a row per term and day rather than every
-- search (api/analytics/reports/searches-report.ts). Statement-level triggers keep them true whoever
-- inserts; the retention job deletes their days with the events'.
CREATE TABLE "search_terms_daily" (
    "project_id" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "term" TEXT NOT NULL,
    "shown" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "search_terms_daily_pkey" PRIMARY KEY ("project_id", "day", "term"),
    CONSTRAINT "search_terms_daily_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "search_clicks_daily" (
    "project_id" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "term" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL,
    CONSTRAINT "search_clicks_daily_pkey" PRIMARY KEY ("project_id", "day", "term", "path"),
    CONSTRAINT "search_clicks_daily_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE FUNCTION "folio_roll_up_searches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_terms_daily (project_id, day, term, shown, hits, last_at)
    SELECT project_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), lower(btrim(query)), min(btrim(query)), count(*), max(created_at)
    FROM inserted GROUP BY 1, 2, 3
    ON CONFLICT (project_id, day, term) DO UPDATE SET
        hits = search_terms_daily.hits + EXCLUDED.hits,
        shown = least(search_terms_daily.shown, EXCLUDED.shown),
        last_at = greatest(search_terms_daily.last_at, EXCLUDED.last_at);
    RETURN NULL;
END;
$$;

CREATE FUNCTION "folio_roll_up_clicks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_clicks_daily (project_id, day, term, path, clicks)
    SELECT project_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), lower(btrim(query)), path, count(*)
    FROM inserted GROUP BY 1, 2, 3, 4
    ON CONFLICT (project_id, day, term, path) DO UPDATE SET clicks = search_clicks_daily.clicks + EXCLUDED.clicks;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "search_events_rolled_up" AFTER INSERT ON "search_events"
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "folio_roll_up_searches"();
CREATE TRIGGER "search_clicks_rolled_up" AFTER INSERT ON "search_clicks"
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "folio_roll_up_clicks"();
