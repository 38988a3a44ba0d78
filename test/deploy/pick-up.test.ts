import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { createProject } from '../../api/projects/create-project.ts';
import { waitForEnd } from '../support/deployments.ts';
import { SMALL_SITE } from '../support/docs-site.ts';
import { commit, makeRepo } from '../support/git-repo.ts';
import { createScratchDatabase } from '../support/scratch-database.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A web side over real HTTP and a worker beside it, both polling for jobs only once a minute: a
 * deployment that ends within seconds was started by the trigger's NOTIFY, not found by a poll.
 */
const ONCE_A_MINUTE = { JOB_POLL_SECONDS: '60' };
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let web: TestApp;
let worker: TestApp;
let server: RunningServer;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  web = await startTestApp({ databaseUrl: scratch.url, env: ONCE_A_MINUTE });
  worker = await startTestApp({ databaseUrl: scratch.url, isWorker: true, env: ONCE_A_MINUTE });
  server = await listen(web.app, '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
  await worker?.close();
  await web?.close();
  await scratch?.drop();
});

describe('a deployment triggered over HTTP, with workers polling once a minute', () => {
  it('starts at once and goes live within seconds, and so does the next one', async () => {
    const repo = makeRepo(SMALL_SITE);
    const project = await createProject(web.db, { name: 'Acme Docs', subdomain: `p-${Date.now().toString(36)}`, repo: repo.dir });
    for (const round of [1, 2]) {
      if (round === 2) commit(repo.dir, { 'fonts.mdx': `${SMALL_SITE['fonts.mdx']}\nAny weight works.\n` }, 'Fonts: weights');
      const triggered = Date.now();
      const response = await fetch(`${server.url}/v1/project/update/${project.projectId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${project.adminKey}` },
      });
      expect(response.status).toBe(202);
      const { statusId } = (await response.json()) as { statusId: string };
      const ended = await waitForEnd(web, statusId, 30_000);
      expect(ended.status).toBe('success');
      expect(ended.startedAt!.getTime() - triggered).toBeLessThan(5_000);
      expect(ended.endedAt!.getTime() - triggered).toBeLessThan(10_000);
    }
  });
});
