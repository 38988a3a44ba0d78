// npx tsx eval/explain-answer.ts [--all-blocks] [--language=fr] [--after="earlier question"] "question" ...: why the
// offline model answers a question as it does (a follow-up with --after, searched with the earlier question's subject), on the mintlify-docs corpus: the question's weighted terms, each search result with the
// search's score and the model's support, relevance and order score (then the other sections of the results'
// pages that hold any of the question's words, which the model reads too), the blocks that match the question
// (every block with --all-blocks), then the answer, the names it would look up, or not-found (markNotFound).
import { answerQuestion, chunksRead, CONTEXT_WEIGHT } from '../api/assistant/offline/answer-question.ts';
import type { EarlierMessage, RetrievedChunk } from '../api/assistant/offline/prompt-turn.ts';
import { conversationTopic, isFollowUp, searchQuery } from '../api/assistant/offline/search-query.ts';
import { questionTerms } from '../api/assistant/offline/relevance.ts';
import { density, scoreChunks } from '../api/assistant/offline/score-chunks.ts';
import { sitePages } from '../api/assistant/site-pages.ts';
import { loadAnalyzer } from '../api/search/analyzer.ts';
import { searchDocs } from '../api/search/search-docs.ts';
import { withDeployedCorpus } from './corpus-runtime.ts';

const allBlocks = process.argv.includes('--all-blocks');
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const language = option('language') ?? 'en';
const after = option('after');
const questions = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const fixed = (value: number) => value.toFixed(2);

await withDeployedCorpus(async ({ runtime, project, deploymentId }) => {
  const site = { id: project.projectId, liveDeploymentId: deploymentId };
  const analyzer = await loadAnalyzer(language);
  const readPage = sitePages(runtime, site, { language });
  const retrieve = async (query: string): Promise<RetrievedChunk[]> =>
    (await searchDocs(runtime, site, { query, pageSize: 5, language })).map(({ content, path, metadata }) => ({ content, path, ...metadata }));
  // The earlier answer, as the assistant gave it: a follow-up's answer does not say it again.
  const answerOf = async (question: string, earlier: EarlierMessage[]) => {
    const decision = await answerQuestion({ question, earlier, retrieved: await retrieve(searchQuery(question, earlier)), isNotFound: false }, readPage);
    return decision.type === 'answer' ? decision.text : '';
  };
  for (const text of questions) {
    const earlier: EarlierMessage[] = after
      ? [
          { role: 'user', text: after },
          { role: 'assistant', text: await answerOf(after, []) },
        ]
      : [];
    const retrieved = await retrieve(searchQuery(text, earlier));
    const question = questionTerms(analyzer, text);
    if (isFollowUp(text, earlier)) questionTerms(analyzer, conversationTopic(earlier), CONTEXT_WEIGHT, question);
    console.log(`\n### ${text}\nterms: ${[...question].map(([term, weight]) => `${term} ${fixed(weight)}`).join(', ')}`);
    for (const chunk of scoreChunks(analyzer, question, ...(await chunksRead(retrieved, question, readPage)))) {
      // The pages' other sections the model reads; those it finds nothing of the question in are left out.
      if (chunk.rank >= retrieved.length && chunk.relevance === 0) continue;
      console.log(
        `${chunk.rank + 1}. ${chunk.rank >= retrieved.length ? '(unshown) ' : ''}${chunk.chunk.path} search ${fixed(chunk.chunk.score)} support ${fixed(chunk.support)} relevance ${fixed(chunk.relevance)} order ${fixed(chunk.score)}`,
      );
      for (const block of chunk.blocks.filter((block) => allBlocks || block.cover > 0)) {
        console.log(`   ${block.position} ${block.kind} ${fixed(density(block))} ${block.text.replace(/\n/g, ' / ').slice(0, 140)}`);
      }
    }
    const decision = await answerQuestion({ question: text, earlier, retrieved, isNotFound: false }, readPage);
    console.log(`--- ${decision.type}:\n${decision.type === 'answer' ? decision.text : decision.type === 'look-up' ? decision.query : ''}`);
  }
});
