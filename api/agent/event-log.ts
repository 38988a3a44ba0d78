import type { Db } from '../db/database.ts';
import type { Events } from '../events/events.ts';

/** What an agent job's stream shows, in order. */
export type AgentEventKind = 'message' | 'step-started' | 'text' | 'tool-call' | 'tool-result' | 'step-finished' | 'todos' | 'status' | 'outcome';

export interface AgentEventRecord {
  seq: number;
  kind: AgentEventKind;
  payload: Record<string, unknown>;
}

/** Announces new events of a job (and changes to its record) across processes. */
export const agentTopic = (jobId: string) => `agent:${jobId}`;

/** Text is written in pieces at most this far apart, so a job's stream stays live without a row per token. */
const TEXT_FLUSH_MS = 100;
/** A follower looks again this often even without a notification (one lost while reconnecting). */
const FOLLOW_POLL_MS = 2_000;

/**
 * The event log of one agent job, written by the worker that runs it: every event is a row (so any web
 * process can stream it, and a client that reconnects reads it again from the start) and a notification.
 */
export class AgentEventLog {
  #text = '';
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly db: Db,
    private readonly events: Events,
    readonly jobId: string,
    private seq: number,
  ) {}

  /** Continues the job's log (a retried job appends after what its earlier attempt wrote). */
  static async open(db: Db, events: Events, jobId: string): Promise<AgentEventLog> {
    const last = await db.agentEvent.findFirst({ where: { jobId }, orderBy: { seq: 'desc' }, select: { seq: true } });
    return new AgentEventLog(db, events, jobId, (last?.seq ?? -1) + 1);
  }

  /** Adds text to the current piece (written within TEXT_FLUSH_MS). */
  text(text: string): void {
    this.#text += text;
    this.#timer ??= setTimeout(() => void this.#flushText(), TEXT_FLUSH_MS);
  }

  /** Writes an event, after the text before it. */
  append(kind: Exclude<AgentEventKind, 'text'>, payload: Record<string, unknown>): Promise<void> {
    this.#flushText();
    return this.#write(kind, payload);
  }

  /** Everything written so far is stored and announced. */
  async flush(): Promise<void> {
    this.#flushText();
    await this.#writing;
  }

  #flushText(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#text === '') return;
    const text = this.#text;
    this.#text = '';
    void this.#write('text', { text });
  }

  #write(kind: AgentEventKind, payload: Record<string, unknown>): Promise<void> {
    const seq = this.seq++;
    this.#writing = this.#writing.then(async () => {
      await this.db.agentEvent.create({ data: { jobId: this.jobId, seq, kind, payload: payload as object } });
      await this.events.publish(agentTopic(this.jobId), { seq });
    });
    return this.#writing;
  }
}

/**
 * A job's events from the first (after `afterSeq`), as they are written, until `signal` aborts or, with
 * `until: 'turn'`, the first outcome (a job's first turn: the v1 stream), or with `until: 'job'`, the outcome
 * after which the job has ended (a follow-up's turn comes after its predecessor's outcome). Rows are read
 * after each notification, and every few seconds in case one was lost.
 */
export async function* followAgentEvents(
  services: { db: Db; events: Events },
  jobId: string,
  signal: AbortSignal,
  options: { afterSeq?: number; until: 'turn' | 'job' },
): AsyncGenerator<AgentEventRecord> {
  const changes = services.events.subscribe(agentTopic(jobId), signal);
  let after = options.afterSeq ?? -1;
  let change = changes.next();
  try {
    for (;;) {
      const rows = await services.db.agentEvent.findMany({ where: { jobId, seq: { gt: after } }, orderBy: { seq: 'asc' }, take: 500 });
      for (const row of rows) {
        after = row.seq;
        yield { seq: row.seq, kind: row.kind as AgentEventKind, payload: row.payload as Record<string, unknown> };
        if (row.kind === 'outcome' && (options.until === 'turn' || (await hasEnded(services.db, jobId, row.seq)))) return;
      }
      if (rows.length === 500) continue;
      if (signal.aborted) return;
      const woken = await Promise.race([change.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), FOLLOW_POLL_MS).unref())]);
      if (woken) change = changes.next();
      if (signal.aborted) return;
    }
  } finally {
    await changes.return?.();
  }
}

/** Whether a job has ended with the outcome at `seq`: it is not running, and no turn came after. */
async function hasEnded(db: Db, jobId: string, seq: number): Promise<boolean> {
  const job = await db.agentJob.findUnique({ where: { id: jobId }, select: { halted: true } });
  if (!job) return true;
  return job.halted && (await db.agentEvent.count({ where: { jobId, seq: { gt: seq } } })) === 0;
}
