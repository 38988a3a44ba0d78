import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { SMALL_SITE } from '../support/docs-site.ts';
import { makeRepo } from '../support/git-repo.ts';
import { startChatServer, type ChatServer } from '../support/openai-chat-server.ts';
import { call, scriptedAgent } from '../support/scripted-agent.ts';
import { startWebAndWorkers, type WebAndWorkers } from '../support/web-and-workers.ts';

/**
 * A job never depends on the connection that created it, nor on the worker that started it: the web
 * side is this process, jobs run in separate `folio worker` processes on one database.
 */
const edit = (slowMs: number) => [
  () => ({ toolCalls: [call('updateTodos', { todos: [{ id: '1', content: 'Fix the font name', status: 'in_progress', priority: 'high' }] })] }),
  () => ({ delayMs: slowMs, toolCalls: [call('editPage', { path: 'fonts.mdx', oldString: '`Inter`', newString: '`Inter Tight`' })] }),
  () => ({ toolCalls: [call('finish', { title: 'Use Inter Tight', summary: 'The fonts page now names Inter Tight.' })] }),
];

let chat: ChatServer;
let side: WebAndWorkers;
let project: CreatedProject;

beforeAll(async () => {
  chat = await startChatServer(scriptedAgent({ quick: edit(0), slow: edit(4_000) }));
  side = await startWebAndWorkers({ ANSWER_BASE_URL: chat.baseURL, ANSWER_API_KEY: 'k', ANSWER_MODEL: 'scripted' });
  project = await createProject(side.web.db, { name: 'Acme', subdomain: 'agent-faults', repo: makeRepo(SMALL_SITE).dir });
});
afterAll(async () => {
  await side.close();
  await chat.close();
});

const createJob = (branch: string, tag: string, signal?: AbortSignal) =>
  fetch(`${side.server.url}/v1/agent/${project.projectId}/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${project.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ branch, messages: [{ role: 'user', content: `[${tag}] Our font is Inter Tight now.` }] }),
    signal,
  });

async function waitUntilHalted(jobId: string, timeoutMs = 90_000) {
  const started = Date.now();
  for (;;) {
    const res = await fetch(`${side.server.url}/v1/agent/${project.projectId}/job/${jobId}`, { headers: { authorization: `Bearer ${project.adminKey}` } });
    const job = await res.json();
    if (job.haulted) return job;
    if (Date.now() - started > timeoutMs) throw new Error(`job ${jobId} still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a client that disconnects', () => {
  it('loses nothing: the job goes on, and a new subscription or the job route shows the rest', async () => {
    const worker = await side.startWorker();
    const client = new AbortController();
    const res = await createJob('docs/font-quick', 'quick', client.signal);
    const jobId = res.headers.get('x-session-id')!;
    await res.body!.getReader().read();
    client.abort();

    const sse = createClient({ url: `${side.server.url}/graphql/stream`, headers: { authorization: `Bearer ${project.adminKey}` }, retryAttempts: 0 });
    const states: { haulted: boolean; haultReason: string | null; todos: unknown[] }[] = [];
    for await (const event of sse.iterate({
      query: `subscription { agentSessionUpdated(sessionId: "${jobId}") { haulted haultReason todos { content status } } }`,
    })) {
      states.push(event.data!.agentSessionUpdated as never);
    }
    sse.dispose();
    expect(states.at(-1)).toMatchObject({ haulted: true, haultReason: 'completed' });
    const polled = await waitUntilHalted(jobId);
    expect(polled).toMatchObject({ haultReason: 'completed', pullRequestLink: expect.stringContaining('/pulls/') });
    await worker.stop();
  });
});

describe('a worker killed mid-job', () => {
  it('is retried from the start on another worker and ends completed, never stuck', async () => {
    const first = await side.startWorker();
    const res = await createJob('docs/font-slow', 'slow');
    const jobId = res.headers.get('x-session-id')!;
    void res.body!.cancel();
    // Kill the worker while the model is slow to answer the edit step.
    for (let i = 0; ; i++) {
      const count = await side.web.db.agentEvent.count({ where: { jobId, kind: 'todos' } });
      if (count > 0) break;
      if (i > 600) throw new Error('the job never started');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await first.stop('SIGKILL');
    await side.startWorker();
    const job = await waitUntilHalted(jobId);
    expect(job).toMatchObject({ haulted: true, haultReason: 'completed', pullRequestLink: expect.stringContaining('/pulls/') });
    const statuses = await side.web.db.agentEvent.findMany({ where: { jobId, kind: 'status' }, orderBy: { seq: 'asc' } });
    expect(statuses.map((event) => (event.payload as { message: string }).message)).toContainEqual(expect.stringMatching(/^Attempt 2: starting over/));
    expect(await side.web.db.pullRequest.count({ where: { jobId } })).toBe(1);
  });
});
