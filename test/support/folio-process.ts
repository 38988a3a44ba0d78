import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const FOLIO = fileURLToPath(new URL('../../bin/folio.js', import.meta.url));

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `folio ARGS` to completion, as a user would from a shell; `whileRunning` may signal it meanwhile. */
export function runFolio(args: string[], env: Record<string, string | undefined>, whileRunning?: (child: ChildProcess) => void): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FOLIO, ...args], { env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    whileRunning?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface RunningFolio {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Why the process ended, if it did: `exited with code 1`, `killed by SIGKILL`. */
  exit(): string | undefined;
  /** Sends the signal (then SIGKILL, if it has not ended after 30 s) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const STOP_MS = 30_000;

/**
 * Starts a long-lived `folio serve|web|worker` and resolves once it prints that it is ready. With
 * `logFile`, its output is also written there as it comes, the file complete once `stop()` resolves.
 */
export function startFolio(
  role: 'serve' | 'web' | 'worker',
  env: Record<string, string | undefined>,
  options: { logFile?: string } = {},
): Promise<RunningFolio> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FOLIO, role], { env: cleanEnv({ PORT: '0', ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
    const log = options.logFile ? fs.createWriteStream(options.logFile) : undefined;
    let output = '';
    let exit: string | undefined;
    const exited = new Promise<number | null>((done) =>
      child.on('exit', (code, signal) => {
        exit = signal ? `killed by ${signal}` : `exited with code ${code}`;
        done(code);
      }),
    );
    const closed = exited.then(() => new Promise<void>((done) => (log ? log.end(done) : done())));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`folio ${role} did not get ready:\n${output}`));
    }, 60_000);
    let isReady = false;
    const onData = (chunk: Buffer) => {
      log?.write(chunk);
      output += chunk.toString();
      if (isReady) return;
      const ready = /Folio \w+ ready(?: at (\S+))?/.exec(output);
      if (ready) {
        isReady = true;
        clearTimeout(timer);
        resolve({
          url: ready[1] ?? '',
          child,
          output: () => output,
          exit: () => exit,
          stop: async (signal = 'SIGTERM') => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            const killer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
            const code = await exited;
            clearTimeout(killer);
            await closed;
            return code;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`folio ${role} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/** The environment of a child folio: only what the test gives it, so the developer's settings do not leak in. */
function cleanEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn' };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) base[key] = value;
  return base;
}
