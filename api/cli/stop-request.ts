import type { Logger } from '../logger.ts';

export interface StopRequest {
  /** Resolves once the process is asked to stop. */
  readonly requested: Promise<void>;
  /** Stops listening; call once shut down (or failed to start). */
  dispose(): void;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const PARENT_LOOK_MS = 500;

/**
 * Watches for a request to stop a long-lived process: SIGINT, SIGTERM or SIGHUP (the terminal it ran in
 * closed; or the `signals` given), or, when an npm script started it (`watchParent`), that script's
 * process going away. Without a handler, SIGHUP would end the process at once, leaving its embedded
 * PostgreSQL running.
 *
 * The signal handlers stay installed until dispose(), through the whole shutdown: the same signal
 * often comes twice (a terminal's Ctrl-C reaches npm and folio, and npm passes it on to folio too), and
 * a second one with no handler would kill the process mid-shutdown, leaving its embedded PostgreSQL
 * running.
 *
 * npm waits for its script, so folio's parent (npm, or the `sh -c` npm runs a script through) outlives
 * it. When that parent goes away first (npm killed with SIGKILL, or a shell that exits on SIGTERM
 * without passing it on, as Debian's dash does), folio would be left running, orphaned, with nobody to
 * stop it. A process started outside npm keeps running when its parent exits (`nohup`, `setsid`).
 */
export function watchForStop(log: Logger, { watchParent, signals = SIGNALS }: { watchParent: boolean; signals?: NodeJS.Signals[] }): StopRequest {
  let resolveRequested!: () => void;
  const requested = new Promise<void>((resolve) => (resolveRequested = resolve));
  let isRequested = false;
  let parentWatch: NodeJS.Timeout | undefined;
  const stop = (reason: string) => {
    if (isRequested) return log.debug(`${reason}; already shutting down`);
    isRequested = true;
    clearInterval(parentWatch);
    log.info(`${reason}; shutting down`);
    resolveRequested();
  };

  const handlers = signals.map((signal) => [signal, () => stop(`${signal} received`)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  if (watchParent) {
    const parent = process.ppid;
    parentWatch = setInterval(() => {
      if (process.ppid !== parent) stop(`the npm script that started this process has exited (its process ${parent} is gone)`);
    }, PARENT_LOOK_MS).unref();
  }

  return {
    requested,
    dispose() {
      clearInterval(parentWatch);
      for (const [signal, handler] of handlers) process.off(signal, handler);
    },
  };
}
