import type { Db } from '../db/database.ts';
import { LIVE_TOPIC } from '../events/topics.ts';
import type { Events } from '../events/events.ts';
import type { Logger } from '../logger.ts';
import type { Embedder } from './embedders/embedder.ts';
import { SiteIndex } from './site-index.ts';

interface Entry {
  deploymentId: string;
  index: Promise<SiteIndex>;
  lastUsed: number;
  chunks: number;
}

export interface SearchIndexOptions {
  /** Sites' indexes are evicted, least recently used first, above this many chunks in memory. */
  maxChunks: number;
  /** A site's index is dropped after this long without a search. */
  idleMs: number;
}

/**
 * The search indexes of one web process, one per site, built on first use from the stored chunks of
 * the site's live deployment. When any process announces that a site went live with a new deployment,
 * every process that holds that site builds the new index in the background and swaps it in whole;
 * a search that finds the live deployment changed waits for the new index rather than answer stale.
 */
export class SearchIndexes {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<SiteIndex>>();
  readonly #listener: AsyncIterableIterator<Record<string, unknown>>;
  readonly #sweeper: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    readonly embedder: Embedder,
    events: Events,
    private readonly log: Logger,
    private readonly options: SearchIndexOptions,
  ) {
    this.#listener = events.subscribe(LIVE_TOPIC);
    void this.followLiveSwitches();
    this.#sweeper = setInterval(() => this.evictIdle(), Math.min(options.idleMs, 60_000));
    this.#sweeper.unref();
  }

  /** The index of the project's live deployment, or undefined when nothing is deployed. */
  async forProject(project: { id: string; liveDeploymentId: string | null }): Promise<SiteIndex | undefined> {
    if (!project.liveDeploymentId) return undefined;
    const entry = this.#entries.get(project.id);
    if (entry?.deploymentId === project.liveDeploymentId) {
      entry.lastUsed = Date.now();
      return entry.index;
    }
    return this.install(project.id, project.liveDeploymentId);
  }

  /** Builds (once, however many ask) and installs the index of a deployment. */
  private install(projectId: string, deploymentId: string): Promise<SiteIndex> {
    const key = `${projectId}:${deploymentId}`;
    let pending = this.#pending.get(key);
    if (!pending) {
      const started = performance.now();
      pending = SiteIndex.build(this.db, this.embedder, deploymentId).then(
        (index) => {
          this.#pending.delete(key);
          const current = this.#entries.get(projectId);
          // A slower build of an older deployment never replaces a newer one.
          if (!current || current.deploymentId === deploymentId || !this.#pending.has(`${projectId}:${current.deploymentId}`)) {
            this.#entries.set(projectId, { deploymentId, index: Promise.resolve(index), lastUsed: Date.now(), chunks: index.chunkCount });
          }
          this.log.debug(`search index of ${projectId} (${index.chunkCount} chunks) built in ${(performance.now() - started).toFixed(0)} ms`);
          this.evictOverBudget(projectId);
          return index;
        },
        (error) => {
          this.#pending.delete(key);
          throw error;
        },
      );
      this.#pending.set(key, pending);
    }
    return pending;
  }

  private async followLiveSwitches(): Promise<void> {
    for await (const event of this.#listener) {
      const { projectId, deploymentId } = event as { projectId?: string; deploymentId?: string; resync?: true };
      if (event.resync) {
        this.#entries.clear(); // notifications may have been missed: rebuild on next use
        continue;
      }
      if (!projectId || !deploymentId || !this.#entries.has(projectId)) continue;
      this.install(projectId, deploymentId).catch((error) => this.log.warn(`could not rebuild the search index of ${projectId}`, error));
    }
  }

  private evictOverBudget(keep: string): void {
    let total = [...this.#entries.values()].reduce((sum, entry) => sum + entry.chunks, 0);
    const byAge = [...this.#entries].filter(([id]) => id !== keep).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [id, entry] of byAge) {
      if (total <= this.options.maxChunks) break;
      this.#entries.delete(id);
      total -= entry.chunks;
    }
  }

  private evictIdle(): void {
    const cutoff = Date.now() - this.options.idleMs;
    for (const [id, entry] of this.#entries) if (entry.lastUsed < cutoff) this.#entries.delete(id);
  }

  /** Projects whose index this process holds now (for diagnostics and tests). */
  cachedProjects(): string[] {
    return [...this.#entries.keys()];
  }

  close(): void {
    clearInterval(this.#sweeper);
    void this.#listener.return?.();
  }
}
