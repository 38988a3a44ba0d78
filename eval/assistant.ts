// npm run eval:assistant: answer quality of the offline answer model on the mintlify-docs corpus, through
// `streamText` with real search, as the assistant runs it. Deploys the corpus into DATABASE_URL or an
// embedded PostgreSQL in a temporary DATA_DIR. Flags: --misses (print each miss with its answer),
// --split=tune|tune-2|holdout|blind|blind-2 (run one split only). The second tuning set and the second
// blind set have their own files.
import fs from 'node:fs';
import { createOfflineModel } from '../api/assistant/offline/offline-model.ts';
import { sitePages } from '../api/assistant/site-pages.ts';
import { systemPrompt } from '../api/assistant/system-prompt.ts';
import { runToolLoop, type TextMessage } from '../api/assistant/tool-loop.ts';
import { assistantTools } from '../api/assistant/tools.ts';
import type { Runtime } from '../api/runtime.ts';
import { searchDocs } from '../api/search/search-docs.ts';
import { withDeployedCorpus } from './corpus-runtime.ts';

type Split = 'tune' | 'tune-2' | 'holdout' | 'blind' | 'blind-2';
interface Answerable {
  id: string;
  split: Split;
  language: string;
  question: string;
  answers: string[];
  mustContain: string[];
  kind?: string;
  thread?: string[];
}
interface Unanswerable {
  id: string;
  split: Split;
  language: string;
  question: string;
}
interface Outcome {
  text: string;
  cited: string[];
  isNotFound: boolean;
  ms: number;
  /** Pages the search returned, in rank order (for telling retrieval misses from answer misses). */
  retrieved: string[];
  /** The text of every result and page the model read (for telling whether a missing key term was there to quote). */
  readText: string;
  query: string;
}

interface QuestionSet {
  inScope: Answerable[];
  followUps: Answerable[];
  outOfScope: Unanswerable[];
}
const readSet = (name: string) => JSON.parse(fs.readFileSync(new URL(name, import.meta.url), 'utf8')) as QuestionSet;
const sets = ['./assistant-questions.json', './assistant-questions-tune2.json', './assistant-questions-blind2.json'].map(readSet);
const questions: QuestionSet = {
  inScope: sets.flatMap((set) => set.inScope),
  followUps: sets.flatMap((set) => set.followUps),
  outOfScope: sets.flatMap((set) => set.outOfScope),
};
const onlySplit = process.argv.find((arg) => arg.startsWith('--split='))?.slice('--split='.length) as Split | undefined;
const showMisses = process.argv.includes('--misses');
const SPLITS: Split[] = onlySplit ? [onlySplit] : ['tune', 'tune-2', 'holdout', 'blind', 'blind-2'];

await withDeployedCorpus(async ({ runtime, project, deploymentId }) => {
  const site = { id: project.projectId, liveDeploymentId: deploymentId };
  const ask = (messages: TextMessage[], language: string) => answer(runtime, site, messages, language);
  await ask([{ role: 'user', content: 'warm up' }], 'en');

  const rows: Row[] = [];
  const misses: string[] = [];
  const words: number[] = [];
  const times: number[] = [];
  const record = (group: string, split: Split, isGood: boolean, outcome: Outcome, miss: () => string) => {
    rows.push({ group, split, isGood });
    times.push(outcome.ms);
    if (!outcome.isNotFound) words.push(outcome.text.split(/\s+/).filter(Boolean).length);
    if (!isGood) misses.push(`${miss()}\n${indent(outcome.text)}`);
  };
  const inSplit = <T extends { split: Split }>(list: T[]) => list.filter((q) => SPLITS.includes(q.split));

  for (const question of inSplit(questions.inScope)) {
    const outcome = await ask([{ role: 'user', content: question.question }], question.language);
    const group = question.language === 'en' ? 'in scope (en)' : 'in scope (fr, es)';
    record(group, question.split, isCorrect(question, outcome), outcome, () => describeMiss(question, outcome));
  }
  for (const question of inSplit(questions.followUps)) {
    const messages: TextMessage[] = [];
    for (const earlier of question.thread ?? []) {
      messages.push({ role: 'user', content: earlier });
      messages.push({ role: 'assistant', content: (await ask([...messages], question.language)).text });
    }
    messages.push({ role: 'user', content: question.question });
    const outcome = await ask(messages, question.language);
    record('follow-ups', question.split, isCorrect(question, outcome), outcome, () => describeMiss(question, outcome));
  }
  for (const question of inSplit(questions.outOfScope)) {
    const outcome = await ask([{ role: 'user', content: question.question }], question.language);
    const isHandled = outcome.isNotFound && outcome.cited.length === 0;
    record(
      'out of scope',
      question.split,
      isHandled,
      outcome,
      () => `  [${question.split}] ${question.id} "${question.question}": answered instead of markNotFound`,
    );
  }

  printSummary(rows, words, times);
  if (showMisses) console.log(`\nMisses:\n${misses.join('\n')}`);
});

/** Runs one turn through the assistant's tool loop with the assistant's own tools and system prompt over the real search. */
async function answer(runtime: Runtime, site: { id: string; liveDeploymentId: string }, messages: TextMessage[], language: string): Promise<Outcome> {
  let isNotFound = false;
  let retrieved: string[] = [];
  let readText = '';
  let query = '';
  const started = performance.now();
  const pages = sitePages(runtime, site, { language });
  const parts = runToolLoop({
    // As the assistant makes it, opening the pages its search found (and noting what it read).
    model: createOfflineModel({
      sections: async (route, terms, limit) => {
        const sections = await pages.sections(route, terms, limit);
        readText += sections
          .map((section) => section.content)
          .join('\n')
          .toLowerCase();
        return sections;
      },
      textAfter: async (chunk) => {
        const text = await pages.textAfter(chunk);
        readText += (text ?? '').toLowerCase();
        return text;
      },
    }),
    system: systemPrompt('Mintlify'),
    messages,
    maxSteps: 4,
    maxRetries: 0,
    tools: assistantTools(async (asked) => {
      const results = await searchDocs(runtime, site, { query: asked, pageSize: 5, language });
      // The question's own search, not a later look-up of names.
      if (query === '') [query, retrieved] = [asked, results.map((found) => found.path)];
      readText += results
        .map((found) => found.content)
        .join('\n')
        .toLowerCase();
      return results;
    }),
  });
  let text = '';
  for await (const part of parts) {
    if (part.type === 'text-delta') text += part.text;
    if (part.type === 'tool-call' && part.toolName === 'markNotFound') isNotFound = true;
  }
  // Links in code are a code example's, not citations.
  const cited = [...text.replace(/```[\s\S]*?```/g, '').matchAll(/\]\((\/[^)\s]*)\)/g)].map((match) => match[1]!.split('#')[0]!);
  return { text, cited: [...new Set(cited)], isNotFound, ms: performance.now() - started, retrieved, readText, query };
}

function isCorrect(question: Answerable, outcome: Outcome): boolean {
  const text = outcome.text.toLowerCase();
  return outcome.cited.some((page) => question.answers.includes(page)) && question.mustContain.every((term) => text.includes(term.toLowerCase()));
}

function describeMiss(question: Answerable, outcome: Outcome): string {
  const text = outcome.text.toLowerCase();
  const problems = [
    outcome.isNotFound ? 'marked not found' : '',
    outcome.cited.some((page) => question.answers.includes(page)) ? '' : `cited ${outcome.cited.join(', ') || 'nothing'}, expected ${question.answers[0]}`,
    ...question.mustContain
      .filter((term) => !text.includes(term.toLowerCase()))
      .map((term) => `lacks "${term}" (${outcome.readText.includes(term.toLowerCase()) ? 'in' : 'not in'} what it read)`),
  ].filter(Boolean);
  const thread = question.thread ? `${question.thread.map((q) => `"${q}"`).join(' -> ')} -> ` : '';
  const rank = outcome.retrieved.findIndex((found) => question.answers.includes(found.split('#')[0]!));
  const retrieval = rank < 0 ? 'no answering page retrieved' : `answering page at rank ${rank + 1}`;
  return `  [${question.split}] ${question.id} ${thread}"${question.question}": ${problems.join('; ')} (searched "${outcome.query}", ${retrieval})\n      retrieved: ${outcome.retrieved.join(' ')}`;
}

interface Row {
  group: string;
  split: Split;
  isGood: boolean;
}

function printSummary(rows: Row[], words: number[], times: number[]) {
  const cell = (group: string, split?: Split) => {
    const chosen = rows.filter((row) => row.group === group && (!split || row.split === split));
    if (chosen.length === 0) return '-';
    const good = chosen.filter((row) => row.isGood).length;
    return `${((100 * good) / chosen.length).toFixed(0)}% (${good}/${chosen.length})`;
  };
  const groups = ['in scope (en)', 'in scope (fr, es)', 'follow-ups', 'out of scope'];
  console.log(`# Assistant answer quality (offline model)\n`);
  console.log('| questions | tuning half | second tuning set | held-out half | blind set | second blind set | all |');
  console.log('|---|---|---|---|---|---|---|');
  for (const group of groups) {
    console.log(
      `| ${group} | ${cell(group, 'tune')} | ${cell(group, 'tune-2')} | ${cell(group, 'holdout')} | ${cell(group, 'blind')} | ${cell(group, 'blind-2')} | ${cell(group)} |`,
    );
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
  console.log(
    `\nAnswer length: mean ${mean(words).toFixed(0)} words, max ${Math.max(0, ...words)}. ` +
      `Time per answer (search included): mean ${mean(times).toFixed(1)} ms, p95 ${(sorted[Math.floor(0.95 * (sorted.length - 1))] ?? 0).toFixed(1)} ms.`,
  );
  console.log('In scope: cites a page that answers the question and contains every key term. Out of scope: markNotFound, nothing cited.');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `      | ${line}`)
    .join('\n');
}
