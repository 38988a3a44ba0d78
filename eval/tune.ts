// npm run eval:tune: fits the ranking and calibration weights of api/search/relevance.ts on the tuning
// half of eval/search-questions.json (and, for calibration, the assistant's out-of-scope tuning
// questions) and reports both halves, in process (the figures to trust are eval:search's,
// over HTTP). Also tries a few settings of query expansion, candidates and results per page.
import fs from 'node:fs';
import { DEFAULT_RANKING, UNCALIBRATED_FEATURES, type RankingOptions, type RelevanceModel } from '../api/search/relevance.ts';
import { routeOfResultPath } from '../api/search/search-docs.ts';
import { buildSiteIndex } from '../api/search/index-builder.ts';
import { withDeployedCorpus } from './corpus-runtime.ts';
import { fitPointwise, fitRanking, type Example } from './fit-weights.ts';
import { figures, firstAnswerRank, groupsOf, type Outcome, type Question } from './metrics.ts';

const { questions } = JSON.parse(fs.readFileSync(new URL('./search-questions.json', import.meta.url), 'utf8')) as { questions: Question[] };
// Questions the documentation does not cover (the assistant's tuning sets): their best hits are not answers either.
const unanswered = ['./assistant-questions.json', './assistant-questions-tune2.json']
  .flatMap(
    (file) =>
      (JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8')) as { outOfScope: { split: string; language: string; question: string }[] })
        .outOfScope,
  )
  .filter((q) => q.split === 'tune' || q.split === 'tune-2')
  .map((q) => ({ query: q.question, language: q.language, answers: [] as string[] }));
await withDeployedCorpus(async ({ runtime, deploymentId }) => {
  const index = await buildSiteIndex(runtime, runtime.embedder, deploymentId);
  const vectors = await runtime.embedder.embed(questions.map((q) => q.query));
  const unansweredVectors = await runtime.embedder.embed(unanswered.map((q) => q.query));
  const request = (q: { query: string; language: string }) => ({ query: q.query, pageSize: 10, language: q.language });

  type Asked = { query: string; language: string; answers: string[] };
  const candidatesOf = (asked: Asked[], queryVectors: Float32Array[], ranking: RankingOptions, mode: 'hybrid' | 'keyword') =>
    asked.flatMap((q, i) => {
      const found = index.candidates({ ...request(q), mode }, queryVectors[i], ranking);
      if (!found || (mode === 'hybrid' && !found.comparable)) return [];
      return [found.candidates.map(({ doc, features }): Example => ({ features, label: q.answers.includes(routeOfResultPath(found.pathOf(doc))) ? 1 : 0 }))];
    });
  // Page-level answers cannot tell a page's sections apart, so the preference the issue asks for (a
  // section whose heading is the query before pages that only mention it) is set, not learned.
  const fixed = { headingIsQuery: 2 };
  // The calibration model (relevance.ts) sees only features that mean the same across queries, and
  // learns from questions the documentation does not answer too.
  const fitter = (ranking: RankingOptions, mode: 'hybrid' | 'keyword'): RelevanceModel => {
    const isTune = (q: Question) => q.split === 'tune';
    const tuning = candidatesOf(
      questions.filter(isTune),
      vectors.filter((_, i) => isTune(questions[i]!)),
      ranking,
      mode,
    );
    return {
      ranking: process.env.FIT === 'pointwise' ? fitPointwise(tuning) : fitRanking(tuning, { fixed }),
      calibration: fitPointwise(tuning, { frozen: [...UNCALIBRATED_FEATURES], unanswered: candidatesOf(unanswered, unansweredVectors, ranking, mode) }),
    };
  };
  const fittedTo = (ranking: RankingOptions): RankingOptions => ({ ...ranking, hybrid: fitter(ranking, 'hybrid'), keyword: fitter(ranking, 'keyword') });
  const evaluate = (ranking: RankingOptions) =>
    questions.map((q, i): Outcome => {
      const paths = index.search(request(q), vectors[i], ranking).map((r) => r.chunk.path);
      return { question: q, mode: 'hybrid', paths, rank: firstAnswerRank(q, paths) };
    });
  const summary = (outcomes: Outcome[]) =>
    ['tune', 'held-out']
      .map((split) => {
        const inSplit = outcomes.filter((o) => o.question.split === split);
        const cell = (group: string) => {
          const f = figures(inSplit.filter((o) => groupsOf(o.question).includes(group)));
          return `${group.replace(/^en /, '')} ${f.mrr.toFixed(3)}`;
        };
        const all = figures(inSplit.filter((o) => o.question.language === 'en'));
        return `${split}: en ${all.mrr.toFixed(3)}/${all.recall5.toFixed(3)} | ${['en paraphrase', 'en identifier', 'en keyword', 'en error', 'fr+es', 'zh (all kinds)'].map(cell).join(' | ')}`;
      })
      .join('\n  ');

  const reach = (split: string, kind: string) => {
    const asked = questions
      .map((q, i) => [q, i] as const)
      .filter(([q]) => q.split === split && (kind === 'other' ? q.language !== 'en' : q.language === 'en' && q.kind === kind));
    const found = asked.filter(([q, i]) => {
      const got = index.candidates(request(q), vectors[i]);
      return got?.candidates.some(({ doc }) => q.answers.includes(routeOfResultPath(got.pathOf(doc))));
    });
    return `${kind} ${found.length}/${asked.length}`;
  };
  console.log(`answer among the candidates: ${['paraphrase', 'identifier', 'error', 'other'].map((kind) => reach('tune', kind)).join(', ')}`);
  console.log(`current weights:\n  ${summary(evaluate(DEFAULT_RANKING))}`);
  const settings: [string, Partial<RankingOptions>][] = [
    ['as is', {}],
    ['no expansion', { expansion: { ...DEFAULT_RANKING.expansion, weight: 0 } }],
    ['expansion 5 @0.5 x0.3', { expansion: { ...DEFAULT_RANKING.expansion, neighbours: 5, minSimilarity: 0.5, weight: 0.3 } }],
    ['expansion 5 @0.5 x0.1', { expansion: { ...DEFAULT_RANKING.expansion, neighbours: 5, minSimilarity: 0.5, weight: 0.1 } }],
    ['expansion 3 @0.65 x0.5', { expansion: { ...DEFAULT_RANKING.expansion, neighbours: 3, minSimilarity: 0.65, weight: 0.5 } }],
    ['no everyday words', { expansion: { ...DEFAULT_RANKING.expansion, everydayWeight: 0 } }],
    ['everyday words x0.3', { expansion: { ...DEFAULT_RANKING.expansion, everydayWeight: 0.3 } }],
    ['everyday words x1', { expansion: { ...DEFAULT_RANKING.expansion, everydayWeight: 1 } }],
    ['1 per page', { perPage: 1 }],
    ['repeats at 0.8', { repeatDiscount: 0.8 }],
    ['repeats at 0.3', { repeatDiscount: 0.3 }],
    ['100 candidates', { candidates: 100 }],
    ['40 candidates', { candidates: 40 }],
  ];
  const only = process.argv.slice(2);
  for (const [name, change] of settings.filter(([name]) => only.length === 0 || only.includes(name))) {
    const ranking = fittedTo({ ...DEFAULT_RANKING, ...change });
    console.log(`\n${name}:\n  ${summary(evaluate(ranking))}`);
    if (name === 'as is' || only.length > 0) console.log(`  hybrid: ${JSON.stringify(ranking.hybrid)}\n  keyword: ${JSON.stringify(ranking.keyword)}`);
  }
});
