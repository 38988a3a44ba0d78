import { answerQuestion } from '../api/assistant/offline/answer-question.ts';
import type { RetrievedChunk } from '../api/assistant/offline/prompt-turn.ts';
import { sitePages } from '../api/assistant/site-pages.ts';
import { searchDocs } from '../api/search/search-docs.ts';
import { withDeployedCorpus } from './corpus-runtime.ts';
const questions = process.argv.slice(2);
await withDeployedCorpus(async ({ runtime, project, deploymentId }) => {
  const site = { id: project.projectId, liveDeploymentId: deploymentId };
  for (const text of questions) {
    const results = await searchDocs(runtime, site, { query: text, pageSize: 5, language: 'en' });
    const retrieved: RetrievedChunk[] = results.map(({ content, path, metadata }) => ({ content, path, ...metadata }));
    const d = await answerQuestion({ question: text, earlier: [], retrieved, isNotFound: false }, sitePages(runtime, site, { language: 'en' }));
    const cites = d.type === 'answer' ? [...d.text.matchAll(/Source: \[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]).join(' ') : d.type;
    const first = d.type === 'answer' ? d.text.split('\n')[0]!.slice(0, 110) : '';
    console.log(`${text}\n   -> ${cites}\n   ${first}`);
  }
});
