import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { runAgentJob } from '../support/agent-job-client.ts';
import { deployAndWait, waitForEnd } from '../support/deployments.ts';
import { CORPUS, makeRepo } from '../support/git-repo.ts';
import { startChatServer, type ChatServer } from '../support/openai-chat-server.ts';
import { call, scriptedAgent } from '../support/scripted-agent.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Agent jobs on a local Git repository made from the real corpus, driven by a scripted model that a
 * local OpenAI-compatible server plays (real tool calls through the AI SDK's OpenAI provider).
 */
const lineText = (numbered: string) => numbered.replace(/^\s*\d+ {2}/, '');
const firstHeading = (content: string) =>
  content
    .split('\n')
    .map(lineText)
    .find((line) => line.startsWith('## '))!;

let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer(
    scriptedAgent({
      edit: [
        () => ({
          toolCalls: [
            call('updateTodos', {
              todos: [
                { id: '1', content: 'Find the quickstart', status: 'in_progress', priority: 'high' },
                { id: '2', content: 'Document --port', status: 'pending', priority: 'medium' },
              ],
            }),
            call('searchPages', { query: 'quickstart preview locally' }),
          ],
        }),
        () => ({ toolCalls: [call('readPage', { path: 'quickstart.mdx' })] }),
        ({ results }) => {
          const heading = firstHeading(results[0]!.output.content);
          return {
            toolCalls: [
              call('editPage', {
                path: 'quickstart.mdx',
                oldString: heading,
                newString: `${heading}\n\nRun \`mint dev --port 3333\` to preview on another port.`,
              }),
            ],
          };
        },
        () => ({
          toolCalls: [
            call('validateProject'),
            call('updateTodos', {
              todos: [
                { id: '1', content: 'Find the quickstart', status: 'completed', priority: 'high' },
                { id: '2', content: 'Document --port', status: 'completed', priority: 'medium' },
              ],
            }),
          ],
        }),
        () => ({
          text: 'The quickstart now documents --port.',
          toolCalls: [call('finish', { title: 'Document the --port flag of mint dev', summary: 'Added how to preview on another port to the quickstart.' })],
        }),
      ],
      escape: [
        () => ({
          toolCalls: [
            call('readPage', { path: '../../../etc/passwd' }),
            call('readPage', { path: '.git/config' }),
            call('createPage', { path: '../outside.mdx', content: 'escaped' }),
            call('readPage', { path: 'linked.mdx' }),
            call('createPage', { path: 'tool.sh', content: 'rm -rf /' }),
            call('deletePage', { path: '/etc/hostname' }),
            call('editPage', { path: 'quickstart.mdx', oldString: '', newString: 'written wrongly' }),
          ],
        }),
        () => ({ toolCalls: [call('finish', { title: 'Nothing to do', summary: 'Those files are out of reach.' })] }),
      ],
      break: [
        () => ({ toolCalls: [call('editPage', { path: 'docs.json', oldString: '"navigation"', newString: '"navigaton"' })] }),
        () => ({ toolCalls: [call('validateProject')] }),
        () => ({ toolCalls: [call('finish', { title: 'Rename navigation', summary: 'Renamed the key.' })] }),
      ],
      noop: [() => ({ toolCalls: [call('finish', { title: 'Nothing to change', summary: 'The docs already say this.' })] })],
    }),
  );
});
const isolated = isolatedTestApp({ isWorker: true, env: () => ({ ANSWER_BASE_URL: chat.baseURL, ANSWER_API_KEY: 'k', ANSWER_MODEL: 'scripted' }) });
let t: TestApp;
let server: RunningServer;
let project: CreatedProject;
let repo: string;

beforeAll(async () => {
  t = isolated.app;
  server = await listen(t.app, '127.0.0.1', 0);
  repo = makeRepo({ copyFrom: CORPUS }).dir;
  fs.symlinkSync('/etc/hostname', `${repo}/linked.mdx`);
  execFileSync('git', ['-C', repo, 'add', 'linked.mdx']);
  execFileSync('git', ['-C', repo, '-c', 'user.name=T', '-c', 'user.email=t@e', 'commit', '-qm', 'A symbolic link']);
  project = await createProject(t.db, { name: 'Mintlify', subdomain: 'agent-local', repo });
  expect((await deployAndWait(t, project.projectId)).status).toBe('success');
});
afterAll(async () => {
  await server.close();
  await chat.close();
});

const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();

const runJob = (body: Record<string, unknown>) => runAgentJob(server.url, project, body);

describe('a job on a local repository', () => {
  it('edits the branch, pushes it, and opens a pull request that Folio serves', async () => {
    const mainBefore = git('rev-parse', 'main');
    const run = await runJob({ branch: 'docs/port-flag', messages: [{ role: 'user', content: '[edit] Document the --port flag of mint dev.' }] });
    expect(run.response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(run.sessionId).toMatch(/^[0-9a-f]{24}$/);
    expect(run.response.headers.get('x-message-id')).toMatch(/^[0-9a-f]{24}$/);
    expect(run.data[0]).toEqual({ type: 'session', sessionId: run.sessionId, messageId: run.response.headers.get('x-message-id') });
    expect(run.toolCalls.map((toolCall) => toolCall.toolName)).toEqual([
      'updateTodos',
      'searchPages',
      'readPage',
      'editPage',
      'validateProject',
      'updateTodos',
      'finish',
    ]);
    const todoUpdates = run.data.filter((item) => item.type === 'todos');
    expect(todoUpdates.at(-1).todos.map((todo: { status: string }) => todo.status)).toEqual(['completed', 'completed']);
    expect(run.text).toContain('The quickstart now documents --port.');
    expect(run.toolResults.find((result) => 'ok' in result)).toMatchObject({ ok: true, problems: [] });

    expect(run.outcome).toMatchObject({
      type: 'outcome',
      haulted: true,
      haultReason: 'completed',
      pullRequestLink: expect.stringMatching(/\/pulls\/[0-9a-f]{32}$/),
    });
    expect(run.job).toMatchObject({
      sessionId: run.sessionId,
      branch: 'docs/port-flag',
      haulted: true,
      haultReason: 'completed',
      pullRequestLink: run.outcome.pullRequestLink,
    });
    expect(run.job.messageToUser).toContain('draft pull request');
    // The pushed branch gets its preview, linked from the job's message and the pull request.
    const previewUrl = /Its preview \(deploying now\): (\S+)$/.exec(run.job.messageToUser)?.[1];
    expect(previewUrl).toMatch(/\/sites\/agent-local\/~preview\/docs-port-flag-[0-9a-f]{6}$/);
    const preview = await t.db.preview.findFirstOrThrow({ where: { projectId: project.projectId, branch: 'docs/port-flag' } });
    const previewDeployment = await t.db.deployment.findFirstOrThrow({ where: { projectId: project.projectId, branch: 'docs/port-flag' } });
    expect((await waitForEnd(t, previewDeployment.id)).status).toBe('success');
    const previewPage = await fetch(`${server.url}${new URL(previewUrl!).pathname}/quickstart`);
    expect(await previewPage.text()).toContain('to preview on another port.');
    expect(await (await fetch(`${server.url}/sites/agent-local/quickstart`)).text()).not.toContain('to preview on another port.');
    expect(preview.slug).toBe(new URL(previewUrl!).pathname.split('/').at(-1));
    expect(run.job.todos).toHaveLength(2);

    expect(git('rev-parse', 'main')).toBe(mainBefore); // the deployment branch is never pushed to
    expect(git('log', '-1', '--format=%s%n%an', 'docs/port-flag')).toBe('Document the --port flag of mint dev\nFolio agent');
    expect(git('diff', 'main...docs/port-flag', '--name-only')).toBe('quickstart.mdx');
    expect(git('show', 'docs/port-flag:quickstart.mdx')).toContain('Run `mint dev --port 3333` to preview on another port.');

    const page = await fetch(`${server.url}${new URL(run.outcome.pullRequestLink).pathname}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Document the --port flag of mint dev');
    expect(html).toContain('Draft');
    expect(html).toContain('+Run `mint dev --port 3333` to preview on another port.');
    expect(html).toContain(`Preview: ${previewUrl}`);
  });

  it('refuses paths outside the repository, in .git, through a symbolic link, or of other kinds', async () => {
    const run = await runJob({ branch: 'docs/escape', messages: [{ role: 'user', content: '[escape] Read some files.' }] });
    const errors = run.toolResults.slice(0, 6).map((result) => result.error);
    expect(errors).toEqual([
      expect.stringContaining('outside the repository'),
      expect.stringContaining('.git or a hidden folder'),
      expect.stringContaining('outside the repository'),
      expect.stringContaining('symbolic link'),
      expect.stringContaining('not a documentation file'),
      expect.stringContaining('outside the repository'),
    ]);
    // A call the model wrote wrongly is not run, and its result says why.
    expect(run.toolResults[6]!.error).toMatch(/input of editPage is not valid/);
    expect(fs.existsSync(`${repo}/../outside.mdx`)).toBe(false);
    expect(run.outcome).toMatchObject({ haultReason: 'completed', messageToUser: expect.stringContaining('No change was needed') });
    expect(run.outcome.pullRequestLink).toBeUndefined();
    expect(() => git('rev-parse', '--verify', 'refs/heads/docs/escape')).toThrow(); // nothing pushed
  });

  it('a change that would break docs.json is caught by the project check and not published', async () => {
    const run = await runJob({ branch: 'docs/broken', messages: [{ role: 'user', content: '[break] Rename the navigation key.' }], asDraft: false });
    const check = run.toolResults.find((result) => 'ok' in result);
    expect(check.ok).toBe(false);
    expect(check.problems.join(' ')).toMatch(/navigation lists no page|no "navigation"/);
    expect(run.outcome).toMatchObject({ haultReason: 'error', messageToUser: expect.stringContaining('The changes were not published') });
    expect(() => git('rev-parse', '--verify', 'refs/heads/docs/broken')).toThrow();
  });

  it('a job that needs no change ends completed without a pull request, and says so', async () => {
    const run = await runJob({ branch: 'docs/noop', messages: [{ role: 'user', content: '[noop] Say hello.' }] });
    expect(run.job).toMatchObject({
      haulted: true,
      haultReason: 'completed',
      messageToUser: 'No change was needed, so no pull request was opened. The docs already say this.',
    });
    expect(run.job.pullRequestLink).toBeUndefined();
  });

  it('lists the jobs newest first, with their outcome', async () => {
    const list = await fetch(`${server.url}/v1/agent/${project.projectId}/jobs`, { headers: { authorization: `Bearer ${project.adminKey}` } }).then((res) =>
      res.json(),
    );
    expect(list.allSessions.map((session: { branch: string }) => session.branch)).toEqual(['docs/noop', 'docs/broken', 'docs/escape', 'docs/port-flag']);
    expect(list.allSessions.every((session: { haulted: boolean }) => session.haulted)).toBe(true);
  });
});
