import { type ReportRange, spansOf } from '../report-range.ts';

/**
 * SQL for the parts of a report's range, each binding the values it needs into `params` (the project id
 * is `$1`): the whole days read from the daily and weekly roll-ups, the partial first and last days from
 * the recorded rows.
 */

/** Adds a value to the query's parameters; its placeholder. */
export function bind(params: unknown[], value: unknown): string {
  params.push(value);
  return `$${params.length}`;
}

/** The rows recorded in the range's partial first and last days (a condition on `created_at`). */
export function partialDaysOf(params: unknown[], range: ReportRange): string {
  const spans = spansOf(range);
  const [from, to, daysFrom, daysTo] = [range.from, range.to, spans.from, spans.to].map((value) => bind(params, value));
  return `((created_at >= ${from} AND created_at < ${daysFrom}) OR (created_at >= ${daysTo} AND created_at < ${to}))`;
}

/** The range's whole days (a condition on a roll-up's day column). */
export function wholeDaysOf(params: unknown[], range: ReportRange, column = 'day'): string {
  const spans = spansOf(range);
  return `(${column} >= ${bind(params, spans.fromDay)} AND ${column} < ${bind(params, spans.toDay)})`;
}

/**
 * The search roll-up rows that make up the range's whole days: its whole weeks from `search_terms_weekly`,
 * the days around them from `search_terms_daily`, each row with its `period` (the day, or the week's Monday).
 */
export function rolledUpTermsOf(params: unknown[], range: ReportRange): string {
  const spans = spansOf(range);
  const [fromDay, toDay, fromWeek, toWeek] = [spans.fromDay, spans.toDay, spans.fromWeek, spans.toWeek].map((value) => bind(params, value));
  return `
    SELECT term, shown, hits, last_at, empty_hits, listed_hits, first_path, week AS period FROM search_terms_weekly
    WHERE project_id = $1 AND week >= ${fromWeek} AND week < ${toWeek}
    UNION ALL
    SELECT term, shown, hits, last_at, empty_hits, listed_hits, first_path, day FROM search_terms_daily
    WHERE project_id = $1 AND ((day >= ${fromDay} AND day < ${fromWeek}) OR (day >= ${toWeek} AND day < ${toDay}))`;
}
