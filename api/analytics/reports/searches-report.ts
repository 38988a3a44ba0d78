import type pg from 'pg';
import { decodeOffsetCursor, encodeCursor, type ReportRange } from '../report-range.ts';

/**
 * `GET /v1/analytics/{projectId}/searches`: the terms searched, the most searched first (terms that
 * differ only in case or surrounding spaces are one term), with how often a result was opened for
 * them (`ctr`: opened results per search) and the page opened most.
 */
export async function searchTerms(pool: pg.Pool, projectId: string, range: ReportRange, page: { limit: number; cursor?: string | null }) {
  const offset = decodeOffsetCursor(page.cursor);
  const params = [projectId, range.from, range.to, page.limit + 1, offset];
  const [terms, total] = await Promise.all([
    pool.query<{ term: string; hits: string; clicks: string; top_clicked: string | null; last_at: Date }>(
      `WITH searched AS (
         SELECT lower(btrim(query)) AS term, min(btrim(query)) AS shown, count(*) AS hits, max(created_at) AS last_at
         FROM search_events WHERE project_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY 1
       ), clicked AS (
         SELECT lower(btrim(query)) AS term, path, count(*) AS clicks FROM search_clicks
         WHERE project_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY 1, 2
       )
       SELECT s.shown AS term, s.hits, coalesce((SELECT sum(c.clicks) FROM clicked c WHERE c.term = s.term), 0) AS clicks,
              (SELECT c.path FROM clicked c WHERE c.term = s.term ORDER BY c.clicks DESC, c.path LIMIT 1) AS top_clicked, s.last_at
       FROM searched s ORDER BY s.hits DESC, s.term LIMIT $4 OFFSET $5`,
      params,
    ),
    pool.query<{ count: string }>(
      'SELECT count(*) AS count FROM search_events WHERE project_id = $1 AND created_at >= $2 AND created_at < $3',
      params.slice(0, 3),
    ),
  ]);
  const hasMore = terms.rows.length > page.limit;
  return {
    searches: terms.rows.slice(0, page.limit).map((row) => ({
      searchQuery: row.term,
      hits: Number(row.hits),
      ctr: Math.min(1, Number(row.clicks) / Number(row.hits)),
      topClickedPage: row.top_clicked,
      lastSearchedAt: row.last_at.toISOString(),
    })),
    totalSearches: Number(total.rows[0]?.count ?? 0),
    nextCursor: hasMore ? encodeCursor(offset + page.limit) : null,
  };
}
