/** Page-level ranking measures of the search evaluation, and the Markdown tables and misses it prints. */
import { routeOfResultPath } from '../api/search/search-docs.ts';

export type Kind = 'keyword' | 'paraphrase' | 'identifier' | 'error';
export type Split = 'tune' | 'held-out';

export interface Question {
  split: Split;
  kind: Kind;
  language: string;
  query: string;
  answers: string[];
}

export interface Outcome {
  question: Question;
  mode: string;
  /** Result paths in order (page route and heading anchor). */
  paths: string[];
  /** 0-based rank of the first result whose page answers, -1 when none of the results does. */
  rank: number;
}

export function firstAnswerRank(question: Question, paths: string[]): number {
  return paths.findIndex((path) => question.answers.includes(routeOfResultPath(path)));
}

/** Reciprocal rank within the top 10; 0 past it. */
export const reciprocalRank = (rank: number) => (rank >= 0 && rank < 10 ? 1 / (rank + 1) : 0);
/** Recall@5 as the hidden check counts it: an answering page among the first five results. */
export const hitAt5 = (rank: number) => (rank >= 0 && rank < 5 ? 1 : 0);

/** The rows of the tables: English per kind, English as a whole, then each other language and French+Spanish. */
export function groupsOf(question: Question): string[] {
  if (question.language === 'en') return [`en ${question.kind}`, 'en, all'];
  const groups = [`${question.language} (all kinds)`];
  if (question.language === 'fr' || question.language === 'es') groups.push('fr+es');
  return groups;
}

export const GROUP_ORDER = [
  'en keyword',
  'en paraphrase',
  'en identifier',
  'en error',
  'en, all',
  'fr (all kinds)',
  'es (all kinds)',
  'fr+es',
  'zh (all kinds)',
];

export interface Figures {
  n: number;
  mrr: number;
  recall5: number;
}

export function figures(outcomes: Outcome[]): Figures {
  const n = outcomes.length;
  const sum = (f: (o: Outcome) => number) => outcomes.reduce((total, o) => total + f(o), 0);
  return { n, mrr: n ? sum((o) => reciprocalRank(o.rank)) / n : 0, recall5: n ? sum((o) => hitAt5(o.rank)) / n : 0 };
}

/** One Markdown table: a row per group, MRR@10 and Recall@5 per mode. */
export function table(outcomes: Outcome[], modes: string[]): string {
  const header = `| questions | n | ${modes.map((mode) => `${mode} MRR@10 | ${mode} R@5`).join(' | ')} |`;
  const rows = [header, `|---|---|${modes.map(() => '---|---').join('|')}|`];
  for (const group of GROUP_ORDER) {
    const inGroup = outcomes.filter((o) => groupsOf(o.question).includes(group));
    if (inGroup.length === 0) continue;
    const cells = modes.map((mode) => figures(inGroup.filter((o) => o.mode === mode))).map((f) => `${f.mrr.toFixed(3)} | ${f.recall5.toFixed(3)}`);
    rows.push(`| ${group} | ${inGroup.filter((o) => o.mode === modes[0]).length} | ${cells.join(' | ')} |`);
  }
  return rows.join('\n');
}

/** Each question whose answer is not first: where it came, and what ranked above it. */
export function misses(outcomes: Outcome[]): string {
  const lines: string[] = [];
  for (const outcome of outcomes) {
    if (outcome.rank === 0) continue;
    const { question } = outcome;
    const where = outcome.rank < 0 ? 'not in the top 10' : `at ${outcome.rank + 1}`;
    const above = (outcome.rank < 0 ? outcome.paths.slice(0, 3) : outcome.paths.slice(0, outcome.rank)).join(', ') || 'nothing';
    lines.push(
      `- [${question.split} ${question.language} ${question.kind}] "${question.query}": ${question.answers[0]}${question.answers.length > 1 ? ` (or ${question.answers.length - 1} more)` : ''} ${where}; above: ${above}`,
    );
  }
  return lines.join('\n');
}
