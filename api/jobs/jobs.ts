import { PgBoss, fromPrisma, type Queue, type SendOptions } from 'pg-boss';
import type { z } from 'zod';
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

/**
 * Starts pg-boss in the shared database (schema `pgboss`). Only worker processes run its supervision
 * and scheduling; web processes just enqueue.
 */
export async function startJobs<Services>(
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
  });
  boss.on('error', (error) => options.log.error('job queue error', error));
  const stopping = new AbortController();
  await boss.start();
  for (const definition of definitions) {
    if (!(await boss.getQueue(definition.name))) {
      await boss.createQueue(definition.name, definition.queue).catch(async (error) => {
        if (!(await boss.getQueue(definition.name))) throw error; // another process created it meanwhile
      });
    }
  }
  return {
    boss,
    async enqueue(definition, payload, tx) {
      const data = definition.payload.parse(payload) as object;
      const sendOptions = { ...definition.sendOptions(payload), ...(tx ? { db: fromPrisma(tx) } : {}) };
      return boss.send(definition.name, data, sendOptions);
    },
    async workAll(services) {
      for (const definition of definitions) {
        const localConcurrency = definition.concurrency?.(services) ?? 1;
        await boss.work(definition.name, { batchSize: 1, includeMetadata: true, localConcurrency }, async ([job]) => {
          if (!job) return;
          const parsed = definition.payload.safeParse(job.data);
          if (!parsed.success) {
            options.log.error(`${definition.name} job ${job.id} has an invalid payload; dropped`, parsed.error.issues);
            return;
          }
          const signal = AbortSignal.any([stopping.signal, job.signal]);
          await definition.handle(parsed.data, services, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, signal });
        });
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
