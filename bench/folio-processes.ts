import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  const port = await freePort();
  const child = spawn(process.execPath, [FOLIO, 'serve'], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve()));
  try {
    return await work(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
