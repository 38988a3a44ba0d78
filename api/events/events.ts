import pg from 'pg';
import type { Logger } from '../logger.ts';

/**
 * Cross-process publish/subscribe over PostgreSQL LISTEN/NOTIFY, so a change made by any process
 * (a worker, a CLI command, another web process) reaches every subscriber of every process.
 *
 * Payloads are small pointers (ids); subscribers re-read the state they need. When the listening
 * connection drops, it reconnects and every subscriber receives a `{resync: true}` event, since
 * notifications sent meanwhile were lost.
 */
export interface Events {
  publish(topic: string, payload?: Record<string, unknown>): Promise<void>;
  /** Yields events of `topic` until the iterator is returned or `signal` aborts. */
  subscribe(topic: string, signal?: AbortSignal): AsyncIterableIterator<EventPayload>;
  close(): Promise<void>;
}

export type EventPayload = Record<string, unknown> & { resync?: true };

const CHANNEL = 'folio_events';
const RECONNECT_DELAY_MS = 500;

export async function createEvents(pool: pg.Pool, connectionString: string, log: Logger): Promise<Events> {
  const listeners = new Map<string, Set<(payload: EventPayload) => void>>();
  let client: pg.Client | undefined;
  let isClosed = false;

  const deliver = (topic: string, payload: EventPayload) => {
    for (const listener of listeners.get(topic) ?? []) listener(payload);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: 'folio' });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { topic, payload } = JSON.parse(message.payload) as { topic: string; payload: EventPayload };
        deliver(topic, payload ?? {});
      } catch (error) {
        log.warn('ignored a malformed event notification', error);
      }
    });
    next.on('error', (error) => {
      if (isClosed) return;
      log.warn('event listener connection lost; reconnecting', error);
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      setTimeout(() => void reconnect(), RECONNECT_DELAY_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  };

  const reconnect = async () => {
    if (isClosed || client) return;
    try {
      await connect();
      for (const topic of listeners.keys()) deliver(topic, { resync: true });
    } catch (error) {
      log.warn('event listener could not reconnect; retrying', error);
      setTimeout(() => void reconnect(), RECONNECT_DELAY_MS * 4);
    }
  };

  await connect();

  return {
    async publish(topic, payload = {}) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, payload })]);
    },

    subscribe(topic, signal) {
      const queue: EventPayload[] = [];
      let wake: (() => void) | undefined;
      let isDone = false;
      const listener = (payload: EventPayload) => {
        queue.push(payload);
        wake?.();
      };
      const stop = () => {
        if (isDone) return;
        isDone = true;
        listeners.get(topic)?.delete(listener);
        if (listeners.get(topic)?.size === 0) listeners.delete(topic);
        wake?.();
      };
      if (!listeners.has(topic)) listeners.set(topic, new Set());
      listeners.get(topic)!.add(listener);
      if (signal?.aborted) stop();
      signal?.addEventListener('abort', stop, { once: true });

      const iterator: AsyncIterableIterator<EventPayload> = {
        [Symbol.asyncIterator]: () => iterator,
        async next() {
          while (queue.length === 0 && !isDone) {
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
          }
          if (queue.length > 0) return { value: queue.shift()!, done: false };
          return { value: undefined, done: true };
        },
        async return() {
          stop();
          return { value: undefined, done: true };
        },
      };
      return iterator;
    },

    async close() {
      isClosed = true;
      for (const topic of [...listeners.keys()]) listeners.delete(topic);
      await client?.end().catch(() => undefined);
    },
  };
}
