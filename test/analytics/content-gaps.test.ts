import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { runFolio } from '../support/folio-process.ts';
import { createTestProject, isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** Content gaps on a scripted history: what readers could not find, grouped into topics. */
const isolated = isolatedTestApp({ isWorker: false });
let t: TestApp;
let site: CreatedProject;

/**
 * Forty unanswered questions about five topics, the most asked first. (The offline embeddings do not know
 * abbreviations: "SSO" and "single sign-on" questions make two gaps; docs/analytics.md says so.)
 */
const TOPICS: string[][] = [
  [
    'How do I delete my account?',
    'How can I delete my account permanently?',
    'Where do I delete my user account?',
    'Can I delete my account and all my data?',
    'How to delete an account',
    'Steps to delete my account',
    'Delete account',
    'I want to delete my account',
    'How do I remove my account?',
    'Is there a way to delete the account?',
    'deleting my account',
    'how to close and delete my account',
  ],
  [
    'Which payment methods do you accept for billing?',
    'Can I pay my invoice by bank transfer?',
    'How do I change the credit card for billing?',
    'Where can I download my billing invoices?',
    'Do you accept PayPal payment?',
    'How do I update my payment method?',
    'billing invoice payment',
    'How is billing calculated each month?',
    'Can I get a refund on my payment?',
    'payment failed on my invoice',
  ],
  [
    'Does it support single sign-on with Okta?',
    'How do I set up SAML single sign-on?',
    'Single sign-on with Azure Active Directory',
    'Can I enforce single sign-on for my team?',
    'Configure SAML single sign-on',
    'Single sign-on login with Google Workspace',
    'Single sign-on setup for enterprise',
    'Okta SAML single sign-on',
  ],
  [
    'What are the rate limits of the REST API?',
    'How many API requests per minute are allowed?',
    'API rate limit exceeded error 429',
    'Rate limiting for API requests',
    'What happens when I hit the API rate limit?',
    'API request quota per hour',
  ],
  ['Is there a dark theme for the mobile app?', 'Does the mobile app on iPhone have dark mode?', 'Android mobile app dark theme', 'mobile app night mode'],
];

beforeAll(async () => {
  t = isolated.app;
  site = await createTestProject(t.db, 'Gaps');
  let n = 0;
  for (const [topic, questions] of TOPICS.entries()) {
    for (const question of questions) {
      const at = new Date(Date.UTC(2026, 10, 1 + (n % 20), 10, topic));
      await t.db.assistantTurn.create({
        data: {
          messageId: `m${n++}`,
          projectId: site.projectId,
          threadId: 'thread',
          createdAt: at,
          question,
          outcome: 'not_found',
          citedPaths: topic === 0 ? ['/account/settings'] : [],
          totalMs: 10,
          model: 'offline',
          caller: 'widget',
        },
      });
    }
  }
  // A search with no result about billing, and one whose results nobody opened, from the widget.
  await t.db.searchEvent.createMany({
    data: [
      {
        id: 's1',
        projectId: site.projectId,
        createdAt: new Date(Date.UTC(2026, 10, 5)),
        query: 'billing invoice',
        resultCount: 0,
        latencyMs: 3,
        caller: 'widget',
      },
      {
        id: 's2',
        projectId: site.projectId,
        createdAt: new Date(Date.UTC(2026, 10, 6)),
        query: 'single sign-on okta',
        resultCount: 2,
        paths: ['/security/sso', '/teams'],
        latencyMs: 3,
        caller: 'site',
      },
      {
        id: 's3',
        projectId: site.projectId,
        createdAt: new Date(Date.UTC(2026, 10, 6)),
        query: 'custom domain',
        resultCount: 2,
        paths: ['/custom-domain'],
        latencyMs: 3,
        caller: 'api',
      },
    ],
  });
});

const gaps = (query = 'dateFrom=2026-11-01&dateTo=2026-12-01') => t.call('GET', `/v1/analytics/${site.projectId}/gaps?${query}`, { key: site.adminKey });

describe('content gaps', () => {
  it('group forty unanswered questions about five topics into five gaps, the most asked first', async () => {
    const answer = await gaps();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const found = answer.body.gaps as { title: string; count: number; examples: string[]; unanswered: number; summary: string }[];
    expect(found.map((gap) => gap.count)).toEqual([12, 11, 9, 6, 4]);
    for (const [index, questions] of TOPICS.entries()) {
      for (const example of found[index]!.examples) expect([...questions, 'billing invoice', 'single sign-on okta']).toContain(example);
    }
    expect(found[0]).toMatchObject({ unanswered: 12, pagesReachedInstead: [{ path: '/account/settings', count: 12 }] });
    expect(found[1]).toMatchObject({ unanswered: 10, searchesWithoutResults: 1 });
    expect(found[2]).toMatchObject({ unanswered: 8, searchesWithoutClicks: 1, summary: '8 questions not answered, 1 search whose results nobody opened' });
    expect(found[1]!.summary).toBe('10 questions not answered, 1 search without results');
  });

  it('are printed by folio gaps, as a table or as JSON', async () => {
    const env = { DATABASE_URL: isolated.databaseUrl, DATA_DIR: '/tmp' };
    const table = await runFolio(['gaps', site.projectId, '--from', '2026-11-01', '--to', '2026-12-01'], env);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('Content gaps from 2026-11-01 to 2026-12-01 (excluded):');
    expect(table.stdout).toMatch(/\n1\. .*account.* {2}\(12: 12 questions not answered; (rising|falling|steady)\)/);
    expect(table.stdout).toMatch(/\n3\. .*single sign-on.* {2}\(9: 8 questions not answered, 1 search whose results nobody opened; /);
    expect(table.stdout).toContain('reached instead: /account/settings (12)');
    expect(table.stdout).toMatch(/\n2\. .* {2}\(11: 10 questions not answered, 1 search without results; /); // not "1 searches"
    const json = await runFolio(['gaps', site.projectId, '--from', '2026-11-01', '--to', '2026-12-01', '--json'], env);
    expect(JSON.parse(json.stdout).gaps).toHaveLength(5);
    const bad = await runFolio(['gaps', site.projectId, '--from', 'yesterday'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--from must be a date');
    expect((await runFolio(['gaps', 'nope'], env)).stderr).toContain('No project with id "nope"');
  });

  it('are read in GraphQL and as CSV, and refuse a bad range naming it', async () => {
    const graphql = await t.call('POST', '/graphql', {
      key: site.adminKey,
      json: { query: `{ contentGaps(projectId: "${site.projectId}", dateFrom: "2026-11-01", dateTo: "2026-12-01") { title count trend { direction } } }` },
    });
    expect(graphql.body.data.contentGaps).toHaveLength(5);
    const csv = await gaps('dateFrom=2026-11-01&dateTo=2026-12-01&format=csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((csv.body as string).split('\r\n')).toHaveLength(7);
    const bad = await gaps('dateFrom=2026-12-01&dateTo=2026-11-01');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('dateTo');
    expect((await gaps('dateFrom=2025-01-01&dateTo=2025-02-01')).body).toEqual({ gaps: [] });
  });
});
