import type pg from 'pg';
import { encodeCursor, type ReportRange } from '../report-range.ts';
import { bind, partialDaysOf, wholeDaysOf } from './range-sql.ts';

/** The columns of `traffic_daily` a report adds up, and how the same figure is counted from the events. */
const FIGURES = {
  views: { human: 'human_views', ai: 'ai_views', total: 'human_views + ai_views', counted: 'count(*)' },
  visitors: { human: 'human_visitors', ai: 'ai_visitors', total: 'visitors', counted: 'count(DISTINCT visitor)' },
} as const;

interface Counts {
  human: string;
  ai: string;
  total: string;
}

/**
 * `GET /v1/analytics/{projectId}/views` and `/visitors`: page reads per page, people and AI agents apart,
 * the most read first; views count every read, visitors the distinct visitor hashes (a visitor hash is
 * of one day: someone who comes back on another day counts again, so days add up). The range's whole
 * days come from the daily roll-ups (`traffic_daily`, where the path '' is the whole site), its partial
 * first and last days from the events.
 */
export async function traffic(pool: pg.Pool, projectId: string, range: ReportRange, kind: 'views' | 'visitors', page: { limit: number; offset: number }) {
  const figures = FIGURES[kind];
  const counted = `${figures.counted} FILTER (WHERE NOT is_ai), ${figures.counted} FILTER (WHERE is_ai), ${figures.counted}`;
  const perDay = "(created_at AT TIME ZONE 'UTC')::date";
  /** Per day, the roll-ups' rows for the whole days (`site`: the whole site's, else each page's) and the events' for the others. */
  const daily = (params: unknown[], site: boolean) => {
    const path = site ? '' : 'path, ';
    return `
      SELECT ${path}${figures.human}, ${figures.ai}, ${figures.total} FROM traffic_daily
      WHERE project_id = $1 AND ${wholeDaysOf(params, range)} AND path ${site ? "= ''" : "<> ''"}
      UNION ALL
      SELECT ${path}${counted} FROM page_views WHERE project_id = $1 AND ${partialDaysOf(params, range)} GROUP BY ${path}${perDay}`;
  };
  const pageParams: unknown[] = [projectId];
  const siteParams: unknown[] = [projectId];
  const [pages, totals] = await Promise.all([
    pool.query<Counts & { path: string }>(
      `WITH daily (path, human, ai, total) AS (${daily(pageParams, false)})
       SELECT path, sum(human) AS human, sum(ai) AS ai, sum(total) AS total FROM daily
       GROUP BY path ORDER BY total DESC, path LIMIT ${bind(pageParams, page.limit + 1)} OFFSET ${bind(pageParams, page.offset)}`,
      pageParams,
    ),
    pool.query<Counts>(
      `WITH daily (human, ai, total) AS (${daily(siteParams, true)})
       SELECT sum(human) AS human, sum(ai) AS ai, sum(total) AS total FROM daily`,
      siteParams,
    ),
  ]);
  const numbers = (row: Counts | undefined) => ({ human: Number(row?.human ?? 0), ai: Number(row?.ai ?? 0), total: Number(row?.total ?? 0) });
  return {
    totals: numbers(totals.rows[0]),
    items: pages.rows.slice(0, page.limit).map((row) => ({ path: row.path, ...numbers(row) })),
    /** Where the list goes on after each page, as an offset cursor (GraphQL connections' edges). */
    cursors: pages.rows.slice(0, page.limit).map((_row, index) => encodeCursor(page.offset + index + 1)),
    hasMore: pages.rows.length > page.limit,
  };
}
