import { PageCodeRunner } from '../render/jsx-runtime/page-code-runner.ts';
import { buildPage, type BuiltPage, type PageJob } from './page-build.ts';

/**
 * A worker thread of a deployment's page pool (page-pool.ts): builds the pages it is sent. Its pages
 * share one sandbox for their own code, as a deployment's pages do in process; the thread, and the
 * sandbox with it, ends with the deployment.
 */
const pageCode = new PageCodeRunner();

export default function buildInWorker(job: PageJob): Promise<BuiltPage> {
  return buildPage(job, pageCode);
}
