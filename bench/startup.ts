import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt } from './support.ts';

const FOLIO = fileURLToPath(new URL('../bin/folio.js', import.meta.url));

/**
 * Time from starting `folio serve` (what `npm start` runs) to its first answered request, on an existing
 * data directory with the embedded PostgreSQL, as a user restarting the platform sees it.
 */
export async function benchStartup(runs = 5) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-startup-'));
  fs.chmodSync(dataDir, 0o755);
  const port = 39_000 + Math.floor(Math.random() * 1000);
  const times: number[] = [];
  try {
    await timeToFirstAnswer(dataDir, port); // first start initialises the data directory: not counted
    for (let i = 0; i < runs; i++) times.push(await timeToFirstAnswer(dataDir, port));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  return {
    medianMs: median,
    table: [
      '| `folio serve` to first answered request (existing DATA_DIR, embedded PostgreSQL) | ms |',
      '|---|---|',
      `| median of ${runs} | ${fmt(median, 0)} |`,
      `| fastest / slowest | ${fmt(times[0]!, 0)} / ${fmt(times.at(-1)!, 0)} |`,
    ].join('\n'),
  };
}

async function timeToFirstAnswer(dataDir: string, port: number): Promise<number> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  const started = performance.now();
  const child = spawn(process.execPath, [FOLIO, 'serve'], { env, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/health`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`folio serve exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
