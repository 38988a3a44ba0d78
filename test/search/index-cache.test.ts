import { describe, expect, it } from 'vitest';
import { createProject } from '../../api/projects/create-project.ts';
import { SearchIndexes } from '../../api/search/search-indexes.ts';
import { deployAndWait } from '../support/deployments.ts';
import { makeRepo } from '../support/git-repo.ts';
import { isolatedTestApp } from '../support/test-app.ts';

const isolated = isolatedTestApp({ isWorker: true });

async function deployedSite(name: string) {
  const t = isolated.app;
  const repo = makeRepo({ 'docs.json': JSON.stringify({ navigation: { pages: ['index'] } }), 'index.mdx': `# ${name}\nAbout ${name}.` });
  const project = await createProject(t.db, { name, subdomain: `${name}-${Date.now()}`, repo: repo.dir });
  const deployment = await deployAndWait(t, project.projectId);
  return { id: project.projectId, liveDeploymentId: deployment.id };
}

describe('search index memory bounds', () => {
  it('evicts the least recently used site above the chunk budget, and idle sites after the idle time', async () => {
    const t = isolated.app;
    const [a, b] = [await deployedSite('alpha'), await deployedSite('beta')];
    const budget = new SearchIndexes(t.db, t.runtime.embedder, t.runtime.events, t.runtime.log, { maxChunks: 1, idleMs: 60_000 });
    await budget.forProject(a);
    expect(budget.cachedProjects()).toEqual([a.id]);
    await budget.forProject(b);
    expect(budget.cachedProjects()).toEqual([b.id]);
    budget.close();

    const idle = new SearchIndexes(t.db, t.runtime.embedder, t.runtime.events, t.runtime.log, { maxChunks: 1000, idleMs: 1_000 });
    await idle.forProject(a);
    await new Promise((resolve) => setTimeout(resolve, 3_500)); // idle for 1 s, swept every second
    expect(idle.cachedProjects()).toEqual([]);
    idle.close();
  });

  it('holds nothing for a site with nothing deployed', async () => {
    const t = isolated.app;
    const indexes = new SearchIndexes(t.db, t.runtime.embedder, t.runtime.events, t.runtime.log, { maxChunks: 1000, idleMs: 60_000 });
    expect(await indexes.forProject({ id: 'none', liveDeploymentId: null })).toBeUndefined();
    expect(indexes.cachedProjects()).toEqual([]);
    indexes.close();
  });
});
