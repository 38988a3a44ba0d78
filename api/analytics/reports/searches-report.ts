import type pg from 'pg';
import { decodeOffsetCursor, encodeCursor, type ReportRange } from '../report-range.ts';
import { bind, partialDaysOf, rolledUpTermsOf, wholeDaysOf } from './range-sql.ts';

/**
 * `GET /v1/analytics/{projectId}/searches`: the terms searched, the most searched first (terms that
 * differ only in case or surrounding spaces are one term), with how often a result was opened for
 * them (`ctr`: opened results per search) and the page opened most.
 */
export async function searchTerms(pool: pg.Pool, projectId: string, range: ReportRange, page: { limit: number; cursor?: string | null }) {
  const offset = decodeOffsetCursor(page.cursor);
  // Whole weeks from the weekly roll-ups, the whole days around them from the daily ones, and the range's
  // partial first and last days from the events.
  const params: unknown[] = [projectId];
  const rolledUp = rolledUpTermsOf(params, range);
  const partialDays = partialDaysOf(params, range);
  const wholeDays = wholeDaysOf(params, range);
  const { rows } = await pool.query<{ term: string; hits: string; clicks: string | null; top_clicked: string | null; last_at: Date; total: string }>(
    `WITH searched AS (
       SELECT term, shown, hits, last_at FROM (${rolledUp}) AS rolled_up
       UNION ALL
       SELECT lower(btrim(query)), btrim(query), 1, created_at FROM search_events WHERE project_id = $1 AND ${partialDays}
     ), terms AS (
       SELECT term, min(shown) AS shown, sum(hits) AS hits, max(last_at) AS last_at, sum(sum(hits)) OVER () AS total
       FROM searched GROUP BY term ORDER BY hits DESC, term LIMIT ${bind(params, page.limit + 1)} OFFSET ${bind(params, offset)}
     ), clicked AS (
       SELECT term, path, clicks FROM search_clicks_daily
       WHERE project_id = $1 AND ${wholeDays} AND term IN (SELECT term FROM terms)
       UNION ALL
       SELECT lower(btrim(query)), path, 1 FROM search_clicks
       WHERE project_id = $1 AND ${partialDays} AND lower(btrim(query)) IN (SELECT term FROM terms)
     ), per_page AS (
       SELECT term, path, sum(clicks) AS clicks FROM clicked GROUP BY term, path
     ), per_term AS (
       SELECT term, sum(clicks) AS clicks, (array_agg(path ORDER BY clicks DESC, path))[1] AS top_clicked FROM per_page GROUP BY term
     )
     SELECT t.shown AS term, t.hits, c.clicks, c.top_clicked, t.last_at, t.total
     FROM terms t LEFT JOIN per_term c ON c.term = t.term
     ORDER BY t.hits DESC, t.term`,
    params,
  );
  const hasMore = rows.length > page.limit;
  const total = rows[0] ? Number(rows[0].total) : await totalSearches(pool, projectId, range);
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

/** The searches of a range, for a page past its last term. */
async function totalSearches(pool: pg.Pool, projectId: string, range: ReportRange): Promise<number> {
  const params: unknown[] = [projectId];
  const { rows } = await pool.query<{ total: string | null }>(
    `SELECT (SELECT coalesce(sum(hits), 0) FROM (${rolledUpTermsOf(params, range)}) AS rolled_up)
          + (SELECT count(*) FROM search_events WHERE project_id = $1 AND ${partialDaysOf(params, range)}) AS total`,
    params,
  );
  return Number(rows[0]?.total ?? 0);
}
