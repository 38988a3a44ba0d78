import type { Db } from '../db/database.ts';
import type { Prisma } from '../db/generated/prisma/client.ts';
import type { Events } from '../events/events.ts';
import { deploymentTopic } from '../events/topics.ts';

const FLUSH_DELAY_MS = 150;

/**
 * Writes a running deployment's status and growing logs, and announces every change on the
 * deployment's event topic (what `deploymentUpdated` subscribers and `folio deploy --follow` watch).
 * Log lines are batched briefly so a burst of warnings is one write.
 */
export class DeploymentProgress {
  readonly #startedAt = performance.now();
  #pending: string[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly events: Events,
    readonly deploymentId: string,
  ) {}

  /** Seconds since this attempt started. */
  elapsed(): number {
    return (performance.now() - this.#startedAt) / 1000;
  }

  log(line: string): void {
    this.#pending.push(line);
    // A failed timed write is not lost for good: the next update() writes the lines that follow.
    this.#timer ??= setTimeout(() => void this.flush().catch(() => undefined), FLUSH_DELAY_MS);
  }

  /** Writes pending log lines now. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const lines = this.#pending;
    this.#pending = [];
    if (lines.length === 0) return this.#flushing;
    this.#flushing = this.#flushing.then(() => this.write({ logs: { push: lines } }));
    return this.#flushing;
  }

  /** Writes pending logs, then these fields (log lines pushed after the pending ones), in one announced change. */
  async update(data: Prisma.DeploymentUpdateInput): Promise<void> {
    const lines = this.#pending;
    this.#pending = [];
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#flushing;
    const pushed = (data.logs as { push?: string | string[] } | undefined)?.push ?? [];
    await this.write(lines.length > 0 ? { ...data, logs: { push: [...lines, ...[pushed].flat()] } } : data);
  }

  private async write(data: Prisma.DeploymentUpdateInput): Promise<void> {
    // Only the id back: the record holds the commit's file list, which a big site makes megabytes long.
    await this.db.deployment.update({ where: { id: this.deploymentId }, data, select: { id: true } });
    await this.events.publish(deploymentTopic(this.deploymentId));
  }
}
