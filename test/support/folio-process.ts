import { spawn, type ChildProcess } from 'node:child_process';
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
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a long-lived `folio serve|web|worker` and resolves once it prints that it is ready. */
export function startFolio(role: 'serve' | 'web' | 'worker', env: Record<string, string | undefined>): Promise<RunningFolio> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FOLIO, role], { env: cleanEnv({ PORT: '0', ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`folio ${role} did not get ready:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Folio \w+ ready(?: at (\S+))?/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve({
          url: ready[1] ?? '',
          child,
          output: () => output,
          stop: async (signal = 'SIGTERM') => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
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
