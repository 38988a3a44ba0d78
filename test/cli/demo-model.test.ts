import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../api/db/data-dir.ts';
import { descendantsOf } from '../support/npm-start.ts';

/**
 * `npm run demo-model` (README's tour), stopped the ways a terminal or a supervisor stops it: it must
 * not stay behind answering on its port once npm is gone.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const started: number[] = [];
afterAll(() => {
  for (const pid of started.filter(isAlive)) process.kill(pid, 'SIGKILL');
});

/** Runs `npm run demo-model` on a free port and resolves with npm's process and the address it prints. */
function startDemoModel(): Promise<{ npm: ChildProcess; baseURL: string; output(): string }> {
  const npm = spawn('npm', ['run', 'demo-model'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DEMO_MODEL_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const baseURL = /Demo model at (http:\/\/\S+\/v1)\./.exec(output)?.[1];
      if (baseURL) resolve({ npm, baseURL, output: () => output });
    };
    npm.stdout!.on('data', read);
    npm.stderr!.on('data', (chunk) => (output += chunk));
    npm.on('exit', () => reject(new Error(`npm run demo-model exited before it listened:\n${output}`)));
  });
}

const answers = (baseURL: string) =>
  fetch(`${baseURL}/models`, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );

async function isGoneWithin(ms: number, baseURL: string, pids: number[]): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (!(await answers(baseURL)) && !pids.some(isAlive)) return true;
  }
  return false;
}

describe('npm run demo-model', () => {
  it('prints the variables that point Folio at it, and how to go back to the offline model', async () => {
    const demo = await startDemoModel();
    started.push(...descendantsOf(demo.npm.pid!));
    expect(demo.output()).toContain(`OPENAI_BASE_URL=${demo.baseURL} OPENAI_API_KEY=demo ANSWER_MODEL=demo EMBEDDING_MODEL=offline npm start`);
    expect(demo.output()).toContain('To go back to the offline model, stop Folio and this demo model (Ctrl+C), then start Folio with plain npm start.');
    demo.npm.kill('SIGINT');
  });

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGKILL'] as const)(
    '%s to the npm process only: the demo model stops answering and exits, freeing its port',
    async (signal) => {
      const demo = await startDemoModel();
      const model = descendantsOf(demo.npm.pid!);
      started.push(...model);
      expect(model.length).toBeGreaterThan(0);
      expect(await answers(demo.baseURL)).toBe(true);

      demo.npm.kill(signal);
      expect(await isGoneWithin(10_000, demo.baseURL, model), demo.output()).toBe(true);
    },
  );
});
