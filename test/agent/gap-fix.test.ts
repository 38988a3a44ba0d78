import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../api/http/server.ts';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { deployedSite } from '../support/docs-site.ts';
import { startChatServer, type ChatServer } from '../support/openai-chat-server.ts';
import { assistantAndAgent, call } from '../support/scripted-agent.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The loop from a content gap to a checked pull request: readers asked five questions the docs do not
 * answer; a fix job (the scripted model) adds a page; the questions are asked of the live site and of the
 * job's preview (the same scripted model answers them), and the pull request shows the before and after.
 */
const QUESTIONS = [
  'How do I download my invoices?',
  'Where can I download an invoice?',
  'Download past invoices',
  'How to download invoices for my account?',
  'Can I download invoices as PDF?',
];

const BILLING_PAGE =
  '---\ntitle: Billing\ndescription: Invoices and payments.\n---\n\n## Download invoices\n\nDownload your invoices as PDF from Settings, then Billing: every invoice since your first payment is listed there.\n';

let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer((request) => scriptedModel(request));
}, 60_000);
const isolated = isolatedTestApp({ isWorker: true, env: () => ({ ANSWER_BASE_URL: chat.baseURL, ANSWER_API_KEY: 'k', ANSWER_MODEL: 'scripted' }) });
let t: TestApp;
let server: RunningServer;
let site: CreatedProject;

/**
 * The model behind both the assistant and the agent. As the assistant it answers citing the first result
 * that speaks of invoices, else marks the question not found. As the agent fixing the gap it adds a
 * billing page to the navigation, validates, and finishes.
 */
const scriptedModel = assistantAndAgent(
  (_question, results) => results.find((result) => /invoice/i.test(result.content)),
  (path) => `Download them from Settings, then Billing ([Billing](${path})).`,
  [
    () => ({
      toolCalls: [
        call('createPage', { path: 'billing.mdx', content: BILLING_PAGE }),
        call('editPage', { path: 'docs.json', oldString: '"fonts"]', newString: '"fonts","billing"]' }),
      ],
    }),
    () => ({ toolCalls: [call('validateProject')] }),
    () => ({ toolCalls: [call('finish', { title: 'Document invoices', summary: 'Added a billing page on downloading invoices.' })] }),
  ],
);

beforeAll(async () => {
  t = isolated.app;
  server = await listen(t.app, '127.0.0.1', 0);
  site = await deployedSite(t, 'acme-gaps');
  for (const [n, question] of QUESTIONS.entries()) {
    await t.db.assistantTurn.create({
      data: {
        messageId: `m${n}`,
        projectId: site.projectId,
        threadId: 'thread',
        createdAt: new Date(Date.now() - (n + 1) * 3600_000),
        question,
        outcome: 'not_found',
        citedPaths: ['/quickstart'],
        totalMs: 10,
        model: 'scripted',
        caller: 'widget',
      },
    });
  }
});
afterAll(async () => {
  await server?.close();
  await chat?.close();
});

const admin = (method: string, path: string, json?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${site.adminKey}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

async function untilHalted(jobId: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = await admin('GET', `/v1/agent/${site.projectId}/job/${jobId}`);
    if (job.body.haulted) return job.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still running`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('fixing a content gap', () => {
  let gap: { id: string; examples: string[]; summary: string };
  let started: { sessionId: string; branch: string; gapId: string };
  let job: { messageToUser: string; pullRequestLink: string; haultReason: string };

  beforeAll(async () => {
    const gaps = await admin('GET', `/v1/analytics/${site.projectId}/gaps`);
    expect(gaps.body.gaps).toHaveLength(1);
    gap = gaps.body.gaps[0];
    expect(gap.examples.sort()).toEqual([...QUESTIONS].sort());
    const res = await admin('POST', `/v1/analytics/${site.projectId}/gaps/${gap.id}/fix`, {});
    expect(res.status).toBe(202);
    started = res.body;
    const again = await admin('POST', `/v1/analytics/${site.projectId}/gaps/${gap.id}/fix`, {});
    expect(again).toMatchObject({ status: 409, body: { code: 'CONFLICT', error: expect.stringContaining(started.sessionId) } });
    job = await untilHalted(started.sessionId);
  }, 180_000);

  it('starts an agent job on a branch named after the gap, with its questions as instructions', async () => {
    expect(started).toEqual({ sessionId: expect.any(String), branch: expect.stringMatching(/^folio\/gap-[a-z0-9-]+-[0-9a-f]{6}$/), gapId: gap.id });
    const instruction = String(
      chat.requests.find((request) => !request.body.tools?.some((tool) => tool.function.name === 'markNotFound'))!.body.messages.find((m) => m.role === 'user')!
        .content,
    );
    for (const question of QUESTIONS) expect(instruction).toContain(`- ${question}`);
    expect(instruction).toContain(`met 5 times (${gap.summary}).`);
    expect(instruction).toContain('/quickstart');
  });

  it('ends with a pull request whose body shows the questions answered on the preview and not on the live site', async () => {
    expect(job.haultReason).toBe('completed');
    expect(job.messageToUser).toContain('5 of 5 questions now answered on the preview (0 on the live site).');
    expect(job.messageToUser).toMatch(/Its preview: \S+\/sites\/acme-gaps\/~preview\/folio-gap-/);
    const page = await fetch(`${server.url}${new URL(job.pullRequestLink).pathname}`).then((res) => res.text());
    const cells = page.replace(/>\s+</g, '><');
    expect(cells).toContain('<th>Question</th><th>Live site</th><th>Preview</th>');
    for (const question of QUESTIONS) expect(cells).toContain(`<td>${question}</td><td>not found</td><td>answered: <code>/billing`);
    expect(page).toContain('5 of 5 questions now answered on the preview (0 on the live site).');
    // The live site is as it was; the preview has the new page.
    expect((await fetch(`${server.url}/sites/acme-gaps/billing`)).status).toBe(404);
  });

  it('is recorded with the gap: its job, pull request and check', async () => {
    const res = await admin('POST', '/graphql', {
      query: `{ contentGaps(projectId: "${site.projectId}") { id fixes { sessionId questions job { pullRequestLink } check { answeredLive answeredPreview questions { question answeredLive answeredPreview citedPreview } } } } }`,
    });
    const [recorded] = res.body.data.contentGaps;
    expect(recorded.fixes).toHaveLength(1);
    expect(recorded.fixes[0]).toMatchObject({
      sessionId: started.sessionId,
      job: { pullRequestLink: job.pullRequestLink },
      check: { answeredLive: 0, answeredPreview: 5 },
    });
    expect(recorded.fixes[0].check.questions[0]).toMatchObject({
      answeredLive: false,
      answeredPreview: true,
      citedPreview: [expect.stringMatching(/^\/billing/)],
    });
  });

  it('refuses an unknown gap, bad dates and unknown fields, naming them', async () => {
    const unknown = await admin('POST', `/v1/analytics/${site.projectId}/gaps/nope/fix`, {});
    expect(unknown).toMatchObject({ status: 404, body: { error: expect.stringContaining('No content gap "nope"') } });
    const badDate = await admin('POST', `/v1/analytics/${site.projectId}/gaps/${gap.id}/fix`, { dateFrom: 'yesterday' });
    expect(badDate).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'dateFrom' } });
    const extra = await admin('POST', `/v1/analytics/${site.projectId}/gaps/${gap.id}/fix`, { branch: 'mine' });
    expect(extra).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', field: 'branch' } });
    const assistantKey = await fetch(`${server.url}/v1/analytics/${site.projectId}/gaps/${gap.id}/fix`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.assistantKey}` },
    });
    expect(assistantKey.status).toBe(403);
  });
});
