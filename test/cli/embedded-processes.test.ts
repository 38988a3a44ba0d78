import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config.ts';
import { runningServer } from '../../api/db/postgres-commands.ts';
import { makeTempDataDir } from '../support/databases.ts';
import { pgdataOf, removeDataDir } from '../support/embedded-cluster.ts';
import { runFolio, startFolio, type RunningFolio } from '../support/folio-process.ts';

/**
 * The embedded default, as on a fresh machine: no DATABASE_URL, a DATA_DIR of its own. Several folio
 * processes share that one embedded server; the last one to leave stops it.
 */
let dataDir: string;
let env: Record<string, string | undefined>;
const running: RunningFolio[] = [];

beforeAll(() => {
  dataDir = makeTempDataDir('folio-embedded-');
  env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
});
afterAll(async () => {
  for (const process of running) await process.stop('SIGKILL');
  if (await postmasterPid()) await runFolio(['project', 'list'], env); // attaches and, as the last one out, stops the server
  removeDataDir(dataDir);
});

const postmasterPid = async () => (await runningServer(pgdataOf(dataDir)))?.pid;

async function start(role: 'serve' | 'web' | 'worker') {
  const folio = await startFolio(role, env);
  running.push(folio);
  return folio;
}

const api = (folio: RunningFolio, method: string, route: string, key: string) =>
  fetch(`${folio.url}${route}`, { method, headers: { authorization: `Bearer ${key}` } });

describe('embedded PostgreSQL under DATA_DIR', () => {
  let project: { projectId: string; subdomain: string; adminKey: string };
  let statusId: string;

  it('a CLI command alone starts the server, does its work and stops it again', async () => {
    const created = await runFolio(['project', 'create', '--name', 'Embedded', '--subdomain', 'embedded', '--repo', dataDir, '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    project = JSON.parse(created.stdout);
    expect(await postmasterPid()).toBeUndefined();
    expect(fs.existsSync(path.join(pgdataOf(dataDir), 'PG_VERSION'))).toBe(true);
  });

  it.runIf(os.userInfo().uid === 0)(
    'as root with a private DATA_DIR (mode 700): the cluster lives under EMBEDDED_POSTGRES_HOME, owned by postgres, and no permission changes',
    () => {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      const cluster = path.dirname(pgdataOf(dataDir));
      expect(cluster.startsWith(`${loadConfig({}).embeddedPostgresHome}/clusters/`)).toBe(true);
      expect(fs.statSync(cluster).uid).toBe(Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })));
      expect(fs.readFileSync(path.join(cluster, 'folio-data-dir'), 'utf8').trim()).toBe(dataDir);
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')).cluster).toBe(cluster);
      for (const entry of fs.readdirSync(dataDir, { recursive: true }) as string[]) {
        expect(fs.statSync(path.join(dataDir, entry)).uid, entry).toBe(0); // DATA_DIR stays root's own
      }
    },
  );

  it('folio serve prints its address and database, and the CLI works beside it', async () => {
    const serve = await start('serve');
    expect(serve.output()).toMatch(/Folio serve ready at http:\/\/127\.0\.0\.1:\d+ \(database: embedded PostgreSQL/);
    const list = await runFolio(['project', 'list', '--json'], env);
    expect(JSON.parse(list.stdout).map((p: { subdomain: string }) => p.subdomain)).toEqual(['embedded']);
    expect(await postmasterPid()).toBeDefined(); // the CLI left the server running for serve

    const trigger = await api(serve, 'POST', `/v1/project/update/${project.projectId}`, project.adminKey);
    expect(trigger.status).toBe(202);
    statusId = (await trigger.json()).statusId;
    expect(await serve.stop()).toBe(0);
    expect(await postmasterPid()).toBeUndefined(); // stopped cleanly on exit
  });

  it('keeps the data across a restart', async () => {
    const serve = await start('serve');
    const status = await api(serve, 'GET', `/v1/project/update-status/${statusId}`, project.adminKey);
    expect(status.status).toBe(200);
    // serve's worker has run it meanwhile (and failed: this project's repository is no Git repository).
    expect(await status.json()).toMatchObject({ _id: statusId, projectId: project.projectId, subdomain: 'embedded', source: 'api' });
    await serve.stop();
  });

  it('recovers from a crash that left the server running', async () => {
    const crashed = await start('serve');
    await crashed.stop('SIGKILL');
    const orphan = await postmasterPid();
    expect(orphan).toBeDefined(); // PostgreSQL outlived the killed process

    const serve = await start('serve');
    expect(await postmasterPid()).toBe(orphan); // attached to it rather than failing to start a second one
    const status = await api(serve, 'GET', `/v1/project/update-status/${statusId}`, project.adminKey);
    expect(status.status).toBe(200);
    expect(await serve.stop()).toBe(0);
    expect(await postmasterPid()).toBeUndefined();
  });

  it('two web processes share one database, and the last one out stops it', async () => {
    const first = await start('web');
    const second = await start('web');
    const worker = await start('worker');
    expect(worker.output()).toContain('Folio worker ready (database: embedded PostgreSQL');
    const trigger = await api(first, 'POST', `/v1/project/update/${project.projectId}`, project.adminKey);
    const { statusId: fresh } = await trigger.json();
    const seen = await api(second, 'GET', `/v1/project/update-status/${fresh}`, project.adminKey);
    expect(seen.status).toBe(200);
    expect((await seen.json())._id).toBe(fresh);

    await first.stop();
    await worker.stop();
    expect(await postmasterPid()).toBeDefined(); // the second web process still uses it
    expect((await api(second, 'GET', `/v1/project/update-status/${fresh}`, project.adminKey)).status).toBe(200);
    await second.stop();
    expect(await postmasterPid()).toBeUndefined();
  });

  it('processes started together on a fresh DATA_DIR create one server, and stopped together stop it', async () => {
    const fresh = makeTempDataDir('folio-together-');
    const together = { DATA_DIR: fresh, DATABASE_URL: undefined };
    try {
      const processes = await Promise.all([startFolio('web', together), startFolio('worker', together), startFolio('web', together)]);
      running.push(...processes);
      const listed = await runFolio(['project', 'list', '--json'], together);
      expect(listed.code, listed.stderr).toBe(0);
      expect(await Promise.all(processes.map((folio) => folio.stop()))).toEqual([0, 0, 0]);
      expect(fs.existsSync(path.join(pgdataOf(fresh), 'postmaster.pid'))).toBe(false); // the server stopped
    } finally {
      removeDataDir(fresh);
    }
  });

  it('a Ctrl-C while folio serve starts lets it finish starting, then stops it and the server it started', async () => {
    const fresh = makeTempDataDir('folio-interrupted-');
    const pidFile = path.join(pgdataOf(fresh), 'postmaster.pid');
    try {
      let poll: NodeJS.Timeout | undefined;
      const result = await runFolio(['serve'], { DATA_DIR: fresh, DATABASE_URL: undefined, PORT: '0' }, (child) => {
        poll = setInterval(() => {
          if (!fs.existsSync(pidFile)) return;
          clearInterval(poll);
          child.kill('SIGINT'); // the server is up, folio is still starting
        }, 10);
      });
      clearInterval(poll);
      expect(result.code, result.stderr).toBe(0);
      expect(fs.existsSync(pidFile)).toBe(false);
    } finally {
      removeDataDir(fresh);
    }
  });

  it('refuses a DATA_DIR it cannot create, at once and with a clear message', async () => {
    const result = await runFolio(['project', 'list'], { DATA_DIR: '/proc/folio-data', DATABASE_URL: undefined });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^folio: cannot create \/proc\/folio-data; choose another DATA_DIR \(ENOENT\)\n$/);
  });
});
