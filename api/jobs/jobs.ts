import { PgBoss, fromPrisma, type JobWithMetadata, type Queue, type SendOptions } from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

/** What a handler knows of the attempt it runs. */
export interface JobAttempt {
  id: string;
  retryCount: number;
  retryLimit: number;
  /** Aborted when this process stops working (shutdown) or loses its claim on the job. */
  signal?: AbortSignal;
}

/**
 * A job: its queue name, queue settings, validated payload, the options every send uses, and a short,
 * idempotent handler (it may run again after a crash).
 */
export interface JobDefinition<Payload, Services = unknown> {
  name: string;
  queue: Omit<Queue, 'name'>;
  payload: z.ZodType<Payload>;
  sendOptions(payload: Payload): SendOptions;
  /**
   * How many of this queue's jobs one worker process runs at once (default 1). The queue's policy still
   * decides which jobs may run together: a `key_strict_fifo` queue never runs two jobs of one key at once.
   */
  concurrency?(services: Services): number;
  /** A cron expression (UTC) on which workers queue the job by themselves, with an empty payload. */
  schedule?: string;
  handle(payload: Payload, services: Services, attempt: JobAttempt): Promise<void>;
}

/** A Prisma transaction client, as far as pg-boss needs one to enqueue inside it. */
type Transaction = Parameters<typeof fromPrisma>[0];

export interface Jobs<Services = unknown> {
  readonly boss: PgBoss;
  /** Enqueues a job; with `tx`, inside that transaction, so the job exists exactly when the rows do. */
  enqueue<Payload>(definition: JobDefinition<Payload, never>, payload: Payload, tx?: Transaction): Promise<string | null>;
  /** Runs this process's share of every queue's jobs, each queue's `concurrency` at a time, until stop(). */
  workAll(services: Services): Promise<void>;
  stop(): Promise<void>;
}

/** What the job queue reads from the services it works with. */
interface JobServices {
  config: Pick<Config, 'jobPollSeconds'>;
}

/**
 * Starts pg-boss in the shared database (schema `pgboss`). Only worker processes run its supervision
 * and scheduling, and listen for new jobs; web processes just enqueue.
 *
 * A job starts the moment it is queued: every queue has pg-boss's `notify` on, so sending a job also
 * sends a NOTIFY (on commit, when sent inside a transaction), which wakes the idle workers of its queue.
 * A worker that finishes a job looks for the next one at once, so a backlog drains without pauses.
 * Polling every `jobPollSeconds` is left for what no NOTIFY announces: retries after their delay, jobs
 * whose worker died, and every job while the listening connection is down.
 */
export async function startJobs<Services extends JobServices>(
  connectionString: string,
  definitions: readonly JobDefinition<unknown, Services>[],
  options: { isWorker: boolean; log: Logger },
): Promise<Jobs<Services>> {
  const boss = new PgBoss({
    connectionString,
    application_name: 'folio',
    max: options.isWorker ? 4 : 2,
    supervise: options.isWorker,
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
    schedule: options.isWorker,
    // One connection of its own, kept open to LISTEN: a web process sends NOTIFYs but never hears them.
    useListenNotify: options.isWorker,
  });
  boss.on('error', (error) => options.log.error('job queue error', error));
  // Only the listener's: without it, jobs wait for the next poll.
  boss.on('warning', (warning) => {
    if ((warning.data as { type?: string }).type === 'listen_notify_unavailable') options.log.warn(`job queue: ${warning.message}`);
  });
  const stopping = new AbortController();
  await boss.start();
  const existing = new Set((await boss.getQueues(definitions.map((definition) => definition.name))).map((queue) => queue.name));
  for (const definition of definitions) {
    // Creating is a no-op when a process starting beside this one got there first (same options).
    if (!existing.has(definition.name)) await boss.createQueue(definition.name, { ...definition.queue, notify: true });
    // Queues made by earlier versions of Folio lack `notify`. Set it at every start, not only when it is
    // off: updating also drops this process's copy of the queue, which boss.start() may have read before
    // a process starting beside this one turned `notify` on (its sends would stay silent until pg-boss
    // reads its queues again, a minute later).
    else await boss.updateQueue(definition.name, { notify: true });
    // Stored in pg-boss's tables (an upsert), so every worker may declare it: one job is queued per tick.
    if (definition.schedule && options.isWorker) await boss.schedule(definition.name, definition.schedule, {}, { tz: 'UTC' });
  }
  return {
    boss,
    async enqueue(definition, payload, tx) {
      const data = definition.payload.parse(payload) as object;
      const sendOptions = { ...definition.sendOptions(payload), ...(tx ? { db: fromPrisma(tx) } : {}) };
      return boss.send(definition.name, data, sendOptions);
    },
    async workAll(services) {
      const pollSeconds = services.config.jobPollSeconds;
      const polling = { pollingIntervalSeconds: pollSeconds, notifyPollingIntervalSeconds: pollSeconds };
      for (const definition of definitions) {
        const handle = async (job: JobWithMetadata<unknown>) => {
          const parsed = definition.payload.safeParse(job.data);
          if (!parsed.success) {
            options.log.error(`${definition.name} job ${job.id} has an invalid payload; dropped`, parsed.error.issues);
            return;
          }
          const signal = AbortSignal.any([stopping.signal, job.signal]);
          await definition.handle(parsed.data, services, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, signal });
        };
        // One pg-boss worker per concurrent job, so each knows its own id to wake itself by.
        const concurrency = definition.concurrency?.(services) ?? 1;
        for (let slot = 0; slot < concurrency; slot++) {
          let workerId: string | undefined;
          workerId = await boss.work(definition.name, { batchSize: 1, includeMetadata: true, ...polling }, async ([job]) => {
            if (!job) return;
            try {
              await handle(job);
            } finally {
              // The NOTIFYs of jobs queued meanwhile may have woken this worker only once, or not at
              // all (they came before it fetched this job): fetch again once this one is settled
              // instead of sleeping until the next poll.
              if (workerId) boss.notifyWorker(workerId);
            }
          });
        }
      }
    },
    async stop() {
      // Running handlers are asked to stop now (a deployment is retried by another attempt) rather than
      // be cut off when the grace period ends, with the database closing under them. The grace period
      // leaves a supervisor's stop (SIGTERM, then SIGKILL after 10 s) time to stop the database too.
      stopping.abort(new Error('this worker is stopping'));
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
