-- Page views and distinct visitors added up per UTC day and page, as views are written, so that the views
-- and visitors reports read a row per page and day rather than every view
-- (api/analytics/reports/traffic-report.ts). The path '' stands for the whole site (its visitors are
-- distinct across pages). A visitor hash is of one day, so distinct visitors add up day by day.
-- `traffic_visitors_daily` holds who was already counted: a visitor is counted once per day, page and
-- kind (human, ai, all) when its row is first inserted, which stays exact when processes write at once.
-- Statement-level triggers keep both true whoever inserts; the retention job deletes their old days.
CREATE TABLE "traffic_daily" (
    "project_id" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "human_views" INTEGER NOT NULL,
    "ai_views" INTEGER NOT NULL,
    "human_visitors" INTEGER NOT NULL,
    "ai_visitors" INTEGER NOT NULL,
    "visitors" INTEGER NOT NULL,
    CONSTRAINT "traffic_daily_pkey" PRIMARY KEY ("project_id", "day", "path"),
    CONSTRAINT "traffic_daily_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "traffic_visitors_daily" (
    "project_id" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "visitor" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    CONSTRAINT "traffic_visitors_daily_pkey" PRIMARY KEY ("project_id", "day", "path", "visitor", "kind"),
    CONSTRAINT "traffic_visitors_daily_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE FUNCTION "folio_roll_up_views"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    WITH batch AS (
        SELECT project_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, path, is_ai, visitor FROM inserted
    ), scoped AS (
        SELECT project_id, day, path, is_ai, visitor FROM batch
        UNION ALL
        SELECT project_id, day, '', is_ai, visitor FROM batch
    ), views AS (
        SELECT project_id, day, path, count(*) FILTER (WHERE NOT is_ai) AS human, count(*) FILTER (WHERE is_ai) AS ai
        FROM scoped GROUP BY 1, 2, 3
    ), counted AS (
        INSERT INTO traffic_visitors_daily (project_id, day, path, visitor, kind)
        SELECT DISTINCT project_id, day, path, visitor, kinds.kind
        FROM scoped, LATERAL (VALUES (CASE WHEN is_ai THEN 'ai' ELSE 'human' END), ('all')) AS kinds(kind)
        WHERE visitor IS NOT NULL
        ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT DO NOTHING
        RETURNING project_id, day, path, kind
    ), visitors AS (
        SELECT project_id, day, path,
               count(*) FILTER (WHERE kind = 'human') AS human, count(*) FILTER (WHERE kind = 'ai') AS ai, count(*) FILTER (WHERE kind = 'all') AS total
        FROM counted GROUP BY 1, 2, 3
    )
    INSERT INTO traffic_daily (project_id, day, path, human_views, ai_views, human_visitors, ai_visitors, visitors)
    SELECT v.project_id, v.day, v.path, v.human, v.ai, coalesce(s.human, 0), coalesce(s.ai, 0), coalesce(s.total, 0)
    FROM views v LEFT JOIN visitors s ON s.project_id = v.project_id AND s.day = v.day AND s.path = v.path
    ORDER BY 1, 2, 3
    ON CONFLICT (project_id, day, path) DO UPDATE SET
        human_views = traffic_daily.human_views + EXCLUDED.human_views,
        ai_views = traffic_daily.ai_views + EXCLUDED.ai_views,
        human_visitors = traffic_daily.human_visitors + EXCLUDED.human_visitors,
        ai_visitors = traffic_daily.ai_visitors + EXCLUDED.ai_visitors,
        visitors = traffic_daily.visitors + EXCLUDED.visitors;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "page_views_rolled_up" AFTER INSERT ON "page_views"
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "folio_roll_up_views"();

-- What was recorded before the roll-ups existed: every row written again in one statement, so that the
-- triggers count it once (the search roll-ups are started over for the same reason).
WITH moved AS (DELETE FROM page_views RETURNING *) INSERT INTO page_views SELECT * FROM moved;
TRUNCATE search_terms_daily, search_clicks_daily;
WITH moved AS (DELETE FROM search_events RETURNING *) INSERT INTO search_events SELECT * FROM moved;
WITH moved AS (DELETE FROM search_clicks RETURNING *) INSERT INTO search_clicks SELECT * FROM moved;
