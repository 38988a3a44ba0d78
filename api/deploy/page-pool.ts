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
/** A page worker thread: its own copy of the parser and renderer's code and data, and its heap while it builds pages. */
const THREAD_MB = 160;
/**
 * A page in flight or waiting to be stored: its file and snippets' text, its parsed form while it is
 * built, then its chunks, HTML and Markdown. The corpus's pages average far less (about 40 KB stored);
 * the allowance covers big reference pages.
 */
const PAGE_MB = 1;
/**
 * Below this many pages to build, they are built in process: starting a worker thread (loading the
 * parser and renderer into it) costs about as much as building this many pages in the deploying
 * thread, so a one-page redeployment or a preview's few pages would only wait for it.
 */
export const POOL_MIN_PAGES = 100;

/** How a deployment builds its pages within DEPLOY_MEMORY_MB. */
export interface PageLimits {
  /** Worker threads (0: every page in process). */
  threads: number;
  /** Pages sent to the threads and not yet taken back: the pool's bounded queue. */
  inFlight: number;
  /** Built pages held before they are stored, a batch at a time. */
  storeBatch: number;
}

/**
 * Splits the memory a deployment may take between threads and pages: what is left once the process
 * itself is counted goes first to worker threads (one per core, while each leaves room for pages), then
 * to the pages held, half in flight and half waiting to be stored.
 */
export function pageLimits(memoryBytes: number, cores = os.availableParallelism()): PageLimits {
  const spare = Math.max(0, memoryBytes / MB - PROCESS_MB);
  const threads = cores < 2 ? 0 : Math.max(0, Math.min(cores, Math.floor(spare / (2 * THREAD_MB))));
  const pages = Math.max(0, spare - threads * THREAD_MB) / PAGE_MB;
  return {
    threads,
    inFlight: threads === 0 ? 1 : clamp(Math.floor(pages / 2), threads, threads * 8),
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

/** The builder for a deployment that has `pages` distinct pages to build within `memoryBytes`. */
export function openPageBuilder(pages: number, memoryBytes: number, onWorkerFailure: (error: Error) => void): PageBuilder {
  const limits = pageLimits(memoryBytes);
  const inProcess = new PageCodeRunner();
  const buildHere = (job: PageJob) => buildPage(job, inProcess);
  if (limits.threads === 0 || pages < POOL_MIN_PAGES) {
    return { limits: { ...limits, threads: 0, inFlight: 1 }, build: buildHere, close: () => inProcess.close() };
  }
  const pool = new Tinypool({
    filename: workerFile(),
    minThreads: limits.threads,
    maxThreads: limits.threads,
    // The queue is bounded by the caller (limits.inFlight); a thread whose heap outgrows its share ends, and its page is built here.
    resourceLimits: { maxOldGenerationSizeMb: THREAD_MB },
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
