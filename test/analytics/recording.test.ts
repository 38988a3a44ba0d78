import { beforeAll, describe, expect, it } from 'vitest';
import { pruneAnalytics } from '../../api/analytics/prune-job.ts';
import { listen } from '../../api/http/server.ts';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { deployedSite } from '../support/docs-site.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/** What readers do is recorded, off the requests' path, without addresses, and only while the site records. */
const isolated = isolatedTestApp({ isWorker: true });
let t: TestApp;
let acme: CreatedProject;

beforeAll(async () => {
  t = isolated.app;
  acme = await deployedSite(t, 'acme-analytics');
});

const flushed = () => t.runtime.analytics.flush();
const search = (query: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/v1/search/acme-analytics', { key: acme.assistantKey, json: { query }, headers });
const ask = async (question: string, headers: Record<string, string> = {}) => {
  const answer = await t.call('POST', '/v1/assistant/acme-analytics/message', {
    key: acme.assistantKey,
    json: { fp: 'reader', messages: [{ role: 'user', content: question }], currentPath: '/custom-domain' },
    headers,
  });
  expect(answer.status).toBe(200);
  return { threadId: answer.headers.get('x-thread-id')!, messageId: /"messageId":"([^"]+)"/.exec(answer.body as string)![1]! };
};

describe('searches', () => {
  it('are recorded with what was asked and found, how long it took and who asked, never the address', async () => {
    expect((await search('custom domain')).status).toBe(200);
    expect((await search('cname record', { 'x-folio-client': 'widget', referer: 'https://www.acme.dev/pricing' })).status).toBe(200);
    expect((await search('verification', { 'x-folio-client': 'widget', referer: 'http://folio.test/sites/acme-analytics/quickstart' })).status).toBe(200);
    await flushed();
    const rows = await t.db.searchEvent.findMany({ where: { projectId: acme.projectId }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((row) => [row.query, row.caller])).toEqual([
      ['custom domain', 'api'],
      ['cname record', 'widget'],
      ['verification', 'site'],
    ]);
    expect(rows[0]!.paths[0]).toMatch(/^\/custom-domain/);
    expect(rows[0]!.resultCount).toBe(rows[0]!.paths.length);
    expect(rows[0]!.latencyMs).toBeGreaterThan(0);
    expect(rows[0]!.visitor).toMatch(/^[\w-]{22}$/);
    expect(JSON.stringify(rows)).not.toContain('local');
  });

  it('through the MCP server are recorded as MCP, like its page reads', async () => {
    const call = (id: number, name: string, args: Record<string, unknown>) =>
      t.call('POST', '/sites/acme-analytics/mcp', {
        json: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } },
        headers: { accept: 'application/json, text/event-stream', 'user-agent': 'claude-code/2.0' },
      });
    expect((await call(1, 'search', { query: 'dns records' })).status).toBe(200);
    expect((await call(2, 'read_pages', { paths: ['/custom-domain'] })).status).toBe(200);
    await flushed();
    const searched = await t.db.searchEvent.findFirstOrThrow({ where: { projectId: acme.projectId, query: 'dns records' } });
    expect(searched.caller).toBe('mcp');
    expect(searched.paths.length).toBeGreaterThan(0);
    expect(await t.db.pageView.count({ where: { projectId: acme.projectId, via: 'mcp', path: '/custom-domain', isAi: true } })).toBe(1);
    await t.db.searchEvent.deleteMany({ where: { projectId: acme.projectId, caller: 'mcp' } });
    await t.db.pageView.deleteMany({ where: { projectId: acme.projectId, via: 'mcp' } });
  });

  it('record the result a reader opened', async () => {
    const click = await t.call('POST', '/v1/search/acme-analytics/click', {
      key: acme.assistantKey,
      json: { query: 'custom domain', path: '/custom-domain#configure-dns' },
      headers: { 'x-folio-client': 'widget' },
    });
    expect(click.status).toBe(202);
    expect(click.body).toEqual({ recorded: true }); // REST leaves out null fields
    await flushed();
    expect(await t.db.searchClick.findMany({ where: { projectId: acme.projectId }, select: { query: true, path: true, caller: true } })).toEqual([
      { query: 'custom domain', path: '/custom-domain#configure-dns', caller: 'widget' },
    ]);
    const empty = await t.call('POST', '/v1/search/acme-analytics/click', { key: acme.assistantKey, json: { query: ' ', path: '/x' } });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('query');
  });

  it('made as the reader types (X-Folio-Search: typing) are answered and not recorded; the one they settle on is', async () => {
    const typed = ['a', 'ap', 'apex', 'apex d', 'apex dom', 'apex domain'];
    for (const query of typed) {
      const answer = await search(query, { 'x-folio-client': 'widget', 'x-folio-search': 'typing' });
      expect(answer.status).toBe(200);
    }
    const graphql = await t.call('POST', '/graphql', {
      key: acme.assistantKey,
      json: { query: '{ search(domain: "acme-analytics", query: "apex domai") { path } }' },
      headers: { 'x-folio-search': 'typing' },
    });
    expect(graphql.body.data.search.length).toBeGreaterThan(0);
    const settled = await search('apex domain', { 'x-folio-client': 'widget', 'x-folio-search': 'settled' });
    expect(settled.body[0].path).toMatch(/^\/custom-domain/);
    await flushed();
    const rows = await t.db.searchEvent.findMany({ where: { projectId: acme.projectId, query: { startsWith: 'a' } }, select: { query: true, caller: true } });
    expect(rows).toEqual([{ query: 'apex domain', caller: 'widget' }]);

    for (const value of ['maybe', '']) {
      const bad = await search('apex domain', { 'x-folio-search': value });
      expect(bad.status, value).toBe(400);
      expect(bad.body).toEqual({ error: 'X-Folio-Search must be typing or settled, or left out.', code: 'INVALID_INPUT', field: 'X-Folio-Search' });
    }
    await t.db.searchEvent.deleteMany({ where: { projectId: acme.projectId, query: 'apex domain' } });
  });
});

describe('assistant turns', () => {
  it('are recorded with their outcome, the pages cited, the searches run, the times and the model', async () => {
    const { messageId, threadId } = await ask('How do I verify my custom domain?');
    await flushed();
    const turn = await t.db.assistantTurn.findUniqueOrThrow({ where: { messageId } });
    expect(turn).toMatchObject({
      threadId,
      question: 'How do I verify my custom domain?',
      outcome: 'answered',
      model: 'offline',
      caller: 'api',
      pageUrl: '/custom-domain',
    });
    expect(turn.searchQueries.length).toBeGreaterThan(0);
    expect(turn.citedPaths.some((path) => path.includes('custom-domain'))).toBe(true);
    expect(turn.firstTextMs).toBeGreaterThan(0);
    expect(turn.totalMs).toBeGreaterThanOrEqual(turn.firstTextMs!);
  });

  it('record an answer the reader stopped as aborted, and the thread keeps it', async () => {
    const server = await listen(t.app, '127.0.0.1', 0);
    try {
      const client = new AbortController();
      const response = await fetch(`${server.url}/v1/assistant/acme-analytics/message`, {
        method: 'POST',
        headers: { authorization: `Bearer ${acme.assistantKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fp: 'reader', messages: [{ role: 'user', content: 'How do I verify my custom domain?' }] }),
        signal: client.signal,
      });
      const threadId = response.headers.get('x-thread-id')!;
      await response.body!.getReader().read(); // the first bytes, then the reader goes away
      client.abort();
      let stored: { finishReason: string | null } | null = null;
      for (let i = 0; i < 50 && !stored?.finishReason; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        stored = await t.db.message.findFirst({ where: { threadId, role: 'assistant' }, select: { finishReason: true } });
      }
      expect(stored?.finishReason).toMatch(/^(aborted|stop|not-found)$/);
      await flushed();
      expect(await t.db.assistantTurn.count({ where: { threadId } })).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('record a question the docs do not answer as not found', async () => {
    const { messageId } = await ask('What is the airspeed velocity of an unladen swallow?');
    await flushed();
    expect((await t.db.assistantTurn.findUniqueOrThrow({ where: { messageId } })).outcome).toBe('not_found');
  });
});

describe('page views', () => {
  it('count people and AI agents apart, Markdown as AI, with a visitor hash that is the same all day', async () => {
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' };
    expect((await t.call('GET', '/sites/acme-analytics/quickstart', { headers: browser })).status).toBe(200);
    expect((await t.call('GET', '/sites/acme-analytics/fonts', { headers: browser })).status).toBe(200);
    expect((await t.call('GET', '/sites/acme-analytics/quickstart', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; GPTBot/1.2)' } })).status).toBe(200);
    expect((await t.call('GET', '/sites/acme-analytics/fonts.md', { headers: browser })).status).toBe(200);
    expect((await t.call('GET', '/sites/acme-analytics/no-such-page', { headers: browser })).status).toBe(404);
    await flushed();
    const views = await t.db.pageView.findMany({ where: { projectId: acme.projectId }, orderBy: { createdAt: 'asc' } });
    expect(views.map((view) => [view.path, view.isAi, view.via])).toEqual([
      ['/quickstart', false, 'html'],
      ['/fonts', false, 'html'],
      ['/quickstart', true, 'html'],
      ['/fonts', true, 'markdown'],
    ]);
    expect(views[0]!.visitor).toBe(views[1]!.visitor);
    expect(views[2]!.visitor).not.toBe(views[0]!.visitor);
  });
});

describe('feedback', () => {
  const feedback = (json: unknown, key = acme.assistantKey) => t.call('POST', '/v1/feedback/acme-analytics', { key, json });

  it('on an answer, a page and a code block is stored with its comment', async () => {
    const { threadId, messageId } = await ask('How do I set a font?');
    const down = await feedback({ source: 'thumbs_only', helpful: false, threadId, messageId, comment: 'It did not say where docs.json is.' });
    expect(down.status).toBe(200);
    expect(down.body).toEqual({ recorded: true, id: expect.any(String) });
    expect((await feedback({ source: 'contextual', helpful: true, path: 'fonts' })).status).toBe(200);
    expect((await feedback({ source: 'code_snippet', helpful: false, path: '/fonts', code: 'npm i -g acme', language: 'bash' })).status).toBe(200);
    const stored = await t.db.feedback.findMany({ where: { projectId: acme.projectId }, orderBy: { createdAt: 'asc' } });
    expect(stored.map((row) => [row.source, row.helpful, row.path, row.status])).toEqual([
      ['thumbs_only', false, '', 'pending'],
      ['contextual', true, '/fonts', 'pending'],
      ['code_snippet', false, '/fonts', 'pending'],
    ]);
    expect(stored[0]).toMatchObject({ threadId, messageId, comment: 'It did not say where docs.json is.' });
  });

  it('refuses what it cannot store, naming the field', async () => {
    const cases: [unknown, number, string | undefined][] = [
      [{ source: 'thumbs_only', helpful: true, threadId: 'nope', messageId: 'nope' }, 404, undefined],
      [{ source: 'thumbs_only', helpful: true, messageId: 'x' }, 400, 'threadId'],
      [{ source: 'contextual', helpful: true }, 400, 'path'],
      [{ source: 'code_snippet', helpful: true, path: '/fonts' }, 400, 'code'],
      [{ source: 'contextual', helpful: true, path: '/fonts', comment: 'x'.repeat(2001) }, 400, 'comment'],
      [{ source: 'contextual', helpful: true, path: '/fonts', contact: 'not an address' }, 400, 'contact'],
      [{ source: 'praise', helpful: true, path: '/fonts' }, 400, 'source'],
      [{ source: 'contextual', path: '/fonts' }, 400, 'helpful'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await feedback(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      if (field) expect(answer.body.field, JSON.stringify(body)).toBe(field);
    }
    const other = await deployedSite(t, 'acme-analytics-other');
    expect((await feedback({ source: 'contextual', helpful: true, path: '/fonts' }, other.assistantKey)).status).toBe(403);
    expect((await feedback({ source: 'contextual', helpful: true, path: '/fonts' }, acme.adminKey)).status).toBe(403);
  });
});

describe('a site that records nothing', () => {
  it('answers as always and stores nothing, until it records again', async () => {
    const graphql = (enabled: boolean) =>
      t.call('POST', '/graphql', {
        key: acme.adminKey,
        json: { query: `mutation { setAnalyticsEnabled(projectId: "${acme.projectId}", enabled: ${enabled}) }` },
      });
    expect((await graphql(false)).body).toEqual({ data: { setAnalyticsEnabled: false } });
    await untilRecording(false);
    const before = await t.db.searchEvent.count({ where: { projectId: acme.projectId } });
    expect((await search('fonts')).status).toBe(200);
    expect((await feedback({ source: 'contextual', helpful: true, path: '/fonts' })).body).toEqual({ recorded: false });
    await ask('How do I set a font?');
    await flushed();
    expect(await t.db.searchEvent.count({ where: { projectId: acme.projectId } })).toBe(before);
    expect(await t.db.assistantTurn.count({ where: { projectId: acme.projectId, question: 'How do I set a font?' } })).toBe(1); // the one asked before
    expect((await graphql(true)).body).toEqual({ data: { setAnalyticsEnabled: true } });
    await untilRecording(true);
    expect((await search('fonts')).status).toBe(200);
    await flushed();
    expect(await t.db.searchEvent.count({ where: { projectId: acme.projectId } })).toBe(before + 1);
  });

  const feedback = (json: unknown) => t.call('POST', '/v1/feedback/acme-analytics', { key: acme.assistantKey, json });
  /** Every process hears of the change through PostgreSQL (a trigger's NOTIFY), a moment later. */
  const untilRecording = async (enabled: boolean) => {
    for (let i = 0; i < 100 && (await t.runtime.sites.find('acme-analytics'))?.analyticsEnabled !== enabled; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
  };
});

describe('recording', () => {
  it('never fails a search or an answer when the database refuses the rows', async () => {
    await t.runtime.pool.query('ALTER TABLE search_events RENAME TO search_events_away');
    await t.runtime.pool.query('ALTER TABLE assistant_turns RENAME TO assistant_turns_away');
    try {
      const answer = await search('custom domain');
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeGreaterThan(0);
      await ask('How do I verify my custom domain?');
      await flushed();
    } finally {
      await t.runtime.pool.query('ALTER TABLE search_events_away RENAME TO search_events');
      await t.runtime.pool.query('ALTER TABLE assistant_turns_away RENAME TO assistant_turns');
    }
    expect((await search('custom domain')).status).toBe(200);
  });

  it('keeps rows ANALYTICS_RETENTION_DAYS (90) days, and no visitor salt but today’s', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000);
    await t.db.searchEvent.create({
      data: { id: 'old-search', projectId: acme.projectId, createdAt: old, query: 'old', resultCount: 0, latencyMs: 1, caller: 'api' },
    });
    await t.db.feedback.create({ data: { projectId: acme.projectId, createdAt: old, source: 'contextual', helpful: true, path: '/old', caller: 'api' } });
    await t.db.pageView.create({ data: { id: 'old-view', projectId: acme.projectId, createdAt: old, path: '/old', isAi: false, via: 'html', visitor: 'old' } });
    await t.db.analyticsSalt.create({ data: { day: '2020-01-01', salt: 'old' } });
    const oldDay = { projectId: acme.projectId, day: old.toISOString().slice(0, 10) };
    expect(await t.db.searchTermDaily.count({ where: oldDay })).toBe(1);
    expect(await t.db.trafficDaily.count({ where: oldDay })).toBe(2);
    const recent = await t.db.searchEvent.count({ where: { projectId: acme.projectId } });
    await pruneAnalytics(t.runtime);
    expect(await t.db.searchEvent.findUnique({ where: { id: 'old-search' } })).toBeNull();
    expect(await t.db.feedback.count({ where: { path: '/old' } })).toBe(0);
    expect(await t.db.pageView.count({ where: { path: '/old' } })).toBe(0);
    expect(await t.db.searchTermDaily.count({ where: oldDay })).toBe(0);
    expect(await t.db.trafficDaily.count({ where: oldDay })).toBe(0);
    expect(await t.db.trafficVisitorDaily.count({ where: oldDay })).toBe(0);
    expect(await t.db.searchEvent.count({ where: { projectId: acme.projectId } })).toBe(recent - 1);
    expect(await t.db.analyticsSalt.count({ where: { day: { lt: new Date().toISOString().slice(0, 10) } } })).toBe(0);
  });
});
