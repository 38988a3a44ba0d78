import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../api/db/data-dir.ts';
import { runningServer } from '../../api/db/postgres-commands.ts';
import { makeTempDataDir } from '../support/databases.ts';
import { pgdataOf, removeDataDir } from '../support/embedded-cluster.ts';
import { runFolio } from '../support/folio-process.ts';
import { answersHealth, descendantsOf, startNpm } from '../support/npm-start.ts';

/**
 * `npm start` under a supervisor (systemd, Docker, a test harness) that signals only the process it
 * started, npm, not its process group: folio and its embedded PostgreSQL must stop all the same.
 */
let dataDir: string;
const started: number[] = [];

beforeAll(() => {
  dataDir = makeTempDataDir('folio-npm-start-');
});
afterAll(async () => {
  for (const pid of started.filter(isAlive)) process.kill(pid, 'SIGKILL');
  if ((await serverPid()) !== undefined) await runFolio(['project', 'list'], { DATA_DIR: dataDir }); // the last one out stops it
  removeDataDir(dataDir);
});

const serverPid = async () => (await runningServer(pgdataOf(dataDir)))?.pid;

async function isGoneWithin(ms: number, url: string, pids: number[]): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (!(await answersHealth(url)) && !pids.some(isAlive) && (await serverPid()) === undefined) return true;
  }
  return false;
}

describe('npm start, signalled by its supervisor', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGKILL'] as const)(
    '%s to the npm process only: folio stops answering and exits, and its embedded PostgreSQL stops, within 10 s',
    async (signal) => {
      const npm = await startNpm({ DATA_DIR: dataDir });
      const folio = descendantsOf(npm.child.pid!);
      started.push(...folio);
      expect(await serverPid()).toBeDefined();

      npm.child.kill(signal);
      expect(await isGoneWithin(10_000, npm.url, folio), npm.output()).toBe(true);
    },
  );

  it('SIGHUP to npm and folio (the terminal they ran in closed): folio stops answering and exits, and its embedded PostgreSQL stops, within 10 s', async () => {
    const npm = await startNpm({ DATA_DIR: dataDir });
    const folio = descendantsOf(npm.child.pid!);
    started.push(...folio);

    for (const pid of [npm.child.pid!, ...folio]) process.kill(pid, 'SIGHUP');
    expect(await isGoneWithin(10_000, npm.url, folio), npm.output()).toBe(true);
  });

  it('a second SIGINT during the shutdown (Ctrl-C reaches folio from the terminal and from npm) does not cut it short', async () => {
    const npm = await startNpm({ DATA_DIR: dataDir });
    const folio = descendantsOf(npm.child.pid!);
    started.push(...folio);

    npm.child.kill('SIGINT');
    // Once folio no longer listens, it is shutting down.
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && (await answersHealth(npm.url)); );
    npm.child.kill('SIGINT');
    expect(await isGoneWithin(10_000, npm.url, folio), npm.output()).toBe(true);
  });
});
