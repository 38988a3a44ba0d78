import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, expect } from 'vitest';
import { ensureConsoleBuilt } from '../../../console/build.ts';
import { listen, type RunningServer } from '../../../api/http/server.ts';
import { createProject, type CreatedProject } from '../../../api/projects/create-project.ts';
import { deployAndWait } from '../../support/deployments.ts';
import { CORPUS, makeRepo } from '../../support/git-repo.ts';
import { startChatServer, type ChatServer } from '../../support/openai-chat-server.ts';
import { assistantAndAgent, call } from '../../support/scripted-agent.ts';
import { isolatedTestApp, type TestApp } from '../../support/test-app.ts';
import { launchChromium } from '../../widget/support/chromium.ts';
import { hasChromium } from '../../widget/support/widget-on-folio.ts';

export { hasChromium };

/** What readers asked that the corpus does not answer: the content gap the console fixes. */
export const GAP_QUESTIONS = [
  'How do I get a refund?',
  'Can I get a refund for my plan?',
  'Refund for an annual plan',
  'How long does a refund take?',
  'Who do I ask for a refund?',
];

const REFUNDS_PAGE =
  '---\ntitle: Refunds\ndescription: Getting your money back.\n---\n\n## Ask for a refund\n\nWrite to billing within 30 days of a payment for a full refund.\n';

/**
 * One model behind the assistant and the agent, as in the gap-fix test. As the assistant it cites the
 * first result, except for refunds, which only the page the agent adds answers. As the agent it adds that
 * page to the navigation, validates, and finishes.
 */
const scriptedModel = assistantAndAgent(
  (question, results) => (/refund/i.test(question) ? results.find((result) => result.path.startsWith('/refunds')) : results[0]),
  (path) => `See [the page](${path}): it explains this with a CNAME record.`,
  [
    () => ({
      toolCalls: [
        call('createPage', { path: 'refunds.mdx', content: REFUNDS_PAGE }),
        call('editPage', { path: 'docs.json', oldString: '"quickstart",', newString: '"quickstart", "refunds",' }),
      ],
    }),
    () => ({ toolCalls: [call('validateProject')] }),
    () => ({ toolCalls: [call('finish', { title: 'Document refunds', summary: 'Added a page on refunds.' })] }),
  ],
);

export interface ConsoleOnFolio {
  t: TestApp;
  folio: RunningServer;
  site: CreatedProject;
  repoDir: string;
  browser: Browser;
  chat: ChatServer;
  /** Three and two UTC days ago: where the recorded history lies. */
  days: [string, string];
}

const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Folio serving the console and the corpus deployed (this process its worker), a scripted model server,
 * Chromium, and a recorded history: searches, clicks and feedback three and two days ago, the five
 * refund questions not found, and one question really asked through the API.
 */
export function consoleOnFolio(): ConsoleOnFolio {
  const handle = {} as ConsoleOnFolio;
  beforeAll(async () => {
    if (!hasChromium) return;
    handle.chat = await startChatServer(scriptedModel);
  });
  const isolated = isolatedTestApp({
    isWorker: true,
    // The PATH finds the Chromium that takes the deployments' screenshots.
    env: (): Record<string, string> => ({
      PATH: process.env.PATH ?? '',
      ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
      ...(handle.chat ? { ANSWER_BASE_URL: handle.chat.baseURL, ANSWER_API_KEY: 'k', ANSWER_MODEL: 'scripted' } : {}),
    }),
  });
  beforeAll(async () => {
    if (!hasChromium) return;
    await ensureConsoleBuilt();
    handle.t = isolated.app;
    [handle.folio, handle.browser] = await Promise.all([listen(handle.t.app, '127.0.0.1', 0), launchChromium()]);
    handle.repoDir = makeRepo({ copyFrom: CORPUS }).dir;
    handle.site = await createProject(handle.t.db, { name: 'Mintlify', subdomain: 'console-docs', repo: handle.repoDir });
    expect((await deployAndWait(handle.t, handle.site.projectId)).status).toBe('success');
    handle.days = [dayAgo(3), dayAgo(2)];
    await recordHistory(handle);
  }, 240_000);
  afterAll(async () => {
    await handle.browser?.close();
    await handle.folio?.close();
    await handle.chat?.close();
  });
  return handle;
}

async function recordHistory({ t, site, folio, days: [first, second] }: ConsoleOnFolio) {
  const projectId = site.projectId;
  const at = (day: string, minute: number) => new Date(`${day}T10:${String(minute).padStart(2, '0')}:00Z`);
  const searches: [string, string, number][] = [
    [first, 'custom domain', 5],
    [first, 'custom domain', 5],
    [first, 'custom domain', 5],
    [first, 'refund policy', 0],
    [first, 'refund policy', 0],
    [second, 'custom domain', 5],
    [second, 'sso', 0],
  ];
  await t.db.searchEvent.createMany({
    data: searches.map(([day, query, resultCount], n) => ({
      id: `s${n}`,
      projectId,
      createdAt: at(day, n),
      query,
      resultCount,
      latencyMs: 4,
      caller: 'widget',
    })),
  });
  await t.db.searchClick.createMany({
    data: [0, 1].map((n) => ({
      id: `c${n}`,
      projectId,
      createdAt: at(first, 30 + n),
      query: 'custom domain',
      path: '/customize/custom-domain',
      caller: 'widget',
    })),
  });
  await t.db.feedback.createMany({
    data: [true, true, false].map((helpful) => ({ projectId, createdAt: at(first, 40), source: 'contextual', helpful, path: '/quickstart', caller: 'widget' })),
  });
  await t.db.assistantTurn.createMany({
    data: GAP_QUESTIONS.map((question, n) => ({
      messageId: `gap-${n}`,
      projectId,
      threadId: `gap-thread-${n}`,
      createdAt: at(second, n),
      question,
      outcome: 'not_found',
      citedPaths: ['/quickstart'],
      totalMs: 10,
      model: 'scripted',
      caller: 'widget',
    })),
  });
  const asked = await fetch(`${folio.url}/v1/assistant/${site.subdomain}/message`, {
    method: 'POST',
    headers: { authorization: `Bearer ${site.assistantKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fp: 'console-test', messages: [{ role: 'user', content: 'How do I set up a custom domain?' }] }),
  });
  expect(asked.status).toBe(200);
  await asked.text();
  await t.runtime.analytics.flush();
  expect(await t.db.assistantTurn.count({ where: { projectId, outcome: 'answered' } })).toBe(1);
}

/** A console tab signed in already (the key in its sessionStorage), in light or dark, at 1280×800 or 360 px. */
export async function openConsole(
  handle: ConsoleOnFolio,
  options: { colorScheme?: 'light' | 'dark'; isPhone?: boolean; key?: string; hash?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await handle.browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.isPhone ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    hasTouch: options.isPhone,
    acceptDownloads: true,
  });
  const key = options.key ?? handle.site.adminKey;
  if (key) {
    const project = { key, projectId: handle.site.projectId, name: 'Mintlify', subdomain: handle.site.subdomain };
    await context.addInitScript(
      (stored) => {
        if (!sessionStorage.getItem('folio-console:projects')) sessionStorage.setItem('folio-console:projects', stored);
      },
      JSON.stringify([project]),
    );
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // What the browser refuses (a Content-Security-Policy violation) is logged as an error; refused requests
  // (a wrong key's 401) are the console's to explain, and are left out.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  await page.goto(`${handle.folio.url}/console/${options.hash ?? ''}`);
  return { context, page, errors };
}

/** The element that has focus, through the console's shadow roots: its role-ish name (`button "Sign in"`). */
export const focused = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element) return 'none';
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return `${element.localName} "${text}"`;
  });
