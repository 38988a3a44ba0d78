import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt } from './support.ts';
import { startFolio } from './web-process.ts';

/** Folio as separate processes, the way users start it: what the start-up benchmarks time. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const FOLIO = path.join(ROOT, 'bin', 'folio.js');

export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface FirstRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Milliseconds from starting `command` to the first successful answer to `request`. */
export async function timeToFirstAnswer(
  command: string[],
  env: Record<string, string | undefined>,
  request: FirstRequest = { path: '/health' },
): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** Milliseconds a `folio` command takes, start to exit. */
export async function timeCommand(args: string[], env: Record<string, string | undefined>): Promise<number> {
  const started = performance.now();
  const result = spawnSync(process.execPath, [FOLIO, ...args], { cwd: ROOT, env, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`folio ${args.join(' ')} exited with ${result.status}`);
  return performance.now() - started;
}

/** Runs `work` beside a `folio serve` started for it (given its address), and stops it after. */
export async function withServer<T>(env: Record<string, string | undefined>, work: (url: string) => Promise<T>): Promise<T> {
  const server = await startFolio('serve', { ...env, PORT: '0' } as Record<string, string>);
  try {
    return await work(server.url);
  } finally {
    await server.stop();
  }
}

/** `measure` run `runs` times, one after another; the times, fastest first. */
export async function repeat(runs: number, measure: () => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await measure());
  return times.sort((a, b) => a - b);
}

/** A table row of times sorted fastest first: the median, then the fastest and the slowest. */
export const timesRow = (name: string, sorted: number[]) =>
  `| ${name} | ${fmt(sorted[Math.floor(sorted.length / 2)]!, 0)} | ${fmt(sorted[0]!, 0)} / ${fmt(sorted.at(-1)!, 0)} |`;
