import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeDataDir } from '../test/support/embedded-cluster.ts';
import { FOLIO, type FirstRequest, ROOT, repeat, timeCommand, timesRow, timeToFirstAnswer, withServer } from './folio-processes.ts';

/**
 * Start-up as a user sees it, on an existing data directory with the embedded PostgreSQL: from
 * `npm start` (and from `folio serve` itself) to the first answered request, and how long short CLI
 * commands take, with and without a server already running.
 */
export async function benchStartup(runs = 5) {
  spawnSync(process.execPath, [FOLIO, '--help'], { stdio: 'ignore' }); // compile first, if the sources changed
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-startup-'));
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  try {
    // The first start initialises the data directory: not counted. A project gives an API route to call.
    const created = spawnSync(process.execPath, [FOLIO, 'project', 'create', '--name', 'Start-up', '--subdomain', 'startup', '--repo', dataDir, '--json'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    const project = JSON.parse(created.stdout) as { projectId: string; adminKey: string };
    const apiCall: FirstRequest = { path: `/v1/agent/${project.projectId}/jobs`, headers: { authorization: `Bearer ${project.adminKey}` } };
    const viaNpm = await repeat(runs, () => timeToFirstAnswer(['npm', 'start', '--silent'], env));
    const viaNpmApi = await repeat(runs, () => timeToFirstAnswer(['npm', 'start', '--silent'], env, apiCall));
    const direct = await repeat(runs, () => timeToFirstAnswer(['node', FOLIO, 'serve'], env));
    const help = await repeat(runs, () => timeCommand(['--help'], env));
    const alone = await repeat(runs, () => timeCommand(['project', 'list'], env));
    const beside = await withServer(env, () => repeat(runs, () => timeCommand(['project', 'list'], env)));
    return {
      npmStartMs: viaNpm[Math.floor(viaNpm.length / 2)]!,
      table: [
        `| Start-up, existing DATA_DIR, embedded PostgreSQL (${runs} runs each) | median ms | fastest / slowest |`,
        '|---|---|---|',
        timesRow('`npm start` to the first answered request, `GET /health` (goal ≤ 1000)', viaNpm),
        timesRow('`npm start` to the first answered API request (`GET /v1/agent/{id}/jobs`: key check and a query)', viaNpmApi),
        timesRow('`folio serve` to the first answered request', direct),
        timesRow('`folio --help` (the CLI without a database)', help),
        timesRow('`folio project list` beside a running server (its database work: connect, check migrations, query)', beside),
        timesRow('`folio project list` alone (also starts and stops the embedded PostgreSQL)', alone),
      ].join('\n'),
    };
  } finally {
    removeDataDir(dataDir);
  }
}
