import { z } from 'zod';
import type { JobDefinition } from '../jobs/jobs.ts';
import type { Services } from '../services.ts';

/** The tables of recorded activity, each with the column its age is read from. */
const RECORDED = ['search_events', 'search_clicks', 'assistant_turns', 'feedback', 'page_views'] as const;

/**
 * Deletes what analytics recorded more than ANALYTICS_RETENTION_DAYS ago, with the roll-ups of those days
 * and weeks, and every visitor salt but today's (after which yesterday's visitor hashes cannot be traced
 * to anyone). Queued by the workers every hour; it deletes in batches so that a first run over months of rows does not hold locks long.
 */
export async function pruneAnalytics(services: Pick<Services, 'pool' | 'config'>): Promise<number> {
  let deleted = 0;
  const days = services.config.analyticsRetentionDays;
  for (const table of RECORDED) {
    for (;;) {
      const { rowCount } = await services.pool.query(
        `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE created_at < now() - make_interval(days => $1) LIMIT 10000)`,
        [days],
      );
      deleted += rowCount ?? 0;
      if ((rowCount ?? 0) < 10_000) break;
    }
  }
  // A week goes once its last day (its Monday + 6) is older than the retention.
  const rolledUp = [
    ['search_terms_daily', 'day', 0],
    ['search_clicks_daily', 'day', 0],
    ['traffic_daily', 'day', 0],
    ['traffic_visitors_daily', 'day', 0],
    ['search_terms_weekly', 'week', 6],
  ] as const;
  for (const [table, column, spanDays] of rolledUp) {
    const { rowCount } = await services.pool.query(
      `DELETE FROM ${table} WHERE ${column} < to_char((now() AT TIME ZONE 'UTC') - make_interval(days => $1), 'YYYY-MM-DD')`,
      [days + spanDays],
    );
    deleted += rowCount ?? 0;
  }
  await services.pool.query(`DELETE FROM analytics_salts WHERE day < to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
  return deleted;
}

export const analyticsPruneJob: JobDefinition<Record<string, never>, Services> = {
  name: 'analytics.prune',
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  sendOptions: () => ({}),
  schedule: '17 * * * *',
  async handle(_payload, services) {
    const deleted = await pruneAnalytics(services);
    if (deleted > 0) services.log.info(`analytics: deleted ${deleted} rows older than ${services.config.analyticsRetentionDays} days`);
  },
};
