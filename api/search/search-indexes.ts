import type { Events } from '../events/events.ts';
import { ARTIFACT_TOPIC, LIVE_TOPIC } from '../events/topics.ts';
import type { Logger } from '../logger.ts';
import type { Embedder } from './embedders/embedder.ts';
import { INDEX_BUILD } from './index-build.ts';
import { compileQueryPath } from './query-path-warm-up.ts';
import { loadWordVectors } from './embedders/word-vector-table.ts';
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
  /** Whether to load each site as its deployments are made (a web process), rather than only the sites searched. */
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
  /** Searches answered by an index held, and those that waited for a load (what sizes SEARCH_MEMORY_MB). */
  hits: number;
  misses: number;
  /** Searches answered by the site's previous deployment while the live one's index was loading. */
  previous: number;
  /** Searches the process ran of its own, once, to compile its query path (query-path-warm-up.ts). */
  warmUpSearches: number;
}

/**
 * The search indexes of one web process, one per site, each loaded from the search artifact the worker
 * built when it deployed the site's live deployment (built here, and stored, only for want of one).
 * Sites are loaded before a visitor needs them: the most recently deployed when the process starts
 * (warm); and a deployment's index as soon as its artifact is stored, before it goes live (the worker
 * announces both on ARTIFACT_TOPIC and LIVE_TOPIC), so that when it goes live its index is loaded or
 * nearly: a site held is swapped to it, a site not held is loaded when it fits in the budget. A search
 * answers from the live deployment's index; while that index is still loading, a site held answers from
 * its previous deployment's (the swap is a few hundred milliseconds at most, and no visitor waits on it).
 * Indexes stay until the memory budget needs their room, least recently used first; never on a timer.
 */
export class SearchIndexes {
  readonly #entries = new Map<string, Entry>();
  /** Loads under way or done but not installed (a deployment about to go live), by project and deployment. */
  readonly #loads = new Map<string, Promise<ArtifactLoad>>();
  /** Loads of #loads that finished, so that a search finding its deployment live installs it at once. */
  readonly #loaded = new Map<string, ArtifactLoad>();
  /** The deployment each project should hold: the live one, as last seen. */
  readonly #wanted = new Map<string, string>();
  readonly #listeners: AsyncIterableIterator<Record<string, unknown>>[] = [];
  /** Whether the warm-up searches ran: they compile the query path's code, which every site shares. */
  #isQueryPathWarm = false;
  readonly #counts = { loaded: 0, built: 0, evicted: 0, hits: 0, misses: 0, previous: 0, warmUpSearches: 0 };

  constructor(
    private readonly store: SearchStore,
    readonly embedder: Embedder,
    events: Events,
    private readonly log: Logger,
    private readonly options: SearchIndexOptions,
  ) {
    if (options.followsLiveSites) {
      for (const [topic, isLive] of [
        [ARTIFACT_TOPIC, false],
        [LIVE_TOPIC, true],
      ] as const) {
        const listener = events.subscribe(topic);
        this.#listeners.push(listener);
        void this.follow(listener, isLive);
      }
    }
  }

  /**
   * The index of the site's live deployment, or undefined when nothing is deployed. A site is a project's
   * live site, or a preview (`siteId` tells them apart: api/projects/preview-names.ts).
   */
  async forProject(site: { id: string; siteId?: string; liveDeploymentId: string | null }): Promise<SiteIndex | undefined> {
    if (!site.liveDeploymentId) return undefined;
    const siteId = site.siteId ?? site.id;
    const entry = this.#entries.get(siteId);
    if (entry?.deploymentId === site.liveDeploymentId) {
      this.#counts.hits++;
      entry.lastUsed = Date.now();
      return entry.index;
    }
    const loaded = this.#loaded.get(`${siteId}:${site.liveDeploymentId}`);
    if (loaded) {
      this.#counts.hits++;
      this.#wanted.set(siteId, site.liveDeploymentId);
      this.installLoaded(siteId, site.liveDeploymentId, loaded);
      return loaded.index;
    }
    const installing = this.install(siteId, site.liveDeploymentId);
    if (entry) {
      this.#counts.previous++;
      entry.lastUsed = Date.now();
      installing.catch((error) => this.log.warn(`could not load the search index of ${siteId}`, error));
      return entry.index;
    }
    this.#counts.misses++;
    return installing;
  }

  /** Whether this process loads each site as its deployments are made (a web process). */
  get followsLiveSites(): boolean {
    return this.options.followsLiveSites;
  }

  /** Whether the process holds the index of this deployment of the project (it answers from it). */
  holds(projectId: string, deploymentId: string): boolean {
    return this.#entries.get(projectId)?.deploymentId === deploymentId;
  }

  /**
   * Loads a deployment's index before it goes live, whatever the memory budget: the first search that
   * finds it live answers from it, with no wait and no answer from the deployment before. The worker of
   * a `folio serve` process awaits this before it records the deployment's success.
   */
  async prepare(siteId: string, deploymentId: string): Promise<void> {
    await this.load(siteId, deploymentId);
  }

  /** The deployment whose index this process answers each site's searches from (GET /health). */
  served(): Record<string, string> {
    return Object.fromEntries([...this.#entries].map(([siteId, entry]) => [siteId, entry.deploymentId]));
  }

  /**
   * Loads the live sites, most recently deployed first, while they fit in the memory budget, and runs a
   * search on each (the embedder's tables, the analyzers and the code of the query path are loaded on
   * first use): a process that starts serves its first searches warm. Failures are logged, not thrown.
   * Returns the projects loaded, most recently deployed first.
   */
  async warm(): Promise<string[]> {
    // Every site's query expansion reads the word vectors; loaded in slices, they leave room for the first requests.
    await loadWordVectors();
    await this.embedder.embed(['warm up']);
    const live = await this.store.db.$queryRaw<{ projectId: string; deploymentId: string; memoryBytes: bigint }[]>`
      SELECT p.id AS "projectId", p.live_deployment_id AS "deploymentId", a.memory_bytes AS "memoryBytes"
      FROM projects p
      JOIN deployments d ON d.id = p.live_deployment_id
      JOIN search_artifacts a ON a.deployment_id = d.id AND a.embedder = ${this.embedder.id} AND a.build = ${INDEX_BUILD}
      ORDER BY d.ended_at DESC NULLS LAST`;
    const loaded: string[] = [];
    for (const site of live) {
      if (this.memoryBytes() + Number(site.memoryBytes) > this.options.memoryBytes) break;
      const index = await this.install(site.projectId, site.deploymentId).catch((error) => {
        this.log.warn(`could not load the search index of ${site.projectId}`, error);
      });
      if (!index) continue;
      this.warmSearch(index);
      loaded.push(site.projectId);
    }
    return loaded;
  }

  stats(): SearchIndexStats {
    return { sites: this.#entries.size, memoryBytes: this.memoryBytes(), ...this.#counts };
  }

  /** Projects whose index this process holds now, least recently used first. */
  heldProjects(): string[] {
    return [...this.#entries].sort((a, b) => a[1].lastUsed - b[1].lastUsed).map(([id]) => id);
  }

  /** Loads a deployment's index once, however many ask (and whether or not it is live yet). */
  private load(projectId: string, deploymentId: string): Promise<ArtifactLoad> {
    const key = `${projectId}:${deploymentId}`;
    let pending = this.#loads.get(key);
    if (!pending) {
      const started = performance.now();
      // The site's current index lends the parts the new deployment shares with it.
      pending = loadArtifact(this.store, this.embedder, deploymentId, this.log, this.#entries.get(projectId)?.index);
      pending.then(
        (load) => {
          if (this.#loads.has(key)) this.#loaded.set(key, load);
          this.log.debug(`search index of ${projectId} ${load.source} in ${(performance.now() - started).toFixed(0)} ms (${load.index.chunkCount} chunks)`);
        },
        () => this.#loads.delete(key),
      );
      this.#loads.set(key, pending);
      // Only the newest deployment of a project is worth keeping ready.
      for (const other of this.#loads.keys()) {
        if (other.startsWith(`${projectId}:`) && other !== key) {
          this.#loads.delete(other);
          this.#loaded.delete(other);
        }
      }
    }
    return pending;
  }

  /** The live deployment's index, held from now on. */
  private async install(projectId: string, deploymentId: string): Promise<SiteIndex> {
    this.#wanted.set(projectId, deploymentId);
    const load = await this.load(projectId, deploymentId);
    // A load that finishes after a newer deployment went live is not installed over it.
    if (this.#wanted.get(projectId) === deploymentId) this.installLoaded(projectId, deploymentId, load);
    return load.index;
  }

  private installLoaded(projectId: string, deploymentId: string, load: ArtifactLoad): void {
    const key = `${projectId}:${deploymentId}`;
    this.#loads.delete(key);
    this.#loaded.delete(key);
    if (this.#entries.get(projectId)?.deploymentId === deploymentId) return;
    this.#counts[load.source]++;
    this.#entries.set(projectId, { deploymentId, index: load.index, memoryBytes: load.memoryBytes, lastUsed: Date.now() });
    this.evictOverBudget(projectId);
  }

  /**
   * Follows the worker's announcements: an artifact stored (a deployment about to go live: loaded
   * ahead), a deployment gone live (installed). Only sites held, or that fit in the budget, are loaded.
   * A `resync` (announcements may have been missed) checks the held sites against the database.
   */
  private async follow(listener: AsyncIterableIterator<Record<string, unknown>>, isLive: boolean): Promise<void> {
    for await (const event of listener) {
      const { projectId, siteId, deploymentId, resync } = event as { projectId?: string; siteId?: string; deploymentId?: string; resync?: true };
      if (resync) {
        if (isLive) void this.catchUp();
      } else if (projectId && deploymentId) {
        void this.loadAhead(siteId ?? projectId, deploymentId, isLive);
      }
    }
  }

  private async loadAhead(projectId: string, deploymentId: string, isLive: boolean): Promise<void> {
    try {
      if (!this.#entries.has(projectId)) {
        const memoryBytes = await storedArtifactMemory(this.store, this.embedder, deploymentId);
        if (memoryBytes === undefined || this.memoryBytes() + memoryBytes > this.options.memoryBytes) return;
      }
      if (isLive) await this.install(projectId, deploymentId);
      else this.warmSearch((await this.load(projectId, deploymentId)).index);
    } catch (error) {
      this.log.warn(`could not load the search index of ${projectId}`, error);
    }
  }

  /** Previews held are not checked: a search on one compares its deployment with the preview's own and swaps. */
  private async catchUp(): Promise<void> {
    const held = await this.store.db.project.findMany({ where: { id: { in: [...this.#entries.keys()] } }, select: { id: true, liveDeploymentId: true } });
    for (const project of held) {
      if (project.liveDeploymentId && project.liveDeploymentId !== this.#entries.get(project.id)?.deploymentId) {
        await this.loadAhead(project.id, project.liveDeploymentId, true);
      }
    }
  }

  /** Loads what a site's first search would (its analyzer); the process's first site also runs the warm-up searches, in the background. */
  private warmSearch(index: SiteIndex): void {
    index.search({ query: 'warm up', pageSize: 1 }, undefined);
    if (this.#isQueryPathWarm) return;
    this.#isQueryPathWarm = true;
    compileQueryPath(index, () => this.#counts.warmUpSearches++).catch((error) => this.log.warn('could not run the warm-up searches', error));
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
    for (const listener of this.#listeners) void listener.return?.();
  }
}
