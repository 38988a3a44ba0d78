// npm run bench:console: the console's figures (docs/performance.md#console): its JavaScript, and the
// time from signing in, and from choosing a view, to the view painted with its data, on the
// mintlify-docs corpus with 30 days of recorded history, in this machine's Chromium against Folio over
// loopback. Uses DATABASE_URL or an embedded PostgreSQL in a temporary DATA_DIR. Prints Markdown tables.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright';
import { createApp } from '../api/app.ts';
import { loadConfig } from '../api/config.ts';
import { listen } from '../api/http/server.ts';
import { createLogger } from '../api/logger.ts';
import { openRuntime } from '../api/runtime.ts';
import { CONSOLE_GZIP_GOAL_BYTES, ensureConsoleBuilt } from '../console/build.ts';
import { kB } from '../scripts/browser-bundle.ts';
import { removeDataDir } from '../test/support/embedded-cluster.ts';
import { launchChromium } from '../test/widget/support/chromium.ts';
import { corpusRepository, deployedProject } from './corpus.ts';
import { UNLIMITED } from './limits.ts';
import { medianAndP95 } from './support.ts';

const ROUNDS = 12;
/** A busy docs site's month: searches, questions (a fifth not found) and feedback per day. */
const HISTORY = { days: 30, searchesPerDay: 2_000, questionsPerDay: 200, feedbackPerDay: 40 };
const VIEWS = [
  { label: 'Insights', element: 'console-insights' },
  { label: 'Agent jobs', element: 'console-jobs' },
  { label: 'Keys', element: 'console-keys' },
  { label: 'Deployments', element: 'console-deployments' },
];

const build = await ensureConsoleBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-console-'));
const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...UNLIMITED });
const runtime = await openRuntime(config, createLogger('warn'), { isWorker: false });
const repository = corpusRepository();
const browser = await launchChromium();
try {
  const { project } = await deployedProject(runtime, repository.dir);
  await recordHistory(project.projectId);
  const server = await listen(createApp(runtime), '127.0.0.1', 0);
  try {
    console.log(`# Console (Chromium ${browser.version()}, ${os.cpus().length} cores)\n`);
    console.log('| Bundle (one module) | minified | gzipped | brotli |\n|---|---|---|---|');
    console.log(`| ${build.file} | ${kB(build.bytes)} | **${kB(build.gzipBytes)}** (goal ≤ ${kB(CONSOLE_GZIP_GOAL_BYTES)}) | ${kB(build.brotliBytes)} |\n`);

    const signIn: number[] = [];
    const views = new Map<string, number[]>(VIEWS.map((view) => [view.label, []]));
    for (let round = -1; round < ROUNDS; round++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/console/`);
      await page.getByLabel('Admin key').fill(project.adminKey);
      const signedIn = await untilPainted(page, 'console-deployments', () => page.getByRole('button', { name: 'Sign in' }).click());
      for (const view of VIEWS) {
        const painted = await untilPainted(page, view.element, () => page.getByRole('link', { name: view.label, exact: true }).click());
        if (round >= 0) views.get(view.label)!.push(painted);
      }
      if (round >= 0) signIn.push(signedIn);
      await context.close();
    }
    const history = `${HISTORY.days} days: ${(HISTORY.days * HISTORY.searchesPerDay).toLocaleString('en-US')} searches, ${(HISTORY.days * HISTORY.questionsPerDay).toLocaleString('en-US')} questions, ${(HISTORY.days * HISTORY.feedbackPerDay).toLocaleString('en-US')} feedback`;
    console.log(`| The corpus deployed, ${history}; ${ROUNDS} rounds, a new tab each | p50 ms | p95 ms |\n|---|---|---|`);
    console.log(`| click on Sign in to the Deployments view painted with its data (goal ≤ 300) | ${medianAndP95(signIn)} |`);
    for (const [label, times] of views) console.log(`| click on ${label} to the view painted with its data | ${medianAndP95(times)} |`);
  } finally {
    await server.close();
  }
} finally {
  await browser.close();
  await runtime.close();
  repository.remove();
  removeDataDir(dataDir);
}

/**
 * Clicks, then waits in the page for the view's element to be marked loaded (its data read and rendered)
 * and the frame after it painted; the time from the click event to that frame.
 */
async function untilPainted(page: Page, element: string, click: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const state = window as unknown as { clickedAt?: number };
    state.clickedAt = undefined;
    addEventListener('click', (event) => (state.clickedAt = event.timeStamp), { capture: true, once: true });
  });
  await click();
  // A string, not a function: tsx would wrap the page's named functions in a helper the page lacks.
  return page.evaluate(`new Promise((resolve) => {
    const check = () => {
      if (!document.querySelector('folio-console')?.shadowRoot?.querySelector('${element}[data-loaded]')) return requestAnimationFrame(check);
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - window.clickedAt)));
    };
    check();
  })`);
}

/** Searches, clicks, questions and feedback spread over the last days, written as the recorder would. */
async function recordHistory(projectId: string) {
  const sql = (text: string, values: unknown[]) => runtime.database.pool.query(text, values);
  const { days, searchesPerDay, questionsPerDay, feedbackPerDay } = HISTORY;
  await sql(
    `INSERT INTO search_events (id, project_id, created_at, query, result_count, latency_ms, caller)
     SELECT $1 || '-s' || n, $1, now() - make_interval(secs => n * 86400.0 * $2::int / ($2::int * $3::int)),
            (ARRAY['custom domain', 'analytics', 'api playground', 'sso', 'refund policy', 'dark mode', 'openapi', 'redirects'])[1 + n % 8],
            CASE WHEN n % 8 = 4 THEN 0 ELSE 5 END, 4, 'widget'
     FROM generate_series(1, $2::int * $3::int) AS n`,
    [projectId, days, searchesPerDay],
  );
  await sql(
    `INSERT INTO assistant_turns (message_id, project_id, thread_id, created_at, question, outcome, cited_paths, total_ms, model, caller)
     SELECT $1 || '-m' || n, $1, $1 || '-t' || (n / 3), now() - make_interval(secs => n * 86400.0 * $2::int / ($2::int * $3::int)),
            (ARRAY['How do I set up a custom domain?', 'How do I get a refund?', 'Can I use SSO?', 'How do redirects work?', 'Where is the API playground?'])[1 + n % 5],
            CASE WHEN n % 5 = 1 THEN 'not_found' ELSE 'answered' END,
            CASE WHEN n % 5 = 1 THEN '{}'::text[] ELSE ARRAY['/customize/custom-domain'] END, 900, 'offline', 'widget'
     FROM generate_series(1, $2::int * $3::int) AS n`,
    [projectId, days, questionsPerDay],
  );
  await sql(
    `INSERT INTO feedback (project_id, created_at, source, helpful, path, caller)
     SELECT $1, now() - make_interval(secs => n * 86400.0 * $2::int / ($2::int * $3::int)), 'contextual', n % 4 <> 0, '/quickstart', 'widget'
     FROM generate_series(1, $2::int * $3::int) AS n`,
    [projectId, days, feedbackPerDay],
  );
}
