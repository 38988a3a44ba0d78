import { PrismaPg } from '@prisma/adapter-pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PrismaClient } from '../../api/db/generated/prisma/client.ts';
import { startJobs, type JobDefinition, type Jobs } from '../../api/jobs/jobs.ts';
import { createLogger } from '../../api/logger.ts';
import { createScratchDatabase } from '../support/scratch-database.ts';

/**
 * Real pg-boss workers on a database of their own, polling only once a minute: a job that runs within
 * seconds was woken by its NOTIFY, not found by a poll.
 */
const SERVICES = { config: { jobPollSeconds: 60 } };
type Services = typeof SERVICES;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Jobs of one queue that record what ran; each takes 100 ms, like a short real job. */
function recordedQueue(name: string) {
  const ran: number[] = [];
  let woke: () => void = () => undefined;
  const definition: JobDefinition<{ n: number }, Services> = {
    name,
    queue: { policy: 'standard' },
    payload: z.object({ n: z.number() }),
    sendOptions: () => ({}),
    async handle({ n }) {
      await sleep(100);
      ran.push(n);
      woke();
    },
  };
  /** Resolves once every job numbered in `ns` has run; fails after `withinMs`, saying which ran. */
  async function ranWithin(ns: number[], withinMs: number) {
    const deadline = Date.now() + withinMs;
    while (!ns.every((n) => ran.includes(n))) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`after ${withinMs} ms, of jobs ${ns.join(', ')} only ${ns.filter((n) => ran.includes(n)).join(', ') || 'none'} ran`);
      await Promise.race([new Promise<void>((resolve) => (woke = resolve)), sleep(left)]);
    }
  }
  return { definition, ran, ranWithin };
}

/** Waits until every worker has made its first fetch (of an empty queue) and sleeps until its next poll. */
async function idle(jobs: Jobs<Services>) {
  while (jobs.boss.getWipData().some((worker) => worker.lastFetchedOn === null)) await sleep(20);
  await sleep(200);
}

/** Connections listening for pg-boss's NOTIFYs: their last query was the LISTEN or its heartbeat. */
async function listeners(pool: { query(sql: string): Promise<{ rows: { count: string }[] }> }) {
  const { rows } = await pool.query(
    `SELECT count(*) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND (query LIKE 'LISTEN "pgboss_%' OR query LIKE '%pg_listening_channels()%')`,
  );
  return Number(rows[0]!.count);
}

/** What the job queues logged (a cut connection is logged as an error), kept out of the test output. */
const logged: string[] = [];
const log = createLogger('warn', (line) => logged.push(line));

describe('a worker polling once a minute', () => {
  const queue = recordedQueue('test.ping');
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let worker: Jobs<Services>;
  let web: Jobs<Services>;
  let prisma: PrismaClient;
  let next = 0;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    worker = await startJobs(scratch.url, [queue.definition], { isWorker: true, log });
    await worker.workAll(SERVICES);
    web = await startJobs(scratch.url, [queue.definition], { isWorker: false, log });
    prisma = new PrismaClient({ adapter: new PrismaPg(scratch.pool) });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await web?.stop();
    await worker?.stop();
    await scratch?.drop();
  });
  beforeEach(() => idle(worker));

  it('runs a job queued by a web process at once', async () => {
    const n = ++next;
    await web.enqueue(queue.definition, { n });
    await queue.ranWithin([n], 3_000);
  });

  it('runs a job queued inside a transaction once the transaction commits, not before', async () => {
    const n = ++next;
    await prisma.$transaction(async (tx) => {
      await web.enqueue(queue.definition, { n }, tx);
      await sleep(500);
      expect(queue.ran).not.toContain(n);
    });
    await queue.ranWithin([n], 3_000);
  });

  it('drains a backlog without pausing between jobs', async () => {
    // Jobs queued in one transaction send one NOTIFY between them (PostgreSQL folds identical ones);
    // the others arrive while the worker is busy.
    const together = [++next, ++next, ++next];
    const oneByOne = [++next, ++next, ++next];
    await prisma.$transaction(async (tx) => {
      for (const n of together) await web.enqueue(queue.definition, { n }, tx);
    });
    for (const n of oneByOne) await web.enqueue(queue.definition, { n });
    await queue.ranWithin([...together, ...oneByOne], 5_000);
  });

  it('runs a job queued while its listening connection was cut, once it reconnects', async () => {
    expect(await listeners(scratch.pool)).toBe(1);
    await scratch.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND (query LIKE 'LISTEN "pgboss_%' OR query LIKE '%pg_listening_channels()%')`,
    );
    const n = ++next;
    await web.enqueue(queue.definition, { n });
    // pg-boss reconnects after a second, then has every worker look for the jobs it missed.
    await queue.ranWithin([n], 5_000);
    expect(await listeners(scratch.pool)).toBe(1);
    expect(logged.join('')).toContain('job queue error');
  });

  it('only the worker keeps a connection listening for new jobs', async () => {
    expect(await listeners(scratch.pool)).toBe(1);
    await worker.stop();
    while ((await listeners(scratch.pool)) > 0) await sleep(20); // the server sees the connection end a moment later
  });
});

describe('queues made before workers were woken by NOTIFY', () => {
  const old = recordedQueue('test.old');
  const added = recordedQueue('test.added');
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const started: Jobs<Services>[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const before = new PgBoss({ connectionString: scratch.url, supervise: false, schedule: false });
    await before.start();
    await before.createQueue('test.old', { policy: 'standard' });
    await before.stop();
  });
  afterAll(async () => {
    for (const jobs of started) await jobs.stop();
    await scratch?.drop();
  });

  it('get it when processes start at once, and their jobs run at once', async () => {
    const definitions = [old.definition, added.definition];
    started.push(
      ...(await Promise.all([
        startJobs(scratch.url, definitions, { isWorker: true, log }),
        startJobs(scratch.url, definitions, { isWorker: false, log }),
        startJobs(scratch.url, definitions, { isWorker: false, log }),
      ])),
    );
    const [worker, web, otherWeb] = started as [Jobs<Services>, Jobs<Services>, Jobs<Services>];
    const { rows } = await scratch.pool.query("SELECT name, notify FROM pgboss.queue WHERE name LIKE 'test.%' ORDER BY name");
    expect(rows).toEqual([
      { name: 'test.added', notify: true },
      { name: 'test.old', notify: true },
    ]);
    await worker.workAll(SERVICES);
    await idle(worker);
    await web.enqueue(old.definition, { n: 1 });
    await otherWeb.enqueue(added.definition, { n: 2 });
    await old.ranWithin([1], 3_000);
    await added.ranWithin([2], 3_000);
  });
});
