import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { createProject } from '../api/projects/create-project.ts';
import type { Runtime } from '../api/runtime.ts';
import { deployNow } from './corpus.ts';
import { UNLIMITED } from './limits.ts';
import { replicatedRepository } from './search.ts';
import { medianAndP95, percentile } from './support.ts';
import { startWeb } from './web-process.ts';

const CLIENT = fileURLToPath(new URL('./assistant-client.ts', import.meta.url));
type Conversation = { role: 'user' | 'assistant'; content: string }[];

const SHORT: Conversation[] = (
  JSON.parse(fs.readFileSync(new URL('../eval/search-questions.json', import.meta.url), 'utf8')) as { questions: { language: string; query: string }[] }
).questions
  .filter((question) => question.language === 'en')
  .map((question) => [{ role: 'user', content: question.query }]);

const WRITTEN = JSON.parse(fs.readFileSync(new URL('./long-questions.json', import.meta.url), 'utf8')) as {
  long: string[];
  followUps: { history: [string, string]; question: string }[];
};
/** Questions as visitors write them: several sentences, and follow-ups that lean on the turn before. */
const LONG: Conversation[] = [
  ...WRITTEN.long.map((question): Conversation => [{ role: 'user', content: question }]),
  ...WRITTEN.followUps.map(
    ({ history: [asked, answered], question }): Conversation => [
      { role: 'user', content: asked },
      { role: 'assistant', content: answered },
      { role: 'user', content: question },
    ],
  ),
];

/** Answers to other questions first: a new server's first answers pay for compiling its code paths. */
const WARM_UP = 10;

/** The model server's fixed delay per call, for the OpenAI-compatible path. */
const MODEL_DELAY_MS = 50;

interface Timing {
  firstByteMs: number;
  firstTextMs: number;
  firstToolCallMs: number;
  firstCallModelMs: number;
  modelMs: number;
  beforeModelMs: number;
  betweenCallsMs: number;
  relayMs: number;
}

/**
 * The assistant over HTTP on a 10k-chunk site, measured by a client in another process: with the
 * offline model, the time to the first byte and to the first text part; with a local OpenAI-compatible
 * server that answers after a fixed delay, the time Folio adds before the model's first token reaches the
 * client: its first output is the `search` call (a `9:` part), its first text comes after the search ran
 * (the first text part's time less the time spent inside the model server).
 */
export async function benchAssistant(runtime: Runtime, options: { rounds?: number; against?: string } = {}) {
  const rounds = options.rounds ?? 2;
  const repo = replicatedRepository(5);
  const project = await createProject(runtime.database.prisma, { name: 'Bench', subdomain: `bench-assistant-${Date.now()}`, repo });
  const { deploymentId } = await deployNow(runtime, project.projectId);
  fs.rmSync(repo, { recursive: true, force: true });
  const index = await runtime.searchIndexes.forProject({ id: project.projectId, liveDeploymentId: deploymentId });
  const chunks = index?.chunkCount ?? 0;

  const sets = [
    { name: 'short questions (eval/search-questions.json, English)', conversations: SHORT, rounds },
    { name: 'long questions and follow-ups (bench/long-questions.json)', conversations: LONG, rounds: rounds * 2 },
  ];
  const tables: string[] = [];
  for (const set of sets) {
    if (options.against) {
      tables.push(await sideBySide(runtime, project, set, options.against, chunks));
      continue;
    }
    const offline = await measure(runtime, project, set.conversations, set.rounds, false);
    const model = await measure(runtime, project, set.conversations, set.rounds, true);
    tables.push(timingTable(`${set.name}, ${chunks.toLocaleString('en-US')} chunks, ${offline.length} answers each`, offline, model));
  }
  return { table: tables.join('\n\n') };
}

/** Times of both versions, measured in turns (this one, the other, three times) and pooled, so that both see the same machine. */
const TURNS = 3;

/** This checkout against another (`against`, a folder holding another version of Folio), in the same run. */
async function sideBySide(
  runtime: Runtime,
  project: { subdomain: string; assistantKey: string },
  set: { name: string; conversations: Conversation[]; rounds: number },
  against: string,
  chunks: number,
): Promise<string> {
  const versions = [undefined, against].map((checkout) => ({ checkout, offline: [] as Timing[], model: [] as Timing[] }));
  for (let turn = 0; turn < TURNS; turn++) {
    for (const version of versions) {
      version.offline.push(...(await measure(runtime, project, set.conversations, set.rounds, false, version.checkout)));
      version.model.push(...(await measure(runtime, project, set.conversations, set.rounds, true, version.checkout)));
    }
  }
  const [here, there] = versions as [(typeof versions)[0], (typeof versions)[0]];
  const row = (name: string, of: (version: typeof here) => number[]) => {
    const [a, b] = [of(here), of(there)].map((values) => [...values].sort((x, y) => x - y));
    const ratio = percentile(a!, 0.95) / percentile(b!, 0.95);
    return `| ${name} | ${medianAndP95(a!)} | ${medianAndP95(b!)} | ${ratio.toFixed(2)} |`;
  };
  return [
    `| Assistant over HTTP: ${set.name}, ${chunks.toLocaleString('en-US')} chunks, ${here.model.length} answers each, this version against ${against} | this p50 ms | this p95 ms | other p50 ms | other p95 ms | p95 this / other |`,
    '|---|---|---|---|---|---|',
    row('offline model: first text part', (version) => version.offline.filter((timing) => timing.firstTextMs > 0).map((timing) => timing.firstTextMs)),
    row("time Folio adds before the model's first output (the search call) reaches the client", (version) =>
      version.model.map((timing) => timing.firstToolCallMs - timing.firstCallModelMs),
    ),
    row("**time Folio adds before the answer's first text reaches the client**", (version) =>
      version.model.map((timing) => timing.firstTextMs - timing.modelMs),
    ),
    row("of which: between the model's calls (running the search tool)", (version) => version.model.map((timing) => timing.betweenCallsMs)),
    row("of which: relaying the model's first token to the client", (version) => version.model.map((timing) => timing.relayMs)),
  ].join('\n');
}

function timingTable(title: string, offline: Timing[], model: Timing[]): string {
  const added = model.map((timing) => timing.firstTextMs - timing.modelMs);
  const withText = offline.filter((timing) => timing.firstTextMs > 0);
  const addedToFirstOutput = model.map((timing) => timing.firstToolCallMs - timing.firstCallModelMs);
  return [
    `| Assistant over HTTP: ${title} | p50 ms | p95 ms |`,
    '|---|---|---|',
    `| offline model: first byte | ${medianAndP95(offline.map((timing) => timing.firstByteMs))} |`,
    `| offline model: first text part (goal ≤ 50 at p95; ${withText.length} answers had text) | ${medianAndP95(withText.map((timing) => timing.firstTextMs))} |`,
    `| OpenAI-compatible server (${MODEL_DELAY_MS} ms per call, 2 calls): first text part | ${medianAndP95(model.map((timing) => timing.firstTextMs))} |`,
    `| of which inside the model server | ${medianAndP95(model.map((timing) => timing.modelMs))} |`,
    `| **time Folio adds before the model's first token reaches the client**: its first output, the search call (goal ≤ 20 at p95) | ${medianAndP95(addedToFirstOutput)} |`,
    `| **time Folio adds before the answer's first text reaches the client** (includes running the search) | ${medianAndP95(added)} |`,
    `| of which: request to the first model call (key, site, thread, prompt) | ${medianAndP95(model.map((timing) => timing.beforeModelMs))} |`,
    `| of which: between the model's calls (running the search tool) | ${medianAndP95(model.map((timing) => timing.betweenCallsMs))} |`,
    `| of which: relaying the model's first token to the client | ${medianAndP95(model.map((timing) => timing.relayMs))} |`,
  ].join('\n');
}

async function measure(
  runtime: Runtime,
  project: { subdomain: string; assistantKey: string },
  conversations: Conversation[],
  rounds: number,
  withModel: boolean,
  checkout?: string,
): Promise<Timing[]> {
  const client = spawn(process.execPath, ['--import', 'tsx', CLIENT, String(MODEL_DELAY_MS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: client.stdout! })[Symbol.asyncIterator]();
  const { baseURL } = JSON.parse((await lines.next()).value as string) as { baseURL: string };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-assistant-'));
  const model: Record<string, string> = withModel ? { ANSWER_BASE_URL: baseURL, ANSWER_API_KEY: 'bench', ANSWER_MODEL: 'bench' } : {};
  const env = { DATABASE_URL: runtime.database.url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', PATH: process.env.PATH ?? '', ...UNLIMITED, ...model };
  const server = await startWeb(env, checkout);
  try {
    client.stdin!.end(
      `${JSON.stringify({ url: `${server.url}/v1/assistant/${project.subdomain}/message`, key: project.assistantKey, warmUp: SHORT.slice(0, WARM_UP), conversations, rounds })}\n`,
    );
    const result = await lines.next();
    if (result.done) throw new Error('the assistant benchmark client ended without results');
    return JSON.parse(result.value as string) as Timing[];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    client.kill();
  }
}
