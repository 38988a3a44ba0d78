import type { Events } from '../events/events.ts';
import { LIVE_TOPIC } from '../events/topics.ts';
import type { Logger } from '../logger.ts';
import type { Embedder } from './embedders/embedder.ts';
import { INDEX_BUILD } from './index-build.ts';
import { loadArtifact, storedArtifactMemory, type ArtifactLoad } from './search-artifact.ts';
import type { SearchStore } from './search-store.ts';
import type { SiteIndex } from './site-index.ts';

interface Entry {
  deploymentId: string;
  index: SiteIndex;
  memoryBytes: number;
  lastUsed: number;
}

export interface SearchIndexOptions {
  /** Sites' indexes are dropped, least recently used first, when they take more than this (SEARCH_MEMORY_MB). */
  memoryBytes: number;
  /** Whether to load each site that goes live (a web process), rather than only the sites searched. */
  followsLiveSites: boolean;
}

/** What a process's search indexes have done since it started (GET /health shows them). */
export interface SearchIndexStats {
  /** Sites held now, and the memory their indexes take. */
  sites: number;
  memoryBytes: number;
  /** Indexes loaded from their artifact, and built from stored chunks for want of one. */
  loaded: number;
  built: number;
  /** Sites dropped to stay within the memory budget. */
  evicted: number;
}

/**
 * The search indexes of one web process, one per site, each loaded from the search artifact that the
 * worker built when it deployed the site's live deployment (built here, and stored, only for want of
 * one). Sites are loaded before a visitor needs them: the most recently deployed when the process starts
 * (warm), and any site when it goes live, announced by the worker on LIVE_TOPIC: a held site has its new
 * index loaded, and swapped in once loaded (the old one answering meanwhile); a site not held is loaded
 * when it fits in the budget. Indexes stay until the memory budget needs their room, least recently used
 * first; never on a timer.
 */
export class SearchIndexes {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<SiteIndex>>();
  readonly #listener: AsyncIterableIterator<Record<string, unknown>> | undefined;
  readonly #counts = { loaded: 0, built: 0, evicted: 0 };

  constructor(
    private readonly store: SearchStore,
    readonly embedder: Embedder,
    events: Events,
    private readonly log: Logger,
    private readonly options: SearchIndexOptions,
  ) {
    if (options.followsLiveSites) {
      this.#listener = events.subscribe(LIVE_TOPIC);
      void this.followLiveSwitches(this.#listener);
    }
  }

  /**
   * The index of the project's live deployment, or undefined when nothing is deployed. While the index
   * of a deployment that just went live loads (a tenth of a second or so), the previous deployment's,
   * when held, answers: a search never waits for a swap.
   */
  async forProject(project: { id: string; liveDeploymentId: string | null }): Promise<SiteIndex | undefined> {
    if (!project.liveDeploymentId) return undefined;
    const entry = this.#entries.get(project.id);
    if (entry) entry.lastUsed = Date.now();
    if (entry?.deploymentId === project.liveDeploymentId) return entry.index;
    const loading = this.install(project.id, project.liveDeploymentId);
    if (!entry) return loading;
    loading.catch((error) => this.log.warn(`could not load the search index of ${project.id}`, error));
    return entry.index;
  }

  /**
   * Loads the live sites, most recently deployed first, while they fit in the memory budget, and runs a
   * search on each (the embedder's tables, the analyzers and the code of the query path are loaded on
   * first use): a process that starts serves its first searches warm. Failures are logged, not thrown.
   */
  async warm(): Promise<void> {
    await this.embedder.embed(['warm up']);
    const live = await this.store.db.$queryRaw<{ projectId: string; deploymentId: string; memoryBytes: bigint }[]>`
      SELECT p.id AS "projectId", p.live_deployment_id AS "deploymentId", a.memory_bytes AS "memoryBytes"
      FROM projects p
      JOIN deployments d ON d.id = p.live_deployment_id
      JOIN search_artifacts a ON a.deployment_id = d.id AND a.embedder = ${this.embedder.id} AND a.build = ${INDEX_BUILD}
      ORDER BY d.ended_at DESC NULLS LAST`;
    for (const site of live) {
      if (this.memoryBytes() + Number(site.memoryBytes) > this.options.memoryBytes) break;
      const index = await this.install(site.projectId, site.deploymentId).catch((error) => {
        this.log.warn(`could not load the search index of ${site.projectId}`, error);
      });
      index?.search({ query: 'warm up', pageSize: 1 }, undefined);
    }
  }

  stats(): SearchIndexStats {
    return { sites: this.#entries.size, memoryBytes: this.memoryBytes(), ...this.#counts };
  }

  /** Projects whose index this process holds now, least recently used first. */
  heldProjects(): string[] {
    return [...this.#entries].sort((a, b) => a[1].lastUsed - b[1].lastUsed).map(([id]) => id);
  }

  /** Loads (once, however many ask) and installs the index of a deployment. */
  private install(projectId: string, deploymentId: string): Promise<SiteIndex> {
    const key = `${projectId}:${deploymentId}`;
    let pending = this.#pending.get(key);
    if (!pending) {
      const started = performance.now();
      pending = loadArtifact(this.store, this.embedder, deploymentId, this.log).then(
        (load) => {
          this.#pending.delete(key);
          this.place(projectId, deploymentId, load);
          this.log.debug(`search index of ${projectId} ${load.source} in ${(performance.now() - started).toFixed(0)} ms (${load.index.chunkCount} chunks)`);
          return load.index;
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

  private place(projectId: string, deploymentId: string, load: ArtifactLoad): void {
    this.#counts[load.source]++;
    const current = this.#entries.get(projectId);
    // A slower load of an older deployment never replaces a newer one.
    if (current && current.deploymentId !== deploymentId && this.#pending.has(`${projectId}:${current.deploymentId}`)) return;
    this.#entries.set(projectId, { deploymentId, index: load.index, memoryBytes: load.memoryBytes, lastUsed: Date.now() });
    this.evictOverBudget(projectId);
  }

  private async followLiveSwitches(listener: AsyncIterableIterator<Record<string, unknown>>): Promise<void> {
    for await (const event of listener) {
      const { projectId, deploymentId, resync } = event as { projectId?: string; deploymentId?: string; resync?: true };
      if (resync) {
        void this.catchUp();
      } else if (projectId && deploymentId) {
        void this.follow(projectId, deploymentId);
      }
    }
  }

  /** A site went live with a new deployment: its index is loaded now, if the site is held or fits. */
  private async follow(projectId: string, deploymentId: string): Promise<void> {
    try {
      if (!this.#entries.has(projectId)) {
        const memoryBytes = await storedArtifactMemory(this.store, this.embedder, deploymentId);
        if (memoryBytes === undefined || this.memoryBytes() + memoryBytes > this.options.memoryBytes) return;
      }
      await this.install(projectId, deploymentId);
    } catch (error) {
      this.log.warn(`could not load the search index of ${projectId}`, error);
    }
  }

  /** Announcements may have been missed (the events connection dropped): held sites are checked against the database. */
  private async catchUp(): Promise<void> {
    const held = await this.store.db.project.findMany({ where: { id: { in: [...this.#entries.keys()] } }, select: { id: true, liveDeploymentId: true } });
    for (const project of held) {
      if (project.liveDeploymentId && project.liveDeploymentId !== this.#entries.get(project.id)?.deploymentId) {
        await this.follow(project.id, project.liveDeploymentId);
      }
    }
  }

  private memoryBytes(): number {
    let total = 0;
    for (const entry of this.#entries.values()) total += entry.memoryBytes;
    return total;
  }

  private evictOverBudget(keep: string): void {
    let total = this.memoryBytes();
    const byAge = [...this.#entries].filter(([id]) => id !== keep).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [id, entry] of byAge) {
      if (total <= this.options.memoryBytes) break;
      this.#entries.delete(id);
      this.#counts.evicted++;
      total -= entry.memoryBytes;
    }
  }

  close(): void {
    void this.#listener?.return?.();
  }
}
