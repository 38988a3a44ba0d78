import { afterDeploymentsHere } from '../deploying-here.ts';
import type { SiteIndex } from './site-index.ts';

/**
 * Searches a process runs once, after it loads its first site: V8 compiles a function's optimised code
 * only after it has run for a while, so a new web process's first searches were slower than the ones
 * after them (docs/performance.md#assistant). The code is the same for every site, so one site's text
 * serves for all.
 */
const WARM_UP_SEARCHES = 60;

/** Runs the warm-up searches on `index`, one per turn of the event loop, so that requests are served in between. */
export async function compileQueryPath(index: SiteIndex, onSearch: () => void): Promise<void> {
  for (const { query, vector } of index.sampleSearches(WARM_UP_SEARCHES)) {
    await new Promise((resolve) => setImmediate(resolve));
    await afterDeploymentsHere();
    index.search({ query, pageSize: 5 }, vector);
    onSearch();
  }
}
