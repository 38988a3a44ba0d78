// The page worker run from the TypeScript sources (tests, the benchmark's own process): a worker thread
// does not inherit the tsx loader, so it registers it before loading page-worker.ts. The compiled build
// runs dist/<build>/page-worker.js instead.
import { register } from 'tsx/esm/api';

register();
const { default: buildInWorker } = await import('./page-worker.ts');
export default buildInWorker;
