import fs from 'node:fs';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { createTestProject, isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** Mintlify's analytics export API over a recorded history, checked against Mintlify's own document. */
const spec = JSON.parse(fs.readFileSync(new URL('../fixtures/mintlify-openapi/analytics.openapi.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'analytics', components: spec.components });
const schemaOf = (path: string) => {
  const response = spec.paths[path].get.responses['200'].content['application/json'].schema as { $ref: string };
  return { $ref: `analytics${response.$ref}` };
};

const isolated = isolatedTestApp({ isWorker: false });
let t: TestApp;
let site: CreatedProject;
let other: CreatedProject;
const day = (n: number, hour = 12) => new Date(Date.UTC(2026, 10, n, hour));

beforeAll(async () => {
  t = isolated.app;
  site = await createTestProject(t.db, 'Recorded docs');
  other = await createTestProject(t.db, 'Other docs');
  const projectId = site.projectId;
  // Feedback: seven entries over November 1 to 7.
  for (let n = 1; n <= 7; n++) {
    await t.db.feedback.create({
      data: {
        projectId,
        createdAt: day(n),
        source: n === 3 ? 'code_snippet' : 'contextual',
        helpful: n % 2 === 0,
        path: n <= 4 ? '/quickstart' : '/fonts',
        comment: n === 1 ? 'Step 2, "npm", fails, on Windows' : null,
        code: n === 3 ? 'npm i -g acme' : null,
        language: n === 3 ? 'bash' : null,
        status: n === 7 ? 'resolved' : 'pending',
        caller: 'widget',
      },
    });
  }
  // A thread with two answered turns and one not found.
  await t.db.thread.create({ data: { id: 'thread-1', projectId, fingerprint: 'reader', createdAt: day(2, 9) } });
  const turns = [
    { id: 'm1', question: 'How do I install?', answer: 'Run `npm i -g acme`.', outcome: 'answered', caller: 'widget', at: day(2, 10) },
    { id: 'm2', question: 'And on Windows?', answer: 'The same.', outcome: 'answered', caller: 'api', at: day(2, 11) },
    { id: 'm3', question: 'Who won the match?', answer: 'The docs do not say.', outcome: 'not_found', caller: 'mcp', at: day(3, 10) },
  ];
  for (const turn of turns) {
    await t.db.message.create({ data: { threadId: 'thread-1', role: 'user', content: turn.question, createdAt: new Date(turn.at.getTime() - 1) } });
    await t.db.message.create({
      data: {
        id: turn.id,
        threadId: 'thread-1',
        role: 'assistant',
        content: turn.answer,
        parts: [{ type: 'source', source: { sourceType: 'url', id: 'source-1', url: '/quickstart', title: 'Quickstart' } }],
        finishReason: 'stop',
        createdAt: turn.at,
      },
    });
    await t.db.assistantTurn.create({
      data: {
        messageId: turn.id,
        projectId,
        threadId: 'thread-1',
        createdAt: turn.at,
        question: turn.question,
        outcome: turn.outcome,
        totalMs: 20,
        model: 'offline',
        caller: turn.caller,
        pageUrl: '/quickstart',
      },
    });
  }
  // Searches: "custom domain" three times (two opened), "fonts" once, in other cases.
  const searches = [
    ['custom domain', 1],
    ['Custom Domain ', 2],
    ['custom domain', 3],
    ['fonts', 3],
  ] as const;
  for (const [index, [query, n]] of searches.entries()) {
    await t.db.searchEvent.create({
      data: { id: `s${index}`, projectId, createdAt: day(n), query, resultCount: 1, paths: ['/custom-domain'], latencyMs: 4, caller: 'widget' },
    });
  }
  await t.db.searchClick.createMany({
    data: [
      { id: 'c1', projectId, createdAt: day(1), query: 'custom domain', path: '/custom-domain#dns', caller: 'widget' },
      { id: 'c2', projectId, createdAt: day(2), query: 'custom domain', path: '/custom-domain#dns', caller: 'widget' },
    ],
  });
  // Views: /quickstart by two people and an AI agent, /fonts by one person twice.
  const views = [
    ['/quickstart', false, 'v1'],
    ['/quickstart', false, 'v2'],
    ['/quickstart', true, 'bot'],
    ['/fonts', false, 'v1'],
    ['/fonts', false, 'v1'],
  ] as const;
  for (const [index, [path, isAi, visitor]] of views.entries()) {
    await t.db.pageView.create({ data: { id: `p${index}`, projectId, createdAt: day(4), path, isAi, via: isAi ? 'markdown' : 'html', visitor } });
  }
});

const report = (path: string, query = 'dateFrom=2026-11-01&dateTo=2026-11-08', key = site.adminKey, headers: Record<string, string> = {}) =>
  t.call('GET', `/v1/analytics/${site.projectId}${path}${query ? `?${query}` : ''}`, { key, headers });

describe('the analytics routes', () => {
  it.each([
    ['/feedback', '/v1/analytics/{projectId}/feedback'],
    ['/feedback/by-page', '/v1/analytics/{projectId}/feedback/by-page'],
    ['/assistant', '/v1/analytics/{projectId}/assistant'],
    ['/assistant/caller-stats', '/v1/analytics/{projectId}/assistant/caller-stats'],
    ['/searches', '/v1/analytics/{projectId}/searches'],
    ['/views', '/v1/analytics/{projectId}/views'],
    ['/visitors', '/v1/analytics/{projectId}/visitors'],
  ])('%s answers the documented shape', async (path, specPath) => {
    const answer = await report(path);
    expect(answer.status).toBe(200);
    const validate = ajv.compile(schemaOf(specPath));
    expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('give the right figures for the recorded history', async () => {
    expect((await report('/feedback/by-page')).body.feedback).toEqual([
      { path: '/quickstart', thumbsUp: 2, thumbsDown: 1, code: 1, total: 4 },
      { path: '/fonts', thumbsUp: 1, thumbsDown: 2, code: 0, total: 3 },
    ]);
    const searches = (await report('/searches')).body;
    expect(searches.totalSearches).toBe(4);
    expect(searches.searches[0]).toMatchObject({ searchQuery: 'Custom Domain', hits: 3, topClickedPage: '/custom-domain#dns' });
    expect(searches.searches[0].ctr).toBeCloseTo(2 / 3);
    expect(searches.searches[1]).toMatchObject({ searchQuery: 'fonts', hits: 1, ctr: 0, topClickedPage: null });
    const assistant = (await report('/assistant')).body;
    expect(assistant.conversations.map((turn: { id: string; resolutionStatus: string }) => [turn.id, turn.resolutionStatus])).toEqual([
      ['m3', 'unanswered'],
      ['m2', 'answered'],
      ['m1', 'answered'],
    ]);
    expect(assistant.conversations[2]).toMatchObject({
      query: 'How do I install?',
      response: 'Run `npm i -g acme`.',
      sources: [{ title: 'Quickstart', url: '/quickstart' }],
    });
    expect(assistant.conversations[2].pageUrl).toMatch(/\/sites\/t-[0-9a-f]+\/quickstart$/);
    expect((await report('/assistant/caller-stats')).body).toEqual({ web: 1, api: 1, other: 1, total: 3 });
    const views = (await report('/views')).body;
    expect(views.totals).toEqual({ human: 4, ai: 1, total: 5 });
    expect(views.views[0]).toEqual({ path: '/quickstart', human: 2, ai: 1, total: 3 });
    const visitors = (await report('/visitors')).body;
    expect(visitors.totals).toEqual({ human: 2, ai: 1, total: 3 });
    expect(visitors.visitors).toEqual([
      { path: '/quickstart', human: 2, ai: 1, total: 3 },
      { path: '/fonts', human: 1, ai: 0, total: 1 },
    ]);
    const thread = (await report('/assistant/threads/thread-1', '')).body;
    expect(thread.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    const validate = ajv.compile(schemaOf('/v1/analytics/{projectId}/assistant/threads/{threadId}'));
    expect(validate(thread), JSON.stringify(validate.errors)).toBe(true);
  });

  it('page through a cursor without losing or repeating an entry', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const answer: { body: { feedback: { id: string }[]; nextCursor: string | null; hasMore: boolean } } = await report(
        '/feedback',
        `dateFrom=2026-11-01&dateTo=2026-11-08&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...answer.body.feedback.map((entry) => entry.id));
      cursor = answer.body.nextCursor;
      expect(answer.body.hasMore).toBe(cursor !== null);
      if (!cursor) break;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const terms = await report('/searches', 'dateFrom=2026-11-01&dateTo=2026-11-08&limit=1');
    const next = await report('/searches', `dateFrom=2026-11-01&dateTo=2026-11-08&limit=1&cursor=${terms.body.nextCursor}`);
    expect([terms.body.searches[0].searchQuery, next.body.searches[0].searchQuery]).toEqual(['Custom Domain', 'fonts']);
    expect(next.body.nextCursor).toBeNull();
  });

  it('page as GraphQL connections too, from first to last edge without losing or repeating one', async () => {
    const pageOf = async (field: string, node: string, after: string | null) => {
      const args = `projectId: "${site.projectId}", dateFrom: "2026-11-01", dateTo: "2026-11-08", first: 2${after ? `, after: "${after}"` : ''}`;
      const answer = await t.call('POST', '/graphql', {
        key: site.adminKey,
        json: { query: `{ ${field}(${args}) { edges { cursor node { ${node} } } pageInfo { hasNextPage endCursor } } }` },
      });
      expect(answer.body.errors).toBeUndefined();
      return answer.body.data[field] as {
        edges: { cursor: string; node: Record<string, unknown> }[];
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      };
    };
    const walk = async (field: string, node: string) => {
      const seen: unknown[] = [];
      let after: string | null = null;
      for (let round = 0; round < 10; round++) {
        const page = await pageOf(field, node, after);
        seen.push(...page.edges.map((edge) => edge.node[node]));
        expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      return seen;
    };
    const feedback = await walk('analyticsFeedbackConnection', 'id');
    expect(feedback).toHaveLength(7);
    expect(new Set(feedback).size).toBe(7);
    expect(await walk('analyticsAssistantConnection', 'id')).toEqual(['m3', 'm2', 'm1']);
    expect(await walk('analyticsSearchesConnection', 'searchQuery')).toEqual(['Custom Domain', 'fonts']);
    expect(await walk('analyticsVisitorsConnection', 'path')).toEqual(['/quickstart', '/fonts']);
    const middle = (await pageOf('analyticsFeedbackConnection', 'id', null)).edges[0]!.cursor;
    expect((await pageOf('analyticsFeedbackConnection', 'id', middle)).edges[0]!.node.id).toBe(feedback[1]);
    const refused = await t.call('POST', '/graphql', {
      key: other.adminKey,
      json: { query: `{ analyticsViewsConnection(projectId: "${site.projectId}") { pageInfo { hasNextPage } } }` },
    });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('count search terms alike over whole days (from daily roll-ups) and over parts of days (from the events)', async () => {
    const terms = async (query: string) =>
      Object.fromEntries(
        ((await report('/searches', query)).body.searches as { searchQuery: string; hits: number }[]).map((term) => [term.searchQuery, term.hits]),
      );
    expect(await terms('dateFrom=2026-11-01T06:00:00Z&dateTo=2026-11-03T18:00:00Z')).toEqual({ 'Custom Domain': 3, fonts: 1 });
    expect(await terms('dateFrom=2026-11-02T12:00:00Z&dateTo=2026-11-03T12:00:01Z')).toEqual({ 'Custom Domain': 2, fonts: 1 });
    expect(await terms('dateFrom=2026-11-02&dateTo=2026-11-03')).toEqual({ 'Custom Domain': 1 });
    // Whole weeks (Monday November 2 to Sunday 8) from the weekly roll-ups, the days around them per day.
    expect(await terms('dateFrom=2026-11-02&dateTo=2026-11-09')).toEqual({ 'Custom Domain': 2, fonts: 1 });
    expect(await terms('dateFrom=2026-10-31T23:00:00Z&dateTo=2026-11-10')).toEqual({ 'Custom Domain': 3, fonts: 1 });
    expect((await report('/searches', 'dateFrom=2026-11-01&dateTo=2026-11-17')).body.totalSearches).toBe(4);
    expect((await report('/searches', 'dateFrom=2026-11-01T06:00:00Z&dateTo=2026-11-03T18:00:00Z')).body.totalSearches).toBe(4);
  });

  it('count views and visitors alike over whole days (from daily roll-ups) and over parts of days (from the events)', async () => {
    const traffic = async (query: string) => {
      const [views, visitors] = [(await report('/views', query)).body, (await report('/visitors', query)).body];
      return {
        views: views.totals,
        visitors: visitors.totals,
        pages: visitors.visitors.map((page: { path: string; total: number }) => [page.path, page.total]),
      };
    };
    const all = {
      views: { human: 4, ai: 1, total: 5 },
      visitors: { human: 2, ai: 1, total: 3 },
      pages: [
        ['/quickstart', 3],
        ['/fonts', 1],
      ],
    };
    expect(await traffic('dateFrom=2026-11-03T12:00:00Z&dateTo=2026-11-05T12:00:00Z')).toEqual(all);
    expect(await traffic('dateFrom=2026-11-04T11:00:00Z&dateTo=2026-11-04T13:00:00Z')).toEqual(all);
    expect(await traffic('dateFrom=2026-11-04T12:00:00.001Z&dateTo=2026-11-06')).toEqual({
      views: { human: 0, ai: 0, total: 0 },
      visitors: { human: 0, ai: 0, total: 0 },
      pages: [],
    });
  });

  it('include dateFrom and exclude dateTo, and filter by source and status', async () => {
    const ids = async (query: string) => (await report('/feedback', query)).body.feedback.length;
    expect(await ids('dateFrom=2026-11-02&dateTo=2026-11-04')).toBe(2);
    expect(await ids('dateFrom=2026-11-02T12:00:00Z&dateTo=2026-11-04T12:00:00Z')).toBe(2);
    expect(await ids('dateFrom=2026-11-02T12:00:01Z&dateTo=2026-11-04T12:00:01Z')).toBe(2);
    expect(await ids('dateFrom=2026-11-01&dateTo=2026-11-08&source=code_snippet')).toBe(1);
    expect(await ids('dateFrom=2026-11-01&dateTo=2026-11-08&status=resolved,dismissed')).toBe(1);
    const code = (await report('/feedback', 'dateFrom=2026-11-01&dateTo=2026-11-08&source=code_snippet')).body.feedback[0];
    expect(code).toMatchObject({ code: 'npm i -g acme', lang: 'bash', filename: null });
    const byPage = async (query: string) => (await report('/feedback/by-page', `dateFrom=2026-11-01&dateTo=2026-11-08&${query}`)).body;
    expect((await byPage('source=code_snippet')).feedback).toEqual([{ path: '/quickstart', thumbsUp: 0, thumbsDown: 0, code: 1, total: 1 }]);
    expect((await byPage('status=resolved')).feedback).toEqual([{ path: '/fonts', thumbsUp: 0, thumbsDown: 1, code: 0, total: 1 }]);
    expect(await byPage('limit=1')).toEqual({ feedback: [expect.objectContaining({ path: '/quickstart' })], hasMore: true });
  });

  it('refuse bad dates, ranges, limits and cursors, naming the parameter', async () => {
    const cases: [string, string, string][] = [
      ['/feedback', 'dateFrom=November', 'dateFrom'],
      ['/feedback', 'dateFrom=2026-02-30', 'dateFrom'],
      ['/searches', 'dateFrom=2026-11-05&dateTo=2026-11-01', 'dateTo'],
      // Without dateTo (the end of today), a dateFrom still to come is what is wrong.
      ['/searches', 'dateFrom=9999-12-31', 'dateFrom'],
      ['/views', 'limit=0', 'limit'],
      ['/views', 'limit=251', 'limit'],
      ['/assistant', 'limit=ten', 'limit'],
      ['/feedback', 'cursor=not-ours', 'cursor'],
      ['/feedback', 'status=lost', 'status'],
      ['/feedback', 'source=email', 'source'],
      ['/searches', 'page=2', 'page'],
      ['/feedback', 'format=xml', 'format'],
    ];
    for (const [path, query, field] of cases) {
      const answer = await report(path, query);
      expect(answer.status, `${path}?${query}`).toBe(400);
      expect(answer.body.field, `${path}?${query}`).toBe(field);
      expect(answer.body.error, `${path}?${query}`).toEqual(expect.any(String));
    }
    expect((await report('/assistant/threads/nope', '')).status).toBe(404);
  });

  it("refuse another project's key and assistant keys", async () => {
    expect((await report('/feedback', '', other.adminKey)).status).toBe(403);
    expect((await report('/feedback', '', site.assistantKey)).status).toBe(403);
    expect((await t.call('GET', `/v1/analytics/${site.projectId}/feedback`)).status).toBe(401);
  });

  it('export every list as CSV, with ?format=csv or Accept: text/csv', async () => {
    const csv = await report('/feedback', 'dateFrom=2026-11-01&dateTo=2026-11-08&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (csv.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,path,comment,createdAt,source,status,helpful,contact,code,filename,lang');
    expect(lines).toHaveLength(8);
    expect(csv.body).toContain('"Step 2, ""npm"", fails, on Windows"');
    const accepted = await report('/searches', 'dateFrom=2026-11-01&dateTo=2026-11-08', site.adminKey, { accept: 'text/csv' });
    expect(accepted.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((accepted.body as string).split('\r\n')[0]).toBe('searchQuery,hits,ctr,topClickedPage,lastSearchedAt');
  });
});
