import { createApp } from '../api/app.ts';
import { listen } from '../api/http/server.ts';
import type { Runtime } from '../api/runtime.ts';
import { corpusRepository, deployedProject } from './corpus.ts';
import { fmt, medianAndP95, percentile } from './support.ts';

const QUERIES = [
  'custom domain',
  'how do I hide a page from the sidebar',
  'dark mode logo',
  'api playground authentication',
  'redirects',
  'analytics integrations',
];
const QUESTIONS = [
  'How do I set up a custom domain for my documentation?',
  'Can I hide a page from the sidebar but keep it reachable by its link?',
  'How do I show a different logo in dark mode?',
  'How do I add authentication to the API playground?',
];

/**
 * What recording costs a reader: the corpus deployed as two sites, one recording what readers do and
 * one not, asked the same searches and questions over HTTP in alternation (so that both meet the same
 * moments of a shared machine), the order within each pair alternating too.
 */
export async function benchAnalytics(runtime: Runtime, rounds = 200) {
  const repo = corpusRepository();
  const on = (await deployedProject(runtime, repo.dir)).project;
  const off = (await deployedProject(runtime, repo.dir)).project;
  await runtime.database.prisma.project.update({ where: { id: off.projectId }, data: { analyticsEnabled: false } });
  const server = await listen(createApp(runtime), '127.0.0.1', 0);
  const post = (path: string, key: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const search = async (site: typeof on, query: string) => {
    const started = performance.now();
    await (await post(`/v1/search/${site.subdomain}`, site.assistantKey, { query })).text();
    return performance.now() - started;
  };
  const firstText = async (site: typeof on, question: string) => {
    const started = performance.now();
    const response = await post(`/v1/assistant/${site.subdomain}/message`, site.assistantKey, { fp: 'bench', messages: [{ role: 'user', content: question }] });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let at = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (!at && /(^|\n)0:/.test(text)) at = performance.now() - started;
    }
    return at;
  };
  const timings = { searchOn: [] as number[], searchOff: [] as number[], answerOn: [] as number[], answerOff: [] as number[] };
  try {
    for (let round = 0; round < rounds + 10; round++) {
      const query = QUERIES[round % QUERIES.length]!;
      const [first, second] = round % 2 === 0 ? [on, off] : [off, on];
      const a = await search(first, query);
      const b = await search(second, query);
      if (round < 10) continue;
      timings[first === on ? 'searchOn' : 'searchOff'].push(a);
      timings[second === on ? 'searchOn' : 'searchOff'].push(b);
    }
    for (let round = 0; round < rounds / 2 + 4; round++) {
      const question = QUESTIONS[round % QUESTIONS.length]!;
      const [first, second] = round % 2 === 0 ? [on, off] : [off, on];
      const a = await firstText(first, question);
      const b = await firstText(second, question);
      if (round < 4) continue;
      timings[first === on ? 'answerOn' : 'answerOff'].push(a);
      timings[second === on ? 'answerOn' : 'answerOff'].push(b);
    }
    await runtime.analytics.flush();
  } finally {
    await server.close();
    repo.remove();
  }
  const p95 = (values: number[]) =>
    percentile(
      [...values].sort((x, y) => x - y),
      0.95,
    );
  const recorded = await runtime.database.prisma.searchEvent.count({ where: { projectId: on.projectId } });
  return {
    table: [
      `| The corpus over HTTP, in alternation (${timings.searchOn.length} searches and ${timings.answerOn.length} answers each) | p50 ms | p95 ms |`,
      '|---|---|---|',
      `| search, recording on | ${medianAndP95(timings.searchOn)} |`,
      `| search, recording off | ${medianAndP95(timings.searchOff)} |`,
      `| what recording adds to a search at p95 (goal ≤ 1) | | **${fmt(p95(timings.searchOn) - p95(timings.searchOff))}** |`,
      `| first text of an offline answer, recording on | ${medianAndP95(timings.answerOn)} |`,
      `| first text of an offline answer, recording off | ${medianAndP95(timings.answerOff)} |`,
      `| what recording adds to the first text at p95 (goal ≤ 1) | | **${fmt(p95(timings.answerOn) - p95(timings.answerOff))}** |`,
      '',
      `${recorded} searches recorded on the site that records.`,
    ].join('\n'),
  };
}
