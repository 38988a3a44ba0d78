import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { createProject, updateProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { runAgentJob } from '../support/agent-job-client.ts';
import { deployAndWait, waitForEnd } from '../support/deployments.ts';
import { SMALL_SITE } from '../support/docs-site.ts';
import { runFolio } from '../support/folio-process.ts';
import { commit, makeRepo } from '../support/git-repo.ts';
import { startChatServer, type ChatServer } from '../support/openai-chat-server.ts';
import { call, scriptedAgent } from '../support/scripted-agent.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Docs that live in a folder of a larger repository (docs/ beside a product's code), as Mintlify's
 * monorepo setting reads them: a project names the folder, its deployments and previews read the files
 * below it by their paths from it, and its agent jobs work there.
 */
const PRODUCT_REPO: Record<string, string> = {
  'README.md': '# Acme\n\nThe Acme command-line tool.\n',
  'src/main.ts': 'export const main = () => "Zephyrine";\n',
  ...Object.fromEntries(Object.entries(SMALL_SITE).map(([file, text]) => [`docs/${file}`, text])),
};

let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer(
    scriptedAgent({
      write: [
        () => ({
          toolCalls: [call('createPage', { path: 'billing.mdx', content: '---\ntitle: Billing\n---\n\nInvoices are sent on the first day of the month.\n' })],
        }),
        () => ({ toolCalls: [call('finish', { title: 'Document billing', summary: 'Added a billing page.' })] }),
      ],
    }),
  );
});
const isolated = isolatedTestApp({ isWorker: true, env: () => ({ ANSWER_BASE_URL: chat.baseURL, ANSWER_API_KEY: 'k', ANSWER_MODEL: 'scripted' }) });
let t: TestApp;
let server: RunningServer;
let repo: string;
let project: CreatedProject;
const page = (route: string) => t.call('GET', `/sites/${project.subdomain}${route}`);
const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();

beforeAll(async () => {
  t = isolated.app;
  server = await listen(t.app, '127.0.0.1', 0);
  repo = makeRepo(PRODUCT_REPO).dir;
  project = await createProject(t.db, { name: 'Acme', subdomain: 'acme-monorepo', repo, docsFolder: './docs/' });
});
afterAll(async () => {
  await server?.close();
  await chat?.close();
  fs.rmSync(repo, { recursive: true, force: true });
});

describe('a project whose docs are in a folder of the repository', () => {
  it('deploys the folder alone, its pages at their paths from it', async () => {
    const graphql = await t.call('POST', '/graphql', {
      key: project.adminKey,
      json: { query: `{ project(id: "${project.projectId}") { docsFolder } }` },
    });
    expect(graphql.body).toEqual({ data: { project: { docsFolder: 'docs' } } });
    const deployment = await deployAndWait(t, project.projectId);
    expect(deployment.status, deployment.summary).toBe('success');
    expect(deployment.filesAdded).toEqual(['custom-domain.mdx', 'docs.json', 'fonts.mdx', 'quickstart.mdx']);
    expect((await page('/quickstart')).body).toContain('Install the CLI');
    expect((await page('/README')).status).toBe(404);
    const found = await t.call('POST', `/v1/search/${project.subdomain}`, { key: project.assistantKey, json: { query: 'Zephyrine' } });
    expect(found.body).toEqual([]);
  });

  it('takes a change outside the folder for no change', async () => {
    commit(repo, { 'src/main.ts': 'export const main = () => "changed";\n' });
    const deployment = await deployAndWait(t, project.projectId);
    expect(deployment.status).toBe('success');
    expect(deployment.logs).toContain(`Files changed since ${git('rev-parse', 'HEAD~1').slice(0, 7)}: 0 added, 0 modified, 0 removed.`);
  });

  it('runs an agent job in the folder: the page it creates is committed there and its preview serves it', async () => {
    const run = await runAgentJob(server.url, project, { branch: 'docs/billing', messages: [{ role: 'user', content: '[write] Document billing.' }] });
    expect(run.outcome).toMatchObject({ haultReason: 'completed' });
    expect(git('diff', 'main...docs/billing', '--name-only')).toBe('docs/billing.mdx');
    const previewDeployment = await t.db.deployment.findFirstOrThrow({ where: { projectId: project.projectId, branch: 'docs/billing' } });
    expect((await waitForEnd(t, previewDeployment.id)).status).toBe('success');
    const previewUrl = /Its preview \(deploying now\): (\S+)$/.exec(run.job.messageToUser)?.[1];
    expect(await (await fetch(`${server.url}${new URL(previewUrl!).pathname}/billing`)).text()).toContain('first day of the month');
  });
});

describe('a project that names no folder, on a repository whose docs are in one', () => {
  it('fails saying where docs.json is and how to deploy from there, then deploys once the folder is set', async () => {
    const other = await createProject(t.db, { name: 'Acme root', subdomain: 'acme-monorepo-root', repo });
    const failed = await deployAndWait(t, other.projectId);
    expect(failed.status).toBe('failure');
    expect(failed.summary).toContain(`This commit has one in docs/: deploy from there with folio project update ${other.projectId} --docs-folder docs.`);

    const updated = await runFolio(['project', 'update', other.projectId, '--docs-folder', 'docs'], { DATABASE_URL: isolated.databaseUrl });
    expect(updated.stdout).toContain('Project updated');
    expect((await deployAndWait(t, other.projectId)).status).toBe('success');
  });

  it('names the root when the docs are there and the project names a folder', async () => {
    const rootRepo = makeRepo(SMALL_SITE).dir;
    try {
      const misplaced = await createProject(t.db, { name: 'Acme docs', subdomain: 'acme-misplaced', repo: rootRepo, docsFolder: 'docs' });
      const failed = await deployAndWait(t, misplaced.projectId);
      expect(failed.summary).toContain(`This commit has one at its root: deploy from there with folio project update ${misplaced.projectId} --docs-folder ''.`);
    } finally {
      fs.rmSync(rootRepo, { recursive: true, force: true });
    }
  });

  it('refuses a folder out of the repository, naming the field', async () => {
    await expect(createProject(t.db, { name: 'Out', subdomain: 'acme-out', repo, docsFolder: '../elsewhere' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'docsFolder',
    });
    await expect(updateProject(t.db, project.projectId, { docsFolder: 'docs/../..' })).rejects.toMatchObject({ field: 'docsFolder' });
    const cli = await runFolio(['project', 'update', project.projectId, '--docs-folder', '../x'], { DATABASE_URL: isolated.databaseUrl });
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toContain('The docs folder "../x" leads out of the repository');
  });
});
