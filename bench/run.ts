// npm run bench: the performance figures quoted in README. Uses DATABASE_URL or an embedded PostgreSQL in
// a temporary DATA_DIR. Prints Markdown tables.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../api/config.ts';
import { createLogger } from '../api/logger.ts';
import { openRuntime } from '../api/runtime.ts';
import { benchAgent } from './agent.ts';
import { benchAgentResources } from './agent-resources.ts';
import { benchAnalytics } from './analytics.ts';
import { benchAnalyticsReports } from './analytics-reports.ts';
import { UNLIMITED } from './limits.ts';
import { benchAssistant } from './assistant.ts';
import { benchBigSite } from './big-site.ts';
import { benchDeploy, benchTriggeredRedeploy } from './deploy.ts';
import { benchFleet } from './fleet.ts';
import { benchPreviews } from './previews.ts';
import { benchRender } from './render.ts';
import { benchRealSites } from './real-sites.ts';
import { benchGateway } from './gateway.ts';
import { benchFirstSearch } from './first-search.ts';
import { benchSearch } from './search.ts';
import { benchRestartWithSite } from './restart-with-site.ts';
import { benchStartup } from './startup.ts';
import { removeDataDir } from '../test/support/embedded-cluster.ts';

const only = process.argv[2];
/** `--against <folder>`: another checkout of Folio, measured side by side with this one (the assistant part). */
const againstAt = process.argv.indexOf('--against');
const against = againstAt > 0 ? process.argv[againstAt + 1] : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...UNLIMITED });
const log = createLogger('warn');
console.log(`# Folio benchmarks (${os.cpus().length} cores, Node ${process.version}, ${config.databaseUrl ? 'DATABASE_URL' : 'embedded PostgreSQL'})\n`);

const runtime = await openRuntime(config, log, { isWorker: false });
try {
  if (!only || only === 'gateway') {
    const result = await benchGateway(runtime, { durationMs: 4000, concurrency: 16, rounds: 3 });
    console.log(`## Gateway cost\n\n${result.table}\n`);
  }
  if (!only || only === 'search') {
    const result = await benchSearch(runtime, [5, 48]);
    console.log(`## Search\n\n${result.table}\n`);
  }
  if (!only || only === 'first-search') {
    const result = await benchFirstSearch(runtime);
    console.log(`## First search\n\n${result.table}\n`);
  }
  if (!only || only === 'assistant') {
    const result = await benchAssistant(runtime, { against });
    console.log(`## Assistant\n\n${result.table}\n`);
  }
  if (!only || only === 'agent') {
    const result = await benchAgent(runtime);
    console.log(`## Agent jobs\n\n${result.table}\n`);
  }
  if (!only || only === 'deploy') {
    const result = await benchDeploy(runtime);
    console.log(`## Deployments\n\n${result.table}\n`);
    const triggered = await benchTriggeredRedeploy(runtime);
    console.log(`${triggered.table}\n`);
  }
  if (!only || only === 'previews') {
    const result = await benchPreviews(runtime);
    console.log(`## Previews\n\n${result.table}\n`);
  }
  if (!only || only === 'agents') {
    const result = await benchAgentResources(runtime);
    console.log(`## AI tools\n\n${result.table}\n`);
  }
  if (!only || only === 'analytics') {
    const result = await benchAnalytics(runtime);
    console.log(`## Analytics\n\n${result.table}\n`);
    const reports = await benchAnalyticsReports(runtime);
    console.log(`${reports.table}\n`);
  }
  if (only === 'analytics-reports') {
    const reports = await benchAnalyticsReports(runtime);
    console.log(`## Analytics reports\n\n${reports.table}\n`);
  }
  if (!only || only === 'render') {
    const result = await benchRender(runtime);
    console.log(`## The rendered site\n\n${result.table}\n`);
  }
  if (!only || only === 'real-sites') {
    const result = await benchRealSites(runtime);
    console.log(`## Real teams' sites\n\n${result.table}\n`);
  }
  // Minutes long (a site of 34,000 pages, deployed twice): run on its own only.
  if (only === 'big-site') {
    const result = await benchBigSite(runtime);
    console.log(`## Big site\n\n${result.table}\n\n${result.notes.join('\n')}\n`);
  }
  // Minutes long (hundreds of sites, thousands of index loads): run on its own only, never by a bare `npm run bench`.
  if (only === 'fleet') {
    const result = await benchFleet(runtime);
    console.log(`## Fleet\n\n${result.table}\n\n${result.seconds.toFixed(0)} s in all.\n`);
  }
} finally {
  await runtime.close();
}
if (!only || only === 'startup') {
  const startup = await benchStartup();
  console.log(`## Start-up\n\n${startup.table}\n`);
  const restart = await benchRestartWithSite();
  console.log(`${restart.table}\n`);
}
removeDataDir(dataDir);
