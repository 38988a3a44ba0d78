import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeployment } from '../../api/deploy/run-deployment.ts';
import { createProject } from '../../api/projects/create-project.ts';
import { makeRepo } from '../support/git-repo.ts';
import { startGitHttpServer } from '../support/git-http-server.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Fetching an https Git URL from GitHub with GITHUB_TOKEN, against a local server that speaks Git's HTTP protocol. */
let t: TestApp;
let github: Awaited<ReturnType<typeof startGitHttpServer>>;
let reposDir: string;
beforeAll(async () => {
  t = await startTestApp();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-github-'));
  const source = makeRepo({ 'docs.json': JSON.stringify({ navigation: { pages: ['index'] } }), 'index.mdx': '# Private docs\nOnly with a token.' });
  execFileSync('git', ['clone', '-q', '--bare', source.dir, path.join(root, 'acme', 'docs.git')]);
  github = await startGitHttpServer(root, 'ghs_secret');
  reposDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-mirrors-'));
});
afterAll(async () => {
  await github.close();
  await t.close();
});

async function deployWith(token: string | undefined) {
  const project = await createProject(t.db, {
    name: 'Private',
    subdomain: `gh-${Math.random().toString(36).slice(2, 9)}`,
    repo: `${github.url}/acme/docs.git`,
  });
  const deployment = await t.db.deployment.create({ data: { projectId: project.projectId, source: 'api' } });
  const services = { ...t.runtime.deployServices, reposDir, github: { url: github.url, token } };
  await runDeployment(services, deployment.id, 1);
  return t.db.deployment.findUniqueOrThrow({ where: { id: deployment.id } });
}

describe('GitHub over https', () => {
  it('fetches a private repository with the configured token', async () => {
    const deployment = await deployWith('ghs_secret');
    expect(deployment.status).toBe('success');
    expect(deployment.summary).toMatch(/^Deployed 1 page in 1 language/);
    expect(deployment.commitMessage).toBe('Initial docs');
  });

  it('fails with a summary that names GITHUB_TOKEN when the token is missing or wrong', async () => {
    for (const token of [undefined, 'ghs_wrong']) {
      const deployment = await deployWith(token);
      expect(deployment.status).toBe('failure');
      expect(deployment.summary).toMatch(
        /^Could not read the repository http:\/\/127\.0\.0\.1:\d+\/acme\/docs\.git \(.+\); check that it exists and that this server can reach it \(private GitHub repositories need GITHUB_TOKEN\)\.$/,
      );
    }
  });

  it('never sends the token to another host', async () => {
    const project = await createProject(t.db, {
      name: 'Elsewhere',
      subdomain: `gh-${Math.random().toString(36).slice(2, 9)}`,
      repo: `${github.url}/acme/docs.git`,
    });
    const deployment = await t.db.deployment.create({ data: { projectId: project.projectId, source: 'api' } });
    const services = { ...t.runtime.deployServices, reposDir, github: { url: 'https://github.com', token: 'ghs_secret' } };
    await runDeployment(services, deployment.id, 1);
    expect((await t.db.deployment.findUniqueOrThrow({ where: { id: deployment.id } })).status).toBe('failure');
  });
});
