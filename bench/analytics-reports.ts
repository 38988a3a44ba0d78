import { createApp } from '../api/app.ts';
import { listen } from '../api/http/server.ts';
import { createProject } from '../api/projects/create-project.ts';
import type { Runtime } from '../api/runtime.ts';
import { fmt, medianAndP95 } from './support.ts';

const ROUTES = ['feedback', 'feedback/by-page', 'assistant', 'assistant/caller-stats', 'searches', 'views', 'visitors'];

/**
 * The analytics routes over a large synthetic history, made in PostgreSQL by the bench: one million
 * searches (5,000 distinct terms, the most searched far ahead: Zipf), 200,000 opened results (each term's
 * on one of three pages, as readers of a term open the few pages it is about), 100,000
 * assistant turns with their answers, 50,000 feedback entries and one million page views over 2,000
 * pages, all over 30 days. Each route is asked over HTTP for the whole 30 days, then the content gaps.
 */
export async function benchAnalyticsReports(runtime: Runtime, rounds = 20) {
  const db = runtime.database.prisma;
  const pool = runtime.database.pool;
  const project = await createProject(db, { name: 'Analytics', subdomain: `bench-analytics-${Date.now()}`, repo: '/tmp' });
  const id = project.projectId;
  const started = performance.now();
  await pool.query('SET LOCAL synchronous_commit = off');
  await pool.query(`INSERT INTO threads (id, project_id, fingerprint, created_at, updated_at) VALUES ('bench-thread-${id}', $1, 'bench', now(), now())`, [id]);
  // Zipf-like terms: term k of 5,000 is chosen with weight 1/k (floor of an exponential of a uniform).
  const term = (column: string) => `'term ' || floor(exp(random() * ln(5000)))::int || CASE WHEN ${column} % 7 = 0 THEN ' setup' ELSE '' END`;
  // Times spread evenly over the 30 days and written oldest first, as a site's rows arrive.
  const when = (count: number) => `now() - ((${count} - g)::float8 / ${count}) * interval '30 days'`;
  await pool.query(
    `INSERT INTO search_events (id, project_id, created_at, query, result_count, paths, latency_ms, caller)
     SELECT 'bs' || g, $1, ${when(1000000)}, ${term('g')}, (g % 11 <> 0)::int * 5, ARRAY['/page-' || (g % 2000)], 5, CASE WHEN g % 3 = 0 THEN 'api' ELSE 'widget' END
     FROM generate_series(1, 1000000) AS g`,
    [id],
  );
  await pool.query(
    `INSERT INTO search_clicks (id, project_id, created_at, query, path, caller)
     SELECT 'bc' || g, $1, ${when(200000)}, t.term, '/page-' || (abs(hashtext(t.term)) + g % 3) % 2000, 'widget'
     FROM generate_series(1, 200000) AS g, LATERAL (SELECT ${term('g')}) AS t(term)`,
    [id],
  );
  await pool.query(
    `INSERT INTO messages (id, thread_id, role, content, parts, created_at, finish_reason)
     SELECT 'bm' || g, 'bench-thread-' || $1, 'assistant', 'An answer ' || g, '[]'::jsonb, ${when(100000)}, 'stop' FROM generate_series(1, 100000) AS g`,
    [id],
  );
  await pool.query(
    `INSERT INTO assistant_turns (message_id, project_id, thread_id, created_at, question, outcome, cited_paths, search_queries, total_ms, model, caller)
     SELECT 'bm' || g, $1, 'bench-thread-' || $1, ${when(100000)}, 'How do I ' || ${term('g')} || '?', CASE WHEN g % 5 = 0 THEN 'not_found' ELSE 'answered' END,
            ARRAY['/page-' || (g % 2000)], ARRAY['x'], 30, 'offline', CASE WHEN g % 2 = 0 THEN 'widget' ELSE 'api' END
     FROM generate_series(1, 100000) AS g`,
    [id],
  );
  await pool.query(
    `INSERT INTO feedback (project_id, created_at, source, helpful, path, comment, caller)
     SELECT $1, ${when(50000)}, CASE WHEN g % 4 = 0 THEN 'code_snippet' ELSE 'contextual' END, g % 3 = 0, '/page-' || (g % 2000), 'Comment ' || g, 'widget'
     FROM generate_series(1, 50000) AS g`,
    [id],
  );
  await pool.query(
    `INSERT INTO page_views (id, project_id, created_at, path, is_ai, via, visitor)
     SELECT 'bv' || g, $1, ${when(1000000)}, '/page-' || floor(exp(random() * ln(2000)))::int, g % 10 = 0, 'html', 'visitor-' || (g % 50000)
     FROM generate_series(1, 1000000) AS g`,
    [id],
  );
  await pool.query(
    'ANALYZE search_events, search_clicks, assistant_turns, feedback, page_views, messages, search_terms_daily, search_terms_weekly, search_clicks_daily, traffic_daily',
  );
  const madeSeconds = (performance.now() - started) / 1000;

  const server = await listen(createApp(runtime), '127.0.0.1', 0);
  const rows: string[] = [];
  try {
    const ask = async (path: string) => {
      const begun = performance.now();
      const response = await fetch(`${server.url}/v1/analytics/${id}/${path}`, { headers: { authorization: `Bearer ${project.adminKey}` } });
      await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return performance.now() - begun;
    };
    for (const route of [...ROUTES, 'gaps']) {
      const times: number[] = [];
      const count = route === 'gaps' ? 5 : rounds;
      await ask(route); // the first, unmeasured: PostgreSQL's caches
      for (let round = 0; round < count; round++) times.push(await ask(route));
      rows.push(`| \`${route}\` (goal ≤ ${route === 'gaps' ? '2,000' : '200'} at p95) | ${medianAndP95(times)} |`);
    }
  } finally {
    await server.close();
    await db.project.delete({ where: { id } });
  }
  return {
    table: [
      `| GET /v1/analytics/{projectId}/… over 30 days of a large history (made in ${fmt(madeSeconds, 0)} s), ${rounds} rounds (gaps: 5) | p50 ms | p95 ms |`,
      '|---|---|---|',
      ...rows,
    ].join('\n'),
  };
}
