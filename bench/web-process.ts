import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLIO = fileURLToPath(new URL('../bin/folio.js', import.meta.url));

export interface FolioProcess {
  /** The address it listens at ('' for a worker). */
  url: string;
  pid: number;
  /** Its peak resident memory so far, in bytes (Linux's VmHWM). */
  peakRss(): number;
  stop(): Promise<void>;
}

/**
 * `folio web` in a process of its own, as users run it (the compiled build, not the TypeScript sources
 * the benchmark itself runs from), resolved once it says it is ready (it then loads the live sites in
 * the background).
 */
export function startWeb(env: Record<string, string>, checkout?: string): Promise<FolioProcess> {
  return startFolio('web', env, checkout);
}

/**
 * `folio serve`, `folio web` or `folio worker` in a process of its own, resolved once it says it is ready:
 * this checkout's, or another's (`checkout`, a folder holding Folio, to compare two versions side by side).
 */
export function startFolio(role: 'serve' | 'web' | 'worker', env: Record<string, string>, checkout?: string): Promise<FolioProcess> {
  const folio = checkout ? path.join(checkout, 'bin', 'folio.js') : FOLIO;
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [folio, role], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = new RegExp(`Folio ${role} ready(?: at (\\S+))?`).exec(output);
      if (ready) {
        child.stdout!.off('data', onData);
        resolve({
          url: ready[1] ?? '',
          pid: child.pid!,
          peakRss: () => peakRssOf(child.pid!),
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`folio ${role} exited with ${code} before it was ready:\n${output}`)));
  });
}

function peakRssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
  return kilobytes ? Number(kilobytes) * 1024 : 0;
}
