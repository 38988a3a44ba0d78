// The assistant benchmark's client, run as its own process so it shares nothing with the server:
// `tsx bench/assistant-client.ts MODEL_DELAY_MS` starts a local OpenAI-compatible model server that
// answers after MODEL_DELAY_MS (search first, then a text), prints `{"baseURL"}`, then reads one line
// `{"url", "key", "warmUp", "conversations", "rounds"}` (each conversation the messages of one request:
// earlier turns, then the question), asks the warm-up ones unmeasured, then each of the others in turn. It prints, per answer, the time
// to the first byte and to the first text part, and the time spent inside the model server for the
// first text part to exist, and the time to the model's first output (its search call) as the client sees
// it (all clocks are this process's).
import readline from 'node:readline';
import { startChatServer } from '../test/support/openai-chat-server.ts';

const delayMs = Number(process.argv[2] ?? 0);
const chat = await startChatServer((request) => {
  const last = request.body.messages.at(-1)!;
  if (last.role === 'user') return { toolCalls: [{ name: 'search', arguments: { query: String(last.content).slice(0, 100) } }], delayMs };
  const [first] = JSON.parse(String(last.content)) as { path: string; metadata: { title: string } }[];
  return { text: `The answer is on [${first?.metadata.title ?? 'this page'}](${first?.path ?? '/'}): follow its steps.`, delayMs };
});
console.log(JSON.stringify({ baseURL: chat.baseURL }));

const input = readline.createInterface({ input: process.stdin });
const { url, key, warmUp, conversations, rounds } = JSON.parse(await new Promise<string>((resolve) => input.once('line', resolve))) as {
  url: string;
  key: string;
  warmUp: { role: 'user' | 'assistant'; content: string }[][];
  conversations: { role: 'user' | 'assistant'; content: string }[][];
  rounds: number;
};
input.close();

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

async function ask(messages: unknown): Promise<Timing> {
  const before = chat.requests.length;
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fp: 'bench', messages }),
  });
  if (response.status !== 200) throw new Error(`the assistant answered ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let firstByteMs = 0;
  let firstTextMs = 0;
  let firstToolCallMs = 0;
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    firstByteMs ||= performance.now() - started;
    text += decoder.decode(value, { stream: true });
    if (!firstTextMs && /(^|\n)0:/.test(text)) firstTextMs = performance.now() - started;
    if (!firstToolCallMs && /(^|\n)9:/.test(text)) firstToolCallMs = performance.now() - started;
  }
  // Inside the model server before the first text existed: the whole search call, and the answer call up to its first byte.
  const calls = chat.requests.slice(before);
  const modelMs = calls.reduce((sum, call, index) => sum + ((index === calls.length - 1 ? call.firstTokenAt : call.endedAt) ?? 0) - call.receivedAt, 0);
  // Where Folio's own time goes: before the first model call, between the calls (running the search), relaying the first token.
  const [search, answer] = calls;
  return {
    firstByteMs,
    firstTextMs,
    firstToolCallMs,
    // Inside the model server before its first output existed.
    firstCallModelMs: search ? search.firstTokenAt! - search.receivedAt : 0,
    modelMs: calls.length > 0 ? modelMs : 0,
    beforeModelMs: search ? search.receivedAt - started : 0,
    betweenCallsMs: search && answer ? answer.receivedAt - search.endedAt! : 0,
    relayMs: answer ? started + firstTextMs - answer.firstTokenAt! : 0,
  };
}

for (const messages of warmUp) await ask(messages);
const results: Timing[] = [];
for (let round = 0; round < rounds; round++) {
  for (const messages of conversations) results.push(await ask(messages));
}
await chat.close();
console.log(JSON.stringify(results));
