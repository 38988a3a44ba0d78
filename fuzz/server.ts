import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const FOLIO = fileURLToPath(new URL('../bin/folio.js', import.meta.url));
const READY_MS = 120_000;
const STOP_MS = 30_000;

export interface FolioServer {
  url: string;
  port: number;
  /** Why the process ended, if it did. */
  exit(): string | undefined;
  /** Runs `folio ARGS` against the same database and returns its stdout. */
  cli(args: string[]): Promise<string>;
  /** SIGTERM, SIGKILL if it has not ended after 30 s. */
  stop(): Promise<void>;
}

/** The child's environment: only what Folio needs, so the caller's model keys and settings stay out. */
export function folioEnv(settings: { dataDir: string; databaseUrl: string }): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: settings.dataDir,
    LOG_LEVEL: 'info',
    DATABASE_URL: settings.databaseUrl,
    ...(process.env.EMBEDDED_POSTGRES_HOME ? { EMBEDDED_POSTGRES_HOME: process.env.EMBEDDED_POSTGRES_HOME } : {}),
    // Hostile requests by the thousand from one address must reach the routes, not the per-client limits.
    ASSISTANT_MESSAGES_PER_HOUR: '100000000',
    ASSISTANT_MESSAGES_PER_MINUTE_PER_CLIENT: '1000000',
    SEARCHES_PER_HOUR: '100000000',
    SEARCHES_PER_MINUTE_PER_CLIENT: '1000000',
    MCP_REQUESTS_PER_HOUR_PER_CLIENT: '100000000',
    MCP_TOOL_CALLS_PER_HOUR: '100000000',
  };
}

/** Starts `folio serve` on a free port, its stdout and stderr going to `logFile`, and waits until it is ready. */
export async function startFolio(env: NodeJS.ProcessEnv, logFile: string): Promise<FolioServer> {
  const log = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, [FOLIO, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = signal ? `killed by ${signal}` : `exited with code ${code}`;
      resolve();
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`folio serve was not ready after ${READY_MS / 1000} s; see ${logFile}`)), READY_MS);
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      seen = (seen + chunk.toString()).slice(-4096);
      const ready = /Folio serve ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`folio serve ${exit} before it was ready; see ${logFile}`));
    });
  }).catch(async (error: unknown) => {
    await stopChild(child, exited);
    throw error;
  });
  let stopped: Promise<void> | undefined;
  return {
    url,
    port: Number(new URL(url).port),
    exit: () => exit,
    cli: (args) => runCli(args, env),
    stop: () =>
      (stopped ??= stopChild(child, exited).then(async () => {
        // Lines written while it stopped are in the file before it is read.
        await new Promise<void>((resolve) => log.end(resolve));
      })),
  };
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
  await exited;
  clearTimeout(timer);
}

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FOLIO, ...args], { env: { ...env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`folio ${args.slice(0, 2).join(' ')} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}
