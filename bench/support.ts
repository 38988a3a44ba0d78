import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests per second over the run. */
  rps: number;
  /** Server CPU (user + system) per request, in milliseconds, measured in the serving process. */
  cpuMsPerRequest: number;
}

const CLIENT = fileURLToPath(new URL('./load-client.ts', import.meta.url));

/** Drives GET `url` from a separate process for `durationMs` and measures this process's CPU meanwhile. */
export async function measureLoad(
  url: string,
  headers: Record<string, string>,
  durationMs: number,
  concurrency: number,
  bodiesFile?: string,
): Promise<LoadResult> {
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLIENT, url, String(durationMs), String(concurrency), JSON.stringify(headers), ...(bodiesFile ? [bodiesFile] : [])],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`load client exited ${code}`))));
  });
  const cpu = process.cpuUsage(cpuBefore);
  const elapsed = (Date.now() - started) / 1000;
  const result = JSON.parse(output) as Omit<LoadResult, 'rps' | 'cpuMsPerRequest'>;
  return { ...result, rps: result.count / elapsed, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, result.count) };
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);

/** The value below which `q` of the sorted values fall. */
export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** "p50 | p95" of some timings, one decimal each: two cells of a benchmark table. */
export function medianAndP95(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${fmt(percentile(sorted, 0.5), 1)} | ${fmt(percentile(sorted, 0.95), 1)}`;
}

/** "p50 | max" of some timings in milliseconds, whole: two cells of a benchmark table. */
export function medianAndMax(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${fmt(percentile(sorted, 0.5), 0)} | ${fmt(sorted.at(-1)!, 0)}`;
}
