import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../api/projects/create-project.ts';
import { deployAndWait } from '../support/deployments.ts';
import { deployedSite } from '../support/docs-site.ts';
import { CORPUS } from '../support/git-repo.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';
import { versionedSite, type VersionedSite } from '../support/versioned-site.ts';

/**
 * One process that serves readers and deploys (the embedded default): while a versioned site of the
 * corpus's size twice over deploys and goes live, another site on the process keeps answering. Its
 * speed is the benchmark's to measure (`npm run bench -- big-site`); here the process must never stop
 * answering, as it did for more than 10 s when a big site went live.
 */
const STALL_MS = 2_000;
// The probe searches every 20 ms for as long as the deployment takes: more than a reader's per-minute allowance.
const isolated = isolatedTestApp({ isWorker: true, env: () => ({ SEARCHES_PER_MINUTE_PER_CLIENT: '1000000', SEARCHES_PER_HOUR: '100000000' }) });
let t: TestApp;
let site: VersionedSite;

beforeAll(async () => {
  t = isolated.app;
  site = versionedSite(CORPUS, { versions: 2, editsPerVersion: 3 });
});
afterAll(async () => {
  site?.remove();
});

describe('a big versioned site going live', () => {
  it('leaves the other sites of the process answering throughout, and is searched by version once live', async () => {
    const neighbour = await deployedSite(t, `neighbour-${Date.now().toString(36)}`);
    const searchNeighbour = () => t.call('POST', `/v1/search/${neighbour.subdomain}`, { key: neighbour.assistantKey, json: { query: 'custom domain CNAME' } });
    const big = await createProject(t.db, { name: 'Versioned corpus', subdomain: `versioned-${Date.now().toString(36)}`, repo: site.dir });

    const delay = monitorEventLoopDelay({ resolution: 10 });
    const answers: { status: number; results: number }[] = [];
    let deploying = true;
    const probe = (async () => {
      while (deploying) {
        const response = await searchNeighbour();
        answers.push({ status: response.status, results: (response.body as unknown[]).length });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    delay.enable();
    const deployment = await deployAndWait(t, big.projectId); // returns once the process searches it from its new index
    delay.disable();
    deploying = false;
    await probe;

    expect(deployment.status).toBe('success');
    expect(deployment.logs.find((line) => line.startsWith('Parsed'))).toMatch(/identical copies of them serve \d+ more/);
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((answer) => answer.status !== 200 || answer.results === 0)).toEqual([]);
    expect(delay.max / 1e6).toBeLessThan(STALL_MS);

    const older = site.versions[1]!;
    const results = (
      await t.call('POST', `/v1/search/${big.subdomain}`, { key: big.assistantKey, json: { query: 'custom domain', filter: { version: older } } })
    ).body as { path: string; metadata: { version: string } }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.map((result) => result.metadata.version)).toEqual(results.map(() => older));
    expect(results.map((result) => result.path.split('/')[1])).toEqual(results.map(() => older));
  });
});
