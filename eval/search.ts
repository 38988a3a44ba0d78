// npm run eval:search: ranking quality on the mintlify-docs corpus for keyword-only, vector-only and hybrid
// search. Deploys the corpus into DATABASE_URL or an embedded PostgreSQL in a temporary DATA_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../api/config.ts';
import { createLogger } from '../api/logger.ts';
import { openRuntime } from '../api/runtime.ts';
import { SiteIndex, type SearchMode } from '../api/search/site-index.ts';
import { corpusRepository, deployedProject } from '../bench/corpus.ts';

interface Question {
  kind: 'keyword' | 'paraphrase' | 'identifier';
  language: string;
  query: string;
  answers: string[];
}

const { questions } = JSON.parse(fs.readFileSync(new URL('./search-questions.json', import.meta.url), 'utf8')) as { questions: Question[] };
const MODES: SearchMode[] = ['keyword', 'vector', 'hybrid'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-eval-'));
fs.chmodSync(dataDir, 0o755);
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const runtime = await openRuntime(config, createLogger('warn'), { isWorker: false });
const repo = corpusRepository();
try {
  const { deploymentId } = await deployedProject(runtime, repo.dir);
  const index = await SiteIndex.build(runtime.database.prisma, runtime.embedder, deploymentId);
  const vectors = await runtime.embedder.embed(questions.map((q) => q.query));

  const scores = new Map<string, { rr: number[]; recall: number[] }>();
  const record = (group: string, mode: SearchMode, rr: number, recall: number) => {
    const key = `${group}|${mode}`;
    const entry = scores.get(key) ?? { rr: [], recall: [] };
    entry.rr.push(rr);
    entry.recall.push(recall);
    scores.set(key, entry);
  };
  const misses: string[] = [];
  questions.forEach((question, i) => {
    for (const mode of MODES) {
      const results = index.search({ query: question.query, pageSize: 10, language: question.language, mode }, vectors[i]);
      const pages = results.map((r) => r.chunk.path.split('#')[0]!);
      const rank = pages.findIndex((page) => question.answers.includes(page));
      const rr = rank < 0 ? 0 : 1 / (rank + 1);
      const recall = question.answers.filter((answer) => pages.slice(0, 5).includes(answer)).length / question.answers.length;
      const group = question.language === 'en' ? question.kind : `${question.language} (all kinds)`;
      record(group, mode, rr, recall);
      if (question.language === 'en') record('English, all', mode, rr, recall);
      if (mode === 'hybrid' && rank !== 0) misses.push(`  ${question.kind} "${question.query}": expected ${question.answers[0]} at 1, got ${rank < 0 ? 'none in top 10' : `rank ${rank + 1}`} (top: ${pages[0]})`);
    }
  });

  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const groups = ['keyword', 'paraphrase', 'identifier', 'English, all', 'fr (all kinds)', 'es (all kinds)'];
  console.log(`# Search quality (${questions.length} questions, ${runtime.embedder.id} embeddings)\n`);
  console.log('| questions | n | keyword MRR@10 | keyword R@5 | vector MRR@10 | vector R@5 | hybrid MRR@10 | hybrid R@5 |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const group of groups) {
    const row = MODES.map((mode) => scores.get(`${group}|${mode}`)!).map((s) => `${mean(s.rr).toFixed(3)} | ${mean(s.recall).toFixed(3)}`);
    console.log(`| ${group} | ${scores.get(`${group}|hybrid`)!.rr.length} | ${row.join(' | ')} |`);
  }
  if (process.argv.includes('--misses')) console.log(`\nHybrid misses:\n${misses.join('\n')}`);
} finally {
  repo.remove();
  await runtime.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
