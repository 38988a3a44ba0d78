import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { deployedSite } from '../support/docs-site.ts';
import { isolatedTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Content gaps from what readers do through the real routes: questions asked of the assistant, and
 * searches typed into the widget letter by letter, as it sends them. Four topics the docs do not cover,
 * each met in four wordings; the same history, recorded in another order with other keystrokes on the
 * way, makes the same gaps: one per topic.
 */
const isolated = isolatedTestApp({
  isWorker: true,
  env: () => ({ SEARCHES_PER_MINUTE_PER_CLIENT: '1000000', SEARCHES_PER_HOUR: '100000000', ASSISTANT_MESSAGES_PER_MINUTE_PER_CLIENT: '1000' }),
});
let t: TestApp;
let site: CreatedProject;

/** Each topic's wordings: the questions are asked of the assistant, the rest searched in the widget. */
const TOPICS: string[][] = [
  ['How do I set up a webhook?', 'webhook configuration', 'configure webhooks for events', 'Can I get a webhook when an event happens?'],
  ['How do I export my data to CSV?', 'export data csv', 'Is there a way to get my data out in CSV format?', 'download my data as a CSV file'],
  ['How do I reset my password?', 'forgot password', 'password reset email not arriving', 'I cannot log in, how do I change my password?'],
  ['dark theme for the mobile app', 'mobile app dark mode', 'mobile app night mode', 'dark mode on iPhone'],
];
const RUNS = 10;

beforeAll(async () => {
  t = isolated.app;
  site = await deployedSite(t, 'acme-gap-topics');
});

const WIDGET = { 'x-folio-client': 'widget', referer: 'https://www.acme.dev/' };

/** A small seeded generator (mulberry32): each run shuffles and types the same way every time the test runs. */
function randomOf(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Types `text` into the widget's search as a reader does: a search for some of its prefixes (which ones
 * depends on how the keystrokes fall against the widget's pause), then the query the reader settled on.
 */
async function typeSearch(text: string, random: () => number) {
  for (let length = 1; length < text.length; length++) {
    if (random() < 0.5) continue;
    const typed = await t.call('POST', `/v1/search/${site.subdomain}`, {
      key: site.assistantKey,
      json: { query: text.slice(0, length).trim() || text[0] },
      headers: { ...WIDGET, 'x-folio-search': 'typing' },
    });
    expect(typed.status).toBe(200);
  }
  const settled = await t.call('POST', `/v1/search/${site.subdomain}`, {
    key: site.assistantKey,
    json: { query: text },
    headers: { ...WIDGET, 'x-folio-search': 'settled' },
  });
  expect(settled.status).toBe(200);
}

async function ask(question: string) {
  const answer = await t.call('POST', `/v1/assistant/${site.subdomain}/message`, {
    key: site.assistantKey,
    json: { fp: 'reader', messages: [{ role: 'user', content: question }] },
    headers: WIDGET,
  });
  expect(answer.status).toBe(200);
}

/** Forgets what the site recorded, for the next run. */
async function forgetRecorded() {
  for (const table of ['search_events', 'search_clicks', 'search_terms_daily', 'search_terms_weekly', 'search_clicks_daily', 'assistant_turns']) {
    await t.runtime.pool.query(`DELETE FROM ${table} WHERE project_id = $1`, [site.projectId]);
  }
}

describe('content gaps of one history', () => {
  it('are the same in every run, whatever the order and the keystrokes: one gap per topic, with all its wordings', async () => {
    const seen: string[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const random = randomOf(run);
      const wordings = TOPICS.flat()
        .map((text) => ({ text, order: random() }))
        .sort((a, b) => a.order - b.order)
        .map((each) => each.text);
      for (const text of wordings) await (text.endsWith('?') ? ask(text) : typeSearch(text, random));
      await t.runtime.analytics.flush();

      const answer = await t.call('GET', `/v1/analytics/${site.projectId}/gaps`, { key: site.adminKey });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const gaps = answer.body.gaps as { title: string; count: number; summary: string; examples: string[] }[];
      const topics = gaps.map((gap) => [...gap.examples].sort());
      expect(topics, `run ${run}`).toEqual(expect.arrayContaining(TOPICS.map((topic) => [...topic].sort())));
      expect(gaps, `run ${run}`).toHaveLength(TOPICS.length);
      // The questions were not answered; the searches listed pages that nobody opened.
      expect(gaps.map((gap) => gap.summary).sort()).toEqual([
        ...Array(3).fill('2 questions not answered, 2 searches whose results nobody opened'),
        '4 searches whose results nobody opened',
      ]);
      seen.push(JSON.stringify(gaps.map((gap) => [gap.title, gap.count, gap.summary, [...gap.examples].sort()])));
      await forgetRecorded();
    }
    expect(new Set(seen).size, seen.join('\n')).toBe(1);
  }, 300_000);
});

describe('a gap made of searches nobody opened', () => {
  it('says so in its summary, and counts a search less once a reader opens one of its results', async () => {
    const random = randomOf(0);
    for (const text of TOPICS[3]!) await typeSearch(text, random);
    await t.runtime.analytics.flush();
    const gapsNow = async () => (await t.call('GET', `/v1/analytics/${site.projectId}/gaps`, { key: site.adminKey })).body.gaps;
    expect(await gapsNow()).toMatchObject([{ count: 4, searchesWithoutClicks: 4, summary: '4 searches whose results nobody opened' }]);

    const found = await t.call('POST', `/v1/search/${site.subdomain}`, {
      key: site.assistantKey,
      json: { query: 'mobile app night mode' },
      headers: { ...WIDGET, 'x-folio-search': 'typing' },
    });
    const opened = await t.call('POST', `/v1/search/${site.subdomain}/click`, {
      key: site.assistantKey,
      json: { query: 'mobile app night mode', path: found.body[0].path },
      headers: WIDGET,
    });
    expect(opened.status).toBe(202);
    await t.runtime.analytics.flush();
    expect(await gapsNow()).toMatchObject([{ count: 3, summary: '3 searches whose results nobody opened' }]);
    await forgetRecorded();
  });
});
