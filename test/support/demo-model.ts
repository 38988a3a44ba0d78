// npm run demo-model: a scripted, OpenAI-compatible answer model on 127.0.0.1:4010 (DEMO_MODEL_PORT), for
// trying agent jobs and the gap-fixing loop without a real model (README's tour, docs/previews.md). It is the
// local chat server the tests run, with a script that plays both parts crudely:
// - the assistant searches with the question, and answers from the first result that holds half of the
//   question's longer words (linking it), or marks the question not found;
// - the agent, given a content gap's questions, drafts a page with a section per question, adds it to the
//   navigation, validates the project and finishes.
// It writes no real answers: its drafts say so. Point Folio at it with the variables it prints. It stops on
// SIGINT, SIGTERM and SIGHUP, and when the npm script that started it goes away.
import { watchForStop } from '../../api/cli/stop-request.ts';
import { createLogger } from '../../api/logger.ts';
import { startChatServer, type ChatRequest, type ScriptedReply } from './openai-chat-server.ts';
import { type AgentTurn, call, scriptedAgent } from './scripted-agent.ts';

const port = Number(process.env.DEMO_MODEL_PORT ?? 4010);

/** Words of six letters or more: enough to tell what a question is about, for a demo. */
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/\p{L}{6,}/gu) ?? []);

function assistant(request: ChatRequest): ScriptedReply {
  const messages = request.body.messages;
  const question = String([...messages].reverse().find((message) => message.role === 'user')?.content ?? '');
  const last = messages.at(-1)!;
  if (last.role !== 'tool') return { toolCalls: [call('search', { query: question.slice(0, 200) })] };
  const output = JSON.parse(String(last.content)) as { path: string; content: string; metadata?: { title?: string } }[] | { acknowledged: true };
  if (!Array.isArray(output)) return { text: 'The documentation does not cover this yet.' };
  const asked = wordsOf(question);
  const covers = (content: string) => {
    const found = wordsOf(content);
    return asked.size > 0 && [...asked].filter((word) => found.has(word)).length * 2 >= asked.size;
  };
  const match = output.find((result) => covers(result.content));
  if (!match) return { toolCalls: [call('markNotFound')] };
  const sentence = match.content
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s/)[0]!
    .slice(0, 300);
  return { text: `${sentence} ([${match.metadata?.title ?? 'Source'}](${match.path}))`, chunkSize: 12 };
}

/**
 * The agent, one step at a time from what its last tools answered: draft the page and list it in the
 * navigation; where updateNavigation refuses, read docs.json and insert the page after the first entry
 * of its first list of pages; then validate, and finish.
 */
function agentStep(turn: AgentTurn): ScriptedReply {
  const questions = turn.instruction
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2).trim());
  if (questions.length === 0) return { toolCalls: [call('finish', { title: 'Nothing to do', summary: 'The demo model only drafts pages for content gaps.' })] };
  const title = /content gap Folio found, "([^"]+)"/.exec(turn.instruction)?.[1] ?? questions[0]!;
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'answers';
  const page = `answers/${slug}`;
  const result = (name: string) => turn.results.find((each) => each.toolName === name)?.output;
  if (turn.step === 0) {
    const sections = questions.map(
      (question) =>
        `## ${question}\n\nDrafted by Folio's demo model from this reader question (${question}); a writer replaces this paragraph with the answer.`,
    );
    const content = `---\ntitle: "${title.replace(/"/g, "'")}"\ndescription: Answers to questions readers asked.\n---\n\n${sections.join('\n\n')}\n`;
    return { toolCalls: [call('createPage', { path: `${page}.mdx`, content }), call('updateNavigation', { action: 'add', page, group: 'Answers' })] };
  }
  if (result('updateNavigation')?.error) return { toolCalls: [call('readPage', { path: 'docs.json' })] };
  const docsJson = result('readPage');
  if (docsJson?.content) {
    const lines = String(docsJson.content)
      .split('\n')
      .map((line) => line.replace(/^\s*\d+ {2}/, ''));
    const at = lines.findIndex((line) => /"pages":\s*\[\s*$/.test(line));
    if (at >= 0 && lines[at + 1]) {
      const indent = /^\s*/.exec(lines[at + 1]!)![0];
      const oldString = `${lines[at]}\n${lines[at + 1]}`;
      return { toolCalls: [call('editPage', { path: 'docs.json', oldString, newString: `${lines[at]}\n${indent}"${page}",\n${lines[at + 1]}` })] };
    }
  }
  if (!result('validateProject')) return { toolCalls: [call('validateProject')] };
  return {
    toolCalls: [
      call('finish', {
        title: `Answer readers' questions: ${title}`,
        summary: `Drafted ${page}.mdx with a section for each of the gap's ${questions.length} questions.`,
      }),
    ],
  };
}

const agent = scriptedAgent({ '': [agentStep] });

const server = await startChatServer((request) => {
  try {
    return request.body.tools?.some((tool) => tool.function.name === 'markNotFound') ? assistant(request) : agent(request);
  } catch (error) {
    return { text: `The demo model could not follow this request (${(error as Error).message}).` };
  }
}, port);
// Left running, it would keep port 4010 and go on answering for a Folio started with its variables.
const stop = watchForStop(createLogger('info'), {
  watchParent: process.env.npm_lifecycle_event !== undefined,
  signals: ['SIGINT', 'SIGTERM', 'SIGHUP'],
});
console.log(`Demo model at ${server.baseURL}. Start Folio with it (Ctrl+C first if it is running):

  OPENAI_BASE_URL=${server.baseURL} OPENAI_API_KEY=demo ANSWER_MODEL=demo EMBEDDING_MODEL=offline npm start

To go back to the offline model, stop Folio and this demo model (Ctrl+C), then start Folio with plain npm start.
`);
await stop.requested;
await server.close();
stop.dispose();
