import type pg from 'pg';
import type { ReportRange } from '../report-range.ts';

/**
 * `GET /v1/analytics/{projectId}/views` and `/visitors`: page reads per page, people and AI agents apart,
 * the most read first; views count every read, visitors the distinct visitor hashes (a visitor hash is
 * of one day: someone who comes back on another day counts again).
 */
export async function traffic(pool: pg.Pool, projectId: string, range: ReportRange, kind: 'views' | 'visitors', page: { limit: number; offset: number }) {
  const count = kind === 'views' ? 'count(*)' : 'count(DISTINCT visitor)';
  const filter = 'project_id = $1 AND created_at >= $2 AND created_at < $3';
  const [pages, totals] = await Promise.all([
    pool.query<{ path: string; human: string; ai: string; total: string }>(
      `SELECT path, ${count} FILTER (WHERE NOT is_ai) AS human, ${count} FILTER (WHERE is_ai) AS ai, ${count} AS total
       FROM page_views WHERE ${filter} GROUP BY path ORDER BY total DESC, path LIMIT $4 OFFSET $5`,
      [projectId, range.from, range.to, page.limit + 1, page.offset],
    ),
    pool.query<{ human: string; ai: string; total: string }>(
      `SELECT ${count} FILTER (WHERE NOT is_ai) AS human, ${count} FILTER (WHERE is_ai) AS ai, ${count} AS total FROM page_views WHERE ${filter}`,
      [projectId, range.from, range.to],
    ),
  ]);
  const numbers = (row: { human: string; ai: string; total: string } | undefined) => ({
    human: Number(row?.human ?? 0),
    ai: Number(row?.ai ?? 0),
    total: Number(row?.total ?? 0),
  });
  return {
    totals: numbers(totals.rows[0]),
    items: pages.rows.slice(0, page.limit).map((row) => ({ path: row.path, ...numbers(row) })),
    hasMore: pages.rows.length > page.limit,
  };
}
