import os from 'node:os';
import Tinypool from 'tinypool';
import { PageCodeRunner } from '../render/jsx-runtime/page-code-runner.ts';
import { buildPage, type BuiltPage, type PageJob } from './page-build.ts';

const MB = 1024 * 1024;

/**
 * What a deploying worker process holds besides the pages it is building: its code, connections and
 * caches, and for a big site its routes, navigation and file list (a `folio worker` deploying the
 * 34,440-route bench site held about 600 MB before the first page was parsed).
 */
const PROCESS_MB = 640;
/**
 * A page worker thread's heap: a thread holds the parser and renderer's code and data (about 40 MB)
 * and one page at a time, so a capped heap makes V8 collect its garbage instead of growing to Node's
 * default limit. A page that outgrows it ends its thread, and is built in the deploying thread instead.
 */
const THREAD_HEAP_MB = 112;
const THREAD_YOUNG_MB = 16;
/** The sandbox's own limit for pages' code (jsx-sandbox.ts), in WebAssembly memory outside the heap. */
const SANDBOX_MB = 64;
/** A page worker thread at most: its heap, its pages' sandbox. */
const THREAD_MB = THREAD_HEAP_MB + THREAD_YOUNG_MB + SANDBOX_MB;
/**
 * A page in flight or waiting to be stored: its file and snippets' text, its parsed form while it is
 * built, then its chunks, HTML and Markdown. The corpus's pages average far less (about 40 KB stored);
 * the allowance covers big reference pages.
 */
const PAGE_MB = 1;
/** Pages in flight per thread at most: enough that a thread never waits for the deploying thread to send it one. */
const THREAD_PAGES = 8;
/** A second thread is not worth storing pages in batches smaller than this (a batch is a few database round trips). */
const MIN_BATCH = 100;
/**
 * Below this many pages to build, they are built in process: a worker thread's start (loading the parser
 * and renderer into it, then its first page) took as long as building 20 to 50 pages in the deploying
 * thread, and two threads only save half of each page's time, so under about 100 pages a one-page
 * redeployment or a preview's few pages would only wait for them.
 */
export const POOL_MIN_PAGES = 100;

/** What decides how a deployment builds its pages. */
export interface PageBuilding {
  /** DEPLOY_MEMORY_MB. */
  memoryBytes: number;
  /** Fewer pages are built in process (POOL_MIN_PAGES; the tests set it to compare both ways). */
  minPooledPages?: number;
}

/** How a deployment builds its pages within DEPLOY_MEMORY_MB. */
export interface PageLimits {
  /** Worker threads, for a deployment with at least POOL_MIN_PAGES pages to build. */
  threads: number;
  /** Pages sent to the threads and not yet taken back: the pool's bounded queue. */
  inFlight: number;
  /** Built pages held before they are stored, a batch at a time. */
  storeBatch: number;
}

/**
 * Splits the memory a deployment may take between threads and pages: what is left once the process
 * itself is counted goes first to worker threads (one per core, while there is room for each and
 * its pages), then to the pages held, half in flight and half waiting to be stored. There is always one
 * thread, also on one core or with little memory: pages built in the deploying thread leave their
 * garbage in its heap, which V8 lets grow far past what a thread's capped heap holds.
 */
export function pageLimits(memoryBytes: number, cores = os.availableParallelism()): PageLimits {
  const spare = Math.max(0, memoryBytes / MB - PROCESS_MB);
  const threads = clamp(Math.floor((spare - MIN_BATCH * PAGE_MB) / (THREAD_MB + THREAD_PAGES * PAGE_MB)), 1, cores);
  const pages = Math.max(0, spare - threads * THREAD_MB) / PAGE_MB;
  return {
    threads,
    // Two a thread at least: one to build while the next is prepared, or the thread waits for each.
    inFlight: clamp(Math.floor(pages / 2), 2 * threads, threads * THREAD_PAGES),
    storeBatch: clamp(Math.floor(pages / 2), 10, 200),
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Builds a deployment's pages, in worker threads or in process; close() when the deployment's pages are built. */
export interface PageBuilder {
  readonly limits: PageLimits;
  build(job: PageJob): Promise<BuiltPage>;
  close(): Promise<void>;
}

/** The builder for a deployment that has `pages` distinct pages to build. */
export function openPageBuilder(pages: number, building: PageBuilding, onWorkerFailure: (error: Error) => void): PageBuilder {
  const limits = pageLimits(building.memoryBytes);
  const inProcess = new PageCodeRunner();
  const buildHere = (job: PageJob) => buildPage(job, inProcess);
  if (pages < (building.minPooledPages ?? POOL_MIN_PAGES)) {
    return { limits: { ...limits, threads: 0, inFlight: 1 }, build: buildHere, close: () => inProcess.close() };
  }
  const pool = new Tinypool({
    filename: workerFile(),
    minThreads: limits.threads,
    maxThreads: limits.threads,
    // The queue is bounded by the caller (limits.inFlight), which sends no more pages than that.
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB },
  });
  let hasFailed = false;
  return {
    limits,
    async build(job) {
      try {
        return (await pool.run(job)) as BuiltPage;
      } catch (error) {
        if (!hasFailed) onWorkerFailure(error as Error);
        hasFailed = true;
        return buildHere(job);
      }
    },
    async close() {
      await Promise.all([pool.destroy(), inProcess.close()]);
    },
  };
}

/**
 * The worker thread's entry: beside this module in the compiled build (an entry point of its own,
 * scripts/build.js), or the TypeScript sources through tsx.
 */
function workerFile(): string {
  const isSource = import.meta.url.endsWith('.ts');
  return new URL(isSource ? './page-worker-tsx.js' : './page-worker.js', import.meta.url).href;
}
