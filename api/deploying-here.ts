/**
 * Whether this process runs a deployment now: what it does in the background meanwhile (warming its
 * caches after a start) gives way, so that the deployment has the cores to itself.
 */
let running = 0;

export function isDeployingHere(): boolean {
  return running > 0;
}

/** Runs `deployment`, counted as running here until it ends. */
export async function whileDeployingHere<T>(deployment: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await deployment();
  } finally {
    running--;
  }
}

/** Resolves once no deployment runs here: background work waits for it before each step. */
export async function afterDeploymentsHere(): Promise<void> {
  while (running > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}
