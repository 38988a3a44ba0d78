import { processDataStream } from '@ai-sdk/ui-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../api/config.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import { createProject, type CreatedProject } from '../../api/projects/create-project.ts';
import { SMALL_SITE } from '../support/docs-site.ts';
import { makeRepo } from '../support/git-repo.ts';
import { startChatServer, type ChatRequest, type ChatServer } from '../support/openai-chat-server.ts';
import { call, scriptedAgent } from '../support/scripted-agent.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Which agent jobs wait for which: only jobs on one branch of one project take turns; others run side
 * by side in one worker process, up to AGENT_CONCURRENCY. Each job's first model request is held until
 * another job's is in flight too (or `holdMs` passes), so jobs that run side by side meet there and jobs
 * that take turns cannot.
 */
let holdMs = 10_000;
let meeting: { waiting: number; meet: () => void; met: Promise<void> };
const newMeeting = () => {
  let meet!: () => void;
  const met = new Promise<void>((resolve) => (meet = resolve));
  meeting = { waiting: 0, meet, met };
};
const held = () => {
  if (++meeting.waiting === 2) meeting.meet();
  return Promise.race([meeting.met, new Promise((resolve) => setTimeout(resolve, holdMs))]);
};

let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer(
    scriptedAgent({
      held: [() => ({ until: held(), toolCalls: [call('finish', { title: 'Nothing to change', summary: 'The docs already say this.' })] })],
    }),
  );
});
afterAll(() => chat.close());
const modelEnv = () => ({ ANSWER_BASE_URL: chat.baseURL, ANSWER_API_KEY: 'k', ANSWER_MODEL: 'scripted' });

/** A web and worker process over real HTTP with two projects; jobs are created and read to their end. */
function workerWithProjects(env: () => Record<string, string>) {
  const isolated = isolatedTestApp({ isWorker: true, env });
  const handle = {} as { t: TestApp; server: RunningServer; projects: CreatedProject[] };
  beforeAll(async () => {
    handle.t = isolated.app;
    handle.server = await listen(handle.t.app, '127.0.0.1', 0);
    handle.projects = [];
    for (const subdomain of ['first', 'second']) {
      handle.projects.push(await createProject(handle.t.db, { name: 'Acme', subdomain, repo: makeRepo(SMALL_SITE).dir }));
    }
  });
  afterAll(() => handle.server.close());
  return handle;
}

/** Creates a job whose instruction is `[held] <name>`; the answer's headers are back, its stream unread. */
async function createJob(server: RunningServer, project: CreatedProject, branch: string, name: string) {
  const response = await fetch(`${server.url}/v1/agent/${project.projectId}/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${project.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ branch, messages: [{ role: 'user', content: `[held] ${name}` }] }),
  });
  if (response.status !== 200) throw new Error(`job creation answered ${response.status}: ${await response.text()}`);
  return { name, jobId: response.headers.get('x-session-id')!, response };
}

/** Reads a job's stream to its end: its outcome (a data part). */
async function outcomeOf(job: { response: Response }) {
  const data: any[] = [];
  await processDataStream({ stream: job.response.body!, onDataPart: (items) => void data.push(...(items as any[])) });
  return data.find((item) => item.type === 'outcome');
}

/** The model requests of a job, by its instruction. */
const requestsOf = (name: string) => chat.requests.filter((request) => request.body.messages.some((message) => message.content === `[held] ${name}`));
const inFlightTogether = (a: ChatRequest, b: ChatRequest) => a.receivedAt < b.endedAt! && b.receivedAt < a.endedAt!;

describe('with the default AGENT_CONCURRENCY', () => {
  const w = workerWithProjects(modelEnv);

  it("two projects' jobs run at the same time", async () => {
    newMeeting();
    const jobs = [await createJob(w.server, w.projects[0]!, 'docs/fonts', 'one'), await createJob(w.server, w.projects[1]!, 'docs/fonts', 'two')];
    for (const job of jobs) expect(await outcomeOf(job)).toMatchObject({ haulted: true, haultReason: 'completed' });
    expect(inFlightTogether(requestsOf('one')[0]!, requestsOf('two')[0]!)).toBe(true);
  });

  it("a project's jobs on two branches run at the same time, and two on one branch take turns", async () => {
    newMeeting();
    const first = await createJob(w.server, w.projects[0]!, 'docs/same', 'first');
    const second = await createJob(w.server, w.projects[0]!, 'docs/same', 'second');
    const other = await createJob(w.server, w.projects[0]!, 'docs/other', 'other');
    for (const job of [first, second, other]) expect(await outcomeOf(job)).toMatchObject({ haulted: true, haultReason: 'completed' });

    expect(inFlightTogether(requestsOf('first')[0]!, requestsOf('other')[0]!)).toBe(true);
    // The second job on docs/same began only once the first had ended.
    const events = (jobId: string) => w.t.db.agentEvent.findMany({ where: { jobId }, orderBy: { seq: 'asc' } });
    const firstOutcome = (await events(first.jobId)).find((event) => event.kind === 'outcome')!;
    const [secondStart] = await events(second.jobId);
    expect(secondStart!.createdAt.getTime()).toBeGreaterThanOrEqual(firstOutcome.createdAt.getTime());
    expect(requestsOf('second')[0]!.receivedAt).toBeGreaterThan(requestsOf('first').at(-1)!.endedAt!);
  });
});

describe('with AGENT_CONCURRENCY=1', () => {
  const w = workerWithProjects(() => ({ ...modelEnv(), AGENT_CONCURRENCY: '1' }));

  it('a worker runs one job at a time, whichever projects they are on', async () => {
    newMeeting();
    holdMs = 1_000;
    try {
      const jobs = [await createJob(w.server, w.projects[0]!, 'docs/one', 'alone-1'), await createJob(w.server, w.projects[1]!, 'docs/one', 'alone-2')];
      for (const job of jobs) expect(await outcomeOf(job)).toMatchObject({ haulted: true, haultReason: 'completed' });
      expect(inFlightTogether(requestsOf('alone-1')[0]!, requestsOf('alone-2')[0]!)).toBe(false);
    } finally {
      holdMs = 10_000;
    }
  });
});

describe('AGENT_CONCURRENCY', () => {
  it.each(['0', '101', '2.5', 'many'])('%s is refused at start, with the accepted range', (value) => {
    expect(() => loadConfig({ AGENT_CONCURRENCY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ AGENT_CONCURRENCY: value })).toThrow(`AGENT_CONCURRENCY must be a whole number from 1 to 100, got "${value}"`);
  });

  it('defaults to 8', () => {
    expect(loadConfig({}).agentConcurrency).toBe(8);
    expect(loadConfig({ AGENT_CONCURRENCY: '3' }).agentConcurrency).toBe(3);
  });
});
