// npm run eval:search [-- --misses] [--modes hybrid,keyword] [--split tune|held-out]: ranking quality on the
// mintlify-docs corpus, measured like the hidden check: over real HTTP against the real app, pageSize 10,
// page level (the first result whose page answers), a language filter for questions not in English.
// Deploys the corpus into DATABASE_URL, or an embedded PostgreSQL in a temporary DATA_DIR.
import fs from 'node:fs';
import { createApp } from '../api/app.ts';
import { listen } from '../api/http/server.ts';
import { percentile } from '../bench/support.ts';
import { withDeployedCorpus } from './corpus-runtime.ts';
import { firstAnswerRank, misses, table, type Outcome, type Question } from './metrics.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const modes = (option('modes') ?? 'keyword,vector,hybrid').split(',');
const splits = option('split') ? [option('split')] : ['tune', 'held-out'];
const { questions } = JSON.parse(fs.readFileSync(new URL('./search-questions.json', import.meta.url), 'utf8')) as { questions: Question[] };

await withDeployedCorpus(async ({ runtime, project, deploymentId }) => {
  // An answer that is no page of the site could never be found: a mistake in the question set.
  const db = runtime.database.prisma;
  const routes = new Set(
    [
      ...(await db.deploymentPage.findMany({ where: { deploymentId }, select: { route: true } })),
      ...(await db.hiddenPage.findMany({ where: { deploymentId }, select: { route: true } })),
    ].map((page) => page.route),
  );
  const unknown = questions.flatMap((question) =>
    question.answers.filter((answer) => !routes.has(answer)).map((answer) => `${answer} (for "${question.query}")`),
  );
  if (unknown.length > 0) throw new Error(`answers that are no page of the corpus: ${unknown.join(', ')}`);
  const server = await listen(createApp(runtime), '127.0.0.1', 0);
  try {
    const search = async (body: Record<string, unknown>) => {
      const response = await fetch(`${server.url}/v1/search/${project.subdomain}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${project.assistantKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) throw new Error(`search answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { path: string }[];
    };
    await search({ query: 'warm up' }); // builds the index, so latencies below are searches only

    const outcomes: Outcome[] = [];
    const latencies: number[] = [];
    for (const question of questions) {
      for (const mode of modes) {
        const started = performance.now();
        const results = await search({
          query: question.query,
          pageSize: 10,
          mode,
          ...(question.language === 'en' ? {} : { filter: { language: question.language } }),
        });
        if (mode === 'hybrid') latencies.push(performance.now() - started);
        const paths = results.map((result) => result.path);
        outcomes.push({ question, mode, paths, rank: firstAnswerRank(question, paths) });
      }
    }

    console.log(`# Search quality (${questions.length} questions, ${runtime.embedder.id} embeddings, over HTTP, pageSize 10, page level)\n`);
    for (const split of splits) {
      const inSplit = outcomes.filter((o) => o.question.split === split);
      console.log(`## ${split} (${inSplit.length / modes.length} questions)\n\n${table(inSplit, modes)}\n`);
    }
    console.log(`## all\n\n${table(outcomes, modes)}\n`);
    latencies.sort((a, b) => a - b);
    console.log(`Hybrid over HTTP, one client: p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p95 ${percentile(latencies, 0.95).toFixed(2)} ms.\n`);
    if (args.includes('--misses')) {
      const mode = modes.includes('hybrid') ? 'hybrid' : modes[0];
      const shown = outcomes.filter((o) => o.mode === mode && splits.includes(o.question.split));
      console.log(`## ${mode} misses (answer not first)\n\n${misses(shown)}`);
    }
    const json = option('json');
    if (json) fs.writeFileSync(json, JSON.stringify(outcomes.map(({ question, mode, rank, paths }) => ({ ...question, mode, rank, paths }))));
  } finally {
    await server.close();
  }
});
