import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../api/db/data-dir.ts';
import { runningServer } from '../../api/db/postgres-commands.ts';
import { makeTempDataDir } from '../support/databases.ts';
import { runFolio, startFolio } from '../support/folio-process.ts';

/**
 * As root, each DATA_DIR's embedded cluster lives under EMBEDDED_POSTGRES_HOME/clusters (60 to 80 MB):
 * the next start removes those whose DATA_DIR was deleted, and keeps every other. A home of this test's
 * own keeps other test runs' clusters out of it.
 */
let home: string;
const dataDirs: string[] = [];

beforeAll(() => {
  home = makeTempDataDir('folio-home-');
  fs.chmodSync(home, 0o755); // the postgres user enters it
});
afterAll(async () => {
  // A server a failed run left behind is stopped at once (pg_ctl's immediate mode sends the same signal).
  const clusters = path.join(home, 'clusters');
  for (const name of fs.existsSync(clusters) ? fs.readdirSync(clusters) : []) {
    const server = await runningServer(path.join(clusters, name, 'data'));
    if (!server) continue;
    process.kill(server.pid, 'SIGQUIT');
    await hasExited(server.pid);
  }
  for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(home, { recursive: true, force: true });
});

function newDataDir(prefix: string): string {
  const dataDir = makeTempDataDir(prefix);
  dataDirs.push(dataDir);
  return dataDir;
}

const envOf = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: undefined, EMBEDDED_POSTGRES_HOME: home });
const clusterOf = (dataDir: string): string => JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')).cluster;

/** Whether a process is gone within 10 s (a server exits just after removing its postmaster.pid; slower on a busy machine). */
async function hasExited(pid: number): Promise<boolean> {
  for (let look = 0; look < 200 && isAlive(pid); look++) await new Promise((resolve) => setTimeout(resolve, 50));
  return !isAlive(pid);
}

describe.runIf(os.userInfo().uid === 0)('clusters of deleted data directories', () => {
  it('the next start removes the cluster of a deleted DATA_DIR, its server stopped, and keeps those of existing and moved ones', async () => {
    const deleted = newDataDir('folio-deleted-');
    const kept = newDataDir('folio-kept-');
    const moved = newDataDir('folio-moved-');
    const [crashed, ...made] = await Promise.all([
      startFolio('worker', envOf(deleted)),
      runFolio(['project', 'list'], envOf(kept)),
      runFolio(['project', 'create', '--name', 'Moved', '--subdomain', 'moved', '--repo', moved, '--json'], envOf(moved)),
    ]);
    for (const result of made) expect(result.code, result.stderr).toBe(0);
    await crashed.stop('SIGKILL'); // its server keeps running
    const [deletedCluster, keptCluster, movedCluster] = [deleted, kept, moved].map(clusterOf);
    const orphanServer = (await runningServer(path.join(deletedCluster!, 'data')))!.pid;
    const notFolios = path.join(home, 'clusters', 'not-folios');
    fs.mkdirSync(notFolios);

    fs.rmSync(deleted, { recursive: true });
    fs.renameSync(moved, `${moved}-elsewhere`);
    dataDirs.push(`${moved}-elsewhere`);
    const next = await startFolio('worker', { ...envOf(newDataDir('folio-next-')), LOG_LEVEL: 'info' });
    await next.stop();

    expect(next.output()).toContain(`info  removed the embedded PostgreSQL cluster ${deletedCluster}: its DATA_DIR ${deleted} no longer exists`);
    expect(fs.existsSync(deletedCluster!)).toBe(false);
    expect(await hasExited(orphanServer)).toBe(true);
    expect(fs.existsSync(path.join(keptCluster!, 'data', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(notFolios)).toBe(true);
    const listed = await runFolio(['project', 'list', '--json'], envOf(`${moved}-elsewhere`));
    expect(JSON.parse(listed.stdout).map((project: { subdomain: string }) => project.subdomain)).toEqual(['moved']);
    expect(clusterOf(`${moved}-elsewhere`)).toBe(movedCluster);
  });
});
