import { createApp } from '../api/app.ts';
import { loadConfig } from '../api/config.ts';
import { listen } from '../api/http/server.ts';
import { createLogger } from '../api/logger.ts';
import { createProject } from '../api/projects/create-project.ts';
import { openRuntime, type Runtime } from '../api/runtime.ts';
import { startChatServer, type ChatRequest } from '../test/support/openai-chat-server.ts';
import { call, scriptedAgent, type AgentScript } from '../test/support/scripted-agent.ts';
import { corpusRepository, deployNow } from './corpus.ts';
import { medianAndP95 } from './support.ts';

const lineText = (numbered: string) => numbered.replace(/^\s*\d+ {2}/, '');

/** A job of 12 steps over the corpus: plan, search, read, edit, validate, finish. */
const SCRIPT: AgentScript = [
  () => ({ toolCalls: [call('updateTodos', { todos: [{ id: '1', content: 'Document --port', status: 'in_progress', priority: 'high' }] })] }),
  () => ({ toolCalls: [call('searchPages', { query: 'preview docs locally on another port' })] }),
  () => ({ toolCalls: [call('readPage', { path: 'quickstart.mdx' })] }),
  () => ({ toolCalls: [call('readPage', { path: 'installation.mdx' })] }),
  () => ({ toolCalls: [call('readPage', { path: 'docs.json' })] }),
  ({ step }) => ({
    toolCalls: [
      call('createPage', {
        path: `guides/port-${step}.mdx`,
        content: '---\ntitle: Ports\ndescription: Preview on another port.\n---\n\nRun `mint dev --port 3333`.\n',
      }),
    ],
  }),
  ({ step }) => ({ toolCalls: [call('updateNavigation', { action: 'add', page: `guides/port-${step - 1}`, group: 'Guides' })] }),
  () => ({ toolCalls: [call('readPage', { path: 'quickstart.mdx' })] }),
  ({ results }) => {
    const heading = (results[0]!.output.content as string)
      .split('\n')
      .map(lineText)
      .find((line) => line.startsWith('## '))!;
    return { toolCalls: [call('editPage', { path: 'quickstart.mdx', oldString: heading, newString: `${heading}\n\nSee also the ports guide.` })] };
  },
  () => ({ toolCalls: [call('validateProject')] }),
  () => ({ toolCalls: [call('updateTodos', { todos: [{ id: '1', content: 'Document --port', status: 'completed', priority: 'high' }] })] }),
  () => ({ toolCalls: [call('finish', { title: 'Document --port', summary: 'Added a ports guide.' })] }),
];

/**
 * Agent jobs with a scripted local model (answers at once) on the corpus: the time Folio adds per step
 * (from the model's answer to Folio's next request: running the tools, storing and streaming the events),
 * and the time from the create request to the first byte of its stream.
 */
export async function benchAgent(runtime: Runtime, jobs = 5) {
  const chat = await startChatServer(scriptedAgent({ bench: SCRIPT }));
  const config = {
    ...loadConfig({
      DATABASE_URL: runtime.database.url,
      DATA_DIR: runtime.config.dataDir,
      ANSWER_BASE_URL: chat.baseURL,
      ANSWER_API_KEY: 'bench',
      ANSWER_MODEL: 'bench',
      LOG_LEVEL: 'warn',
    }),
    rateLimits: runtime.config.rateLimits,
  };
  const worker = await openRuntime(config, createLogger('warn'), {
    isWorker: true,
    server: { url: runtime.database.url, description: 'bench', release: async () => undefined },
  });
  const server = await listen(createApp({ ...runtime, config }), '127.0.0.1', 0);
  const repo = corpusRepository();
  const firstBytes: number[] = [];
  const perStep: number[] = [];
  try {
    const project = await createProject(runtime.database.prisma, { name: 'Bench', subdomain: `bench-agent-${Date.now()}`, repo: repo.dir });
    await deployNow(runtime, project.projectId);
    for (let job = 0; job < jobs; job++) {
      const before = chat.requests.length;
      const started = performance.now();
      const response = await fetch(`${server.url}/v1/agent/${project.projectId}/job`, {
        method: 'POST',
        headers: { authorization: `Bearer ${project.adminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ branch: `bench/job-${job}`, messages: [{ role: 'user', content: '[bench] Document the --port flag.' }] }),
      });
      const reader = response.body!.getReader();
      await reader.read();
      firstBytes.push(performance.now() - started);
      while (!(await reader.read()).done);
      const calls: ChatRequest[] = chat.requests.slice(before);
      for (let i = 1; i < calls.length; i++) perStep.push(calls[i]!.receivedAt - calls[i - 1]!.endedAt!);
    }
  } finally {
    await server.close();
    await worker.close();
    await chat.close();
    repo.remove();
  }
  return {
    table: [
      `| Agent jobs on the corpus, scripted model (${jobs} jobs of ${SCRIPT.length} steps) | p50 ms | p95 ms |`,
      '|---|---|---|',
      `| create request to the first byte of its stream | ${medianAndP95(firstBytes)} |`,
      `| time Folio adds per step: tools, stored events, streaming (${perStep.length} steps) | ${medianAndP95(perStep)} |`,
    ].join('\n'),
  };
}
