import type pg from 'pg';
import { decodeOffsetCursor, encodeCursor, type ReportRange, wholeDaysOf } from '../report-range.ts';

/**
 * `GET /v1/analytics/{projectId}/searches`: the terms searched, the most searched first (terms that
 * differ only in case or surrounding spaces are one term), with how often a result was opened for
 * them (`ctr`: opened results per search) and the page opened most.
 */
export async function searchTerms(pool: pg.Pool, projectId: string, range: ReportRange, page: { limit: number; cursor?: string | null }) {
  const offset = decodeOffsetCursor(page.cursor);
  const days = wholeDaysOf(range);
  // Whole days from the daily roll-ups; the range's partial first and last days from the events.
  const params = [projectId, range.from, range.to, days.from, days.to, days.fromDay, days.toDay];
  const { rows } = await pool.query<{ term: string; hits: string; clicks: string | null; top_clicked: string | null; last_at: Date; total: string }>(
    `WITH searched AS (
       SELECT term, shown, hits, last_at FROM search_terms_daily WHERE project_id = $1 AND day >= $6 AND day < $7
       UNION ALL
       SELECT lower(btrim(query)), btrim(query), 1, created_at FROM search_events
       WHERE project_id = $1 AND ((created_at >= $2 AND created_at < $4) OR (created_at >= $5 AND created_at < $3))
     ), terms AS (
       SELECT term, min(shown) AS shown, sum(hits) AS hits, max(last_at) AS last_at, sum(sum(hits)) OVER () AS total
       FROM searched GROUP BY term ORDER BY hits DESC, term LIMIT $8 OFFSET $9
     ), clicked AS (
       SELECT term, path, clicks FROM search_clicks_daily
       WHERE project_id = $1 AND day >= $6 AND day < $7 AND term IN (SELECT term FROM terms)
       UNION ALL
       SELECT lower(btrim(query)), path, 1 FROM search_clicks
       WHERE project_id = $1 AND ((created_at >= $2 AND created_at < $4) OR (created_at >= $5 AND created_at < $3))
         AND lower(btrim(query)) IN (SELECT term FROM terms)
     ), per_page AS (
       SELECT term, path, sum(clicks) AS clicks FROM clicked GROUP BY term, path
     ), per_term AS (
       SELECT term, sum(clicks) AS clicks, (array_agg(path ORDER BY clicks DESC, path))[1] AS top_clicked FROM per_page GROUP BY term
     )
     SELECT t.shown AS term, t.hits, c.clicks, c.top_clicked, t.last_at, t.total
     FROM terms t LEFT JOIN per_term c ON c.term = t.term
     ORDER BY t.hits DESC, t.term`,
    [...params, page.limit + 1, offset],
  );
  const hasMore = rows.length > page.limit;
  const total = rows[0]
    ? Number(rows[0].total)
    : Number(
        (
          await pool.query<{ total: string | null }>(
            `SELECT (SELECT coalesce(sum(hits), 0) FROM search_terms_daily WHERE project_id = $1 AND day >= $6 AND day < $7)
                  + (SELECT count(*) FROM search_events WHERE project_id = $1 AND ((created_at >= $2 AND created_at < $4) OR (created_at >= $5 AND created_at < $3))) AS total`,
            params,
          )
        ).rows[0]?.total ?? 0,
      );
  return {
    searches: rows.slice(0, page.limit).map((row) => ({
      searchQuery: row.term,
      hits: Number(row.hits),
      ctr: Math.min(1, Number(row.clicks ?? 0) / Number(row.hits)),
      topClickedPage: row.top_clicked,
      lastSearchedAt: row.last_at.toISOString(),
    })),
    totalSearches: total,
    /** Where the list goes on after each term (GraphQL connections' edges). */
    cursors: rows.slice(0, page.limit).map((_row, index) => encodeCursor(offset + index + 1)),
    nextCursor: hasMore ? encodeCursor(offset + page.limit) : null,
  };
}
