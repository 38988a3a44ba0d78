import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../api/projects/create-project.ts';
import { makeRepo } from '../support/git-repo.ts';
import { startGitHttpServer } from '../support/git-http-server.ts';
import { startGitHubApi } from '../support/github-api-server.ts';
import { startChatServer, type ChatServer } from '../support/openai-chat-server.ts';
import { call, scriptedAgent } from '../support/scripted-agent.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Agent jobs on a GitHub repository: the branch is pushed over Git's smart HTTP protocol with
 * GITHUB_TOKEN and the pull request opened through Octokit, both against local servers that speak
 * GitHub's protocols (git http-backend; the REST endpoints Octokit calls).
 */
const TOKEN = 'ghs_agent';
const SITE = {
  'docs.json': JSON.stringify({ name: 'Acme', navigation: { groups: [{ group: 'Guides', pages: ['index', 'support'] }] } }),
  'index.mdx': '---\ntitle: Welcome\n---\n\n## Start here\n\nRead the guides.\n',
  'support.mdx': '---\ntitle: Support\n---\n\n## Contact\n\nWrite to help@old.example for help.\n',
};

let chat: ChatServer;
let gitServer: Awaited<ReturnType<typeof startGitHttpServer>>;
let api: Awaited<ReturnType<typeof startGitHubApi>>;
let root: string;

beforeAll(async () => {
  chat = await startChatServer(
    scriptedAgent({
      email: [
        () => ({ toolCalls: [call('editPage', { path: 'support.mdx', oldString: 'help@old.example', newString: 'help@acme.example' })] }),
        () => ({ toolCalls: [call('finish', { title: 'Update the support email', summary: 'The support email is now help@acme.example.' })] }),
      ],
      hours: [
        () => ({ toolCalls: [call('editPage', { path: 'support.mdx', oldString: '## Contact', newString: '## Contact\n\nWe answer within a day.' })] }),
        () => ({ toolCalls: [call('finish', { title: 'Say how fast support answers', summary: 'Support answers within a day.' })] }),
      ],
    }),
  );
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-github-agent-'));
  execFileSync('git', ['clone', '-q', '--bare', makeRepo(SITE).dir, path.join(root, 'acme', 'docs.git')]);
  gitServer = await startGitHttpServer(root, TOKEN);
  api = await startGitHubApi(TOKEN);
});
const isolated = isolatedTestApp({
  isWorker: true,
  env: () => ({
    ANSWER_BASE_URL: chat.baseURL,
    ANSWER_API_KEY: 'k',
    ANSWER_MODEL: 'scripted',
    GITHUB_URL: gitServer.url,
    GITHUB_API_URL: api.url,
    GITHUB_TOKEN: TOKEN,
  }),
});
let t: TestApp;
beforeAll(() => {
  t = isolated.app;
});
afterAll(async () => {
  await chat.close();
  await gitServer.close();
  await api.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const bare = (...args: string[]) => execFileSync('git', ['-C', path.join(root, 'acme', 'docs.git'), ...args], { encoding: 'utf8' }).trim();

async function runJob(project: { projectId: string; adminKey: string }, body: Record<string, unknown>) {
  const res = await t.call('POST', `/v1/agent/${project.projectId}/job`, { key: project.adminKey, json: body });
  expect(res.status).toBe(200);
  return t.db.agentJob.findUniqueOrThrow({ where: { id: res.headers.get('x-session-id')! } });
}

describe('a job on GitHub', () => {
  it('pushes the branch with the token and opens a pull request through the API, draft as asked', async () => {
    const project = await createProject(t.db, { name: 'Acme', subdomain: 'acme-github', repo: `${gitServer.url}/acme/docs.git` }, { githubUrl: gitServer.url });
    const mainBefore = bare('rev-parse', 'main');
    const draft = await runJob(project, {
      branch: 'docs/email',
      messages: [{ role: 'user', content: '[email] Our support email changed to help@acme.example.' }],
    });
    expect(draft).toMatchObject({ halted: true, haltReason: 'completed', pullRequestLink: 'https://github.test/acme/docs/pull/1' });
    expect(api.created[0]).toMatchObject({ owner: 'acme', repo: 'docs', head: 'docs/email', base: 'main', title: 'Update the support email', draft: true });
    // The pull request links the branch's preview, which Folio deploys from the pushed branch.
    expect(api.created[0]!.body).toMatch(
      /^The support email is now help@acme\.example\.\n\nPreview: http:\/\/\S+\/sites\/acme-github\/~preview\/docs-email-[0-9a-f]{6}$/,
    );
    expect(draft.messageToUser).toContain('Its preview (deploying now): ');
    expect(bare('show', 'docs/email:support.mdx')).toContain('help@acme.example');
    expect(bare('rev-parse', 'main')).toBe(mainBefore);

    const ready = await runJob(project, {
      branch: 'docs/email-ready',
      asDraft: false,
      messages: [{ role: 'user', content: '[email] Same again, ready for review.' }],
    });
    expect(ready.haltReason).toBe('completed');
    expect(api.created[1]).toMatchObject({ head: 'docs/email-ready', draft: false });
  });

  it("a follow-up (v2) pushes its commits to the job's pull request and opens no other", async () => {
    const project = await createProject(
      t.db,
      { name: 'Acme', subdomain: 'acme-follow-up', repo: `${gitServer.url}/acme/docs.git` },
      { githubUrl: gitServer.url },
    );
    const first = await runJob(project, { branch: 'docs/contact', messages: [{ role: 'user', content: '[email] Our support email changed.' }] });
    const opened = api.created.length;
    const route = `/v2/agent/${project.projectId}/job/${first.id}`;
    const sent = await t.call('POST', `${route}/message`, { key: project.adminKey, json: { prompt: '[hours] Say how fast we answer.' } });
    expect(sent).toMatchObject({ status: 200, body: { status: 'active', prLink: first.pullRequestLink } });
    let job = sent.body;
    while (job.status === 'active') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await t.call('GET', route, { key: project.adminKey })).body;
    }
    expect(job).toMatchObject({ status: 'completed', prLink: first.pullRequestLink });
    expect(api.created.length).toBe(opened);
    expect(bare('show', 'docs/contact:support.mdx')).toContain('We answer within a day.\n\nWrite to help@acme.example');
  });

  it('a token GitHub refuses ends the job github_missconfigured, before any work', async () => {
    const refused = await startGitHubApi('another-token');
    const app = isolated.app;
    const config = { ...app.runtime.config, githubApiUrl: refused.url };
    const project = await createProject(
      t.db,
      { name: 'Acme', subdomain: 'acme-refused', repo: `${gitServer.url}/acme/docs.git` },
      { githubUrl: gitServer.url },
    );
    const job = await t.db.agentJob.create({
      data: { projectId: project.projectId, branch: 'docs/x', messages: [{ role: 'user', content: '[email] x' }] },
    });
    const before = chat.requests.length;
    const { runAgentJob } = await import('../../api/agent/run-agent.ts');
    await runAgentJob({ ...app.runtime, config }, job.id, 1);
    await refused.close();
    const ended = await t.db.agentJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(ended).toMatchObject({ halted: true, haltReason: 'github_misconfigured' });
    expect(ended.messageToUser).toMatch(/GitHub refused GITHUB_TOKEN \(401\)/);
    expect(chat.requests.length).toBe(before); // the model was never asked
  });

  it('no token at all ends the job github_missconfigured and says to set GITHUB_TOKEN', async () => {
    const config = { ...t.runtime.config, githubToken: undefined };
    const project = await createProject(
      t.db,
      { name: 'Acme', subdomain: 'acme-no-token', repo: `${gitServer.url}/acme/docs.git` },
      { githubUrl: gitServer.url },
    );
    const job = await t.db.agentJob.create({
      data: { projectId: project.projectId, branch: 'docs/y', messages: [{ role: 'user', content: '[email] y' }] },
    });
    const { runAgentJob } = await import('../../api/agent/run-agent.ts');
    await runAgentJob({ ...t.runtime, config }, job.id, 1);
    const ended = await t.db.agentJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(ended).toMatchObject({ haltReason: 'github_misconfigured', messageToUser: expect.stringContaining('GITHUB_TOKEN is not set') });
  });
});
