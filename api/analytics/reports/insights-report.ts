import type pg from 'pg';
import { invalidInput } from '../../errors.ts';
import { type ReportRange, wholeDaysAround } from '../report-range.ts';

const DAY_MS = 86_400_000;
/** A chart of more days than this says little per bar; retention is 90 days by default. */
const MAX_DAYS = 400;
/** How many rows the lists beside the charts hold. */
const LIST_LENGTH = 20;

/** One UTC day of activity: what the console's charts draw. */
export interface ActivityDay {
  day: string;
  questions: number;
  answered: number;
  notFound: number;
  searches: number;
  searchesWithoutResults: number;
  helpful: number;
  unhelpful: number;
}

export interface Insights {
  days: ActivityDay[];
  totals: Omit<ActivityDay, 'day'>;
  /** Terms (as the searches report groups them) some search of which found nothing; when the term was last searched. */
  zeroResultSearches: { query: string; count: number; lastSearchedAt: string }[];
  citedPages: { path: string; citations: number }[];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * Activity per UTC day over a range widened to whole days (every day listed, empty ones as zeros):
 * questions answered and not found, searches with and without results, feedback up and down; with the
 * searches that found nothing and the pages answers cited most. Read from the recorded rows (searches
 * from their daily roll-ups), which are kept for the whole retention.
 */
export async function insights(pool: pg.Pool, projectId: string, range: ReportRange): Promise<Insights> {
  const whole = wholeDaysAround(range);
  const dayCount = Math.round((whole.to.getTime() - whole.from.getTime()) / DAY_MS);
  if (dayCount > MAX_DAYS) throw invalidInput('dateFrom', `The range holds ${dayCount} days; ask for ${MAX_DAYS} at most.`);
  const params = [projectId, whole.from, whole.to];
  const dayParams = [projectId, isoDay(whole.from), isoDay(whole.to)];
  const inRange = 'project_id = $1 AND created_at >= $2 AND created_at < $3';
  const [questions, searches, feedback, zeroResult, cited] = await Promise.all([
    pool.query<{ day: string; questions: string; answered: string; not_found: string }>(
      `SELECT ${dayOf('created_at')} AS day, count(*) AS questions,
              count(*) FILTER (WHERE outcome = 'answered') AS answered, count(*) FILTER (WHERE outcome = 'not_found') AS not_found
       FROM assistant_turns WHERE ${inRange} GROUP BY 1`,
      params,
    ),
    // Searches from their daily roll-ups (kept by a trigger as they are written, today's included).
    pool.query<{ day: string; searches: string; empty: string }>(
      `SELECT day, sum(hits) AS searches, sum(empty_hits) AS empty FROM search_terms_daily
       WHERE project_id = $1 AND day >= $2 AND day < $3 GROUP BY day`,
      dayParams,
    ),
    pool.query<{ day: string; helpful: string; unhelpful: string }>(
      `SELECT ${dayOf('created_at')} AS day, count(*) FILTER (WHERE helpful) AS helpful, count(*) FILTER (WHERE NOT helpful) AS unhelpful
       FROM feedback WHERE ${inRange} GROUP BY 1`,
      params,
    ),
    pool.query<{ query: string; count: string; last_at: Date }>(
      `SELECT min(shown) AS query, sum(empty_hits) AS count, max(last_at) AS last_at FROM search_terms_daily
       WHERE project_id = $1 AND day >= $2 AND day < $3 AND empty_hits > 0 AND term <> ''
       GROUP BY term ORDER BY sum(empty_hits) DESC, term LIMIT ${LIST_LENGTH}`,
      dayParams,
    ),
    pool.query<{ path: string; citations: string }>(
      `SELECT path, count(*) AS citations FROM assistant_turns, unnest(cited_paths) AS path
       WHERE ${inRange} GROUP BY path ORDER BY count(*) DESC, path LIMIT ${LIST_LENGTH}`,
      params,
    ),
  ]);
  const days = new Map<string, ActivityDay>();
  for (let time = whole.from.getTime(); time < whole.to.getTime(); time += DAY_MS) {
    const day = isoDay(new Date(time));
    days.set(day, { day, questions: 0, answered: 0, notFound: 0, searches: 0, searchesWithoutResults: 0, helpful: 0, unhelpful: 0 });
  }
  for (const row of questions.rows) Object.assign(days.get(row.day)!, { questions: +row.questions, answered: +row.answered, notFound: +row.not_found });
  for (const row of searches.rows) Object.assign(days.get(row.day)!, { searches: +row.searches, searchesWithoutResults: +row.empty });
  for (const row of feedback.rows) Object.assign(days.get(row.day)!, { helpful: +row.helpful, unhelpful: +row.unhelpful });
  const list = [...days.values()];
  const totals = { questions: 0, answered: 0, notFound: 0, searches: 0, searchesWithoutResults: 0, helpful: 0, unhelpful: 0 };
  for (const day of list) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += day[key];
  return {
    days: list,
    totals,
    zeroResultSearches: zeroResult.rows.map((row) => ({ query: row.query, count: +row.count, lastSearchedAt: row.last_at.toISOString() })),
    citedPages: cited.rows.map((row) => ({ path: row.path, citations: +row.citations })),
  };
}
