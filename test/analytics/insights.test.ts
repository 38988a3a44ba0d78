import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { call, createTestProject, startTestApp, type TestApp } from '../support/test-app.ts';

/** The console's charts: activity per day, the searches that found nothing and the pages answers cite. */
let t: TestApp;
let site: CreatedProject;
let other: CreatedProject;

const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

beforeAll(async () => {
  t = await startTestApp();
  site = await createTestProject(t.db, 'Insights');
  other = await createTestProject(t.db, 'Insights other');
  const turn = (n: number, day: string, outcome: string, citedPaths: string[], projectId = site.projectId) => ({
    messageId: `${projectId}-m${n}`,
    projectId,
    threadId: `thread-${n}`,
    createdAt: at(day),
    question: `question ${n}`,
    outcome,
    citedPaths,
    totalMs: 10,
    model: 'offline',
    caller: 'widget',
  });
  await t.db.assistantTurn.createMany({
    data: [
      turn(1, '2026-11-02', 'answered', ['/quickstart', '/custom-domain']),
      turn(2, '2026-11-02', 'not_found', []),
      turn(3, '2026-11-04', 'answered', ['/custom-domain']),
      turn(4, '2026-11-04', 'answered', ['/custom-domain'], other.projectId),
    ],
  });
  const search = (n: number, day: string, query: string, resultCount: number, hour = 12) => ({
    id: `${site.projectId}-s${n}`,
    projectId: site.projectId,
    createdAt: at(day, hour),
    query,
    resultCount,
    latencyMs: 5,
    caller: 'widget',
  });
  await t.db.searchEvent.createMany({
    data: [
      search(1, '2026-11-01', 'domain', 4),
      search(2, '2026-11-02', 'Invoices', 0),
      search(3, '2026-11-03', ' invoices ', 0, 23),
      search(4, '2026-11-03', 'sso', 0),
      search(5, '2026-11-05', 'outside the range', 0),
    ],
  });
  await t.db.feedback.createMany({
    data: [
      { projectId: site.projectId, createdAt: at('2026-11-03'), source: 'contextual', helpful: true, path: '/quickstart', caller: 'widget' },
      { projectId: site.projectId, createdAt: at('2026-11-03'), source: 'contextual', helpful: false, path: '/quickstart', caller: 'widget' },
      { projectId: site.projectId, createdAt: at('2026-11-04'), source: 'thumbs_only', helpful: false, path: '', caller: 'widget' },
    ],
  });
});
afterAll(() => t.close());

const insights = (key: string, args: string) =>
  call(t.app, 'POST', '/graphql', {
    key,
    json: {
      query: `{ analyticsInsights(${args}) {
        days { day questions answered notFound searches searchesWithoutResults helpful unhelpful }
        totals { questions answered notFound searches searchesWithoutResults helpful unhelpful }
        zeroResultSearches { query count lastSearchedAt } citedPages { path citations } } }`,
    },
  });

describe('analyticsInsights', () => {
  it('counts each UTC day of the range, empty days as zeros, and only the project’s own activity', async () => {
    const res = await insights(site.adminKey, `projectId: "${site.projectId}", dateFrom: "2026-11-01", dateTo: "2026-11-05"`);
    expect(res.status).toBe(200);
    const report = res.body.data.analyticsInsights;
    const zero = { questions: 0, answered: 0, notFound: 0, searches: 0, searchesWithoutResults: 0, helpful: 0, unhelpful: 0 };
    expect(report.days).toEqual([
      { day: '2026-11-01', ...zero, searches: 1 },
      { day: '2026-11-02', ...zero, questions: 2, answered: 1, notFound: 1, searches: 1, searchesWithoutResults: 1 },
      { day: '2026-11-03', ...zero, searches: 2, searchesWithoutResults: 2, helpful: 1, unhelpful: 1 },
      { day: '2026-11-04', ...zero, questions: 1, answered: 1, unhelpful: 1 },
    ]);
    expect(report.totals).toEqual({ questions: 3, answered: 2, notFound: 1, searches: 4, searchesWithoutResults: 3, helpful: 1, unhelpful: 2 });
    expect(report.zeroResultSearches).toEqual([
      { query: 'Invoices', count: 2, lastSearchedAt: '2026-11-03T23:00:00.000Z' },
      { query: 'sso', count: 1, lastSearchedAt: '2026-11-03T12:00:00.000Z' },
    ]);
    expect(report.citedPages).toEqual([
      { path: '/custom-domain', citations: 2 },
      { path: '/quickstart', citations: 1 },
    ]);
  });

  it('widens a range of times to whole days', async () => {
    const res = await insights(site.adminKey, `projectId: "${site.projectId}", dateFrom: "2026-11-02T18:00:00Z", dateTo: "2026-11-03T01:00:00Z"`);
    expect(res.body.data.analyticsInsights.days.map((day: { day: string }) => day.day)).toEqual(['2026-11-02', '2026-11-03']);
  });

  it('refuses another project’s key, a bad date and a range of more than 400 days, naming the field', async () => {
    const foreign = await insights(other.adminKey, `projectId: "${site.projectId}"`);
    expect([foreign.status, foreign.body.errors[0].extensions.code]).toEqual([403, 'FORBIDDEN']);
    const badDate = await insights(site.adminKey, `projectId: "${site.projectId}", dateFrom: "yesterday"`);
    expect([badDate.status, badDate.body.errors[0].extensions.field]).toEqual([400, 'dateFrom']);
    const long = await insights(site.adminKey, `projectId: "${site.projectId}", dateFrom: "2024-01-01", dateTo: "2026-01-01"`);
    expect([long.status, long.body.errors[0].extensions.field]).toEqual([400, 'dateFrom']);
    expect(long.body.errors[0].message).toBe('The range holds 731 days; ask for 400 at most.');
  });
});
