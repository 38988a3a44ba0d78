import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FOLIO = fileURLToPath(new URL('../bin/folio.js', import.meta.url));

export interface WebProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * `folio web` in a process of its own, as users run it (the compiled build, not the TypeScript sources
 * the benchmark itself runs from), resolved once it says it is ready (it then loads the live sites in
 * the background).
 */
export function startWeb(env: Record<string, string>): Promise<WebProcess> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [FOLIO, 'web'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Folio web ready at (\S+)/.exec(output);
      if (ready) {
        child.stdout!.off('data', onData);
        resolve({
          url: ready[1]!,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`folio web exited with ${code} before it was ready:\n${output}`)));
  });
}
