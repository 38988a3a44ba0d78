import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a client made of one request: the answer's status and parsed body, or the error it reported. */
export type ClientResult = { status: number; body: unknown } | { error: string };

export interface BodyRequest {
  url: string;
  headers: Record<string, string>;
  /** The JSON body's size in bytes: `{"query": "xxx…"}`. */
  bytes: number;
}

/** `{"query": "xxx…"}` of exactly `bytes` bytes. */
export const jsonBodyOf = (bytes: number) => `{"query":"${'x'.repeat(bytes - 12)}"}`;

/**
 * Node's fetch in a process of its own (as a user's script would be), POSTing the body `tries` times
 * one after the other (then bodies of `thenBytes`): on one connection kept alive between them, as
 * fetch does by itself.
 */
export async function fetchInOwnProcess(request: BodyRequest, tries: number, thenBytes: number[] = []): Promise<ClientResult[]> {
  const sizes = [...Array(tries).fill(request.bytes), ...thenBytes];
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', FETCH_CLIENT, '--', JSON.stringify({ ...request, sizes })], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as ClientResult[];
}

const FETCH_CLIENT = `
const { url, headers, sizes } = JSON.parse(process.argv[1]);
const results = [];
for (const bytes of sizes) {
  const body = '{"query":"' + 'x'.repeat(bytes - 12) + '"}';
  try {
    const response = await fetch(url, { method: 'POST', headers, body });
    results.push({ status: response.status, body: JSON.parse(await response.text()) });
  } catch (error) {
    results.push({ error: error.message + (error.cause ? ': ' + error.cause.message : '') });
  }
}
console.log(JSON.stringify(results));
`;

/**
 * A client over a socket of its own, in a process of its own, that asks for the connection to close
 * after the answer (`Connection: close`) and sends its body in chunks as the connection takes them,
 * until an answer comes (as curl does): `tries` times, each on a new connection.
 */
export async function closingClientInOwnProcess(request: BodyRequest, tries: number): Promise<ClientResult[]> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CLOSING_CLIENT, '--', JSON.stringify({ ...request, tries })]);
  return JSON.parse(stdout) as ClientResult[];
}

const CLOSING_CLIENT = `
import net from 'node:net';
const { url, headers, bytes, tries } = JSON.parse(process.argv[1]);
const { hostname, port, pathname } = new URL(url);
const body = Buffer.from('{"query":"' + 'x'.repeat(bytes - 12) + '"}');
const head = 'POST ' + pathname + ' HTTP/1.1\\r\\nHost: ' + hostname + '\\r\\nConnection: close\\r\\nTransfer-Encoding: chunked\\r\\n' +
  Object.entries(headers).map(([name, value]) => name + ': ' + value + '\\r\\n').join('') + '\\r\\n';
const dechunk = (text) => { let out = ''; for (let at = 0; ; ) { const end = text.indexOf('\\r\\n', at); const size = parseInt(text.slice(at, end), 16); if (!(size > 0)) return out; out += text.slice(end + 2, end + 2 + size); at = end + 4 + size; } };
const results = [];
for (let i = 0; i < tries; i++) {
  results.push(await new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    let failure = 'no answer';
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('error', (error) => (failure = error.code ?? error.message));
    socket.on('close', () => {
      const split = answer.indexOf('\\r\\n\\r\\n');
      if (split < 0) return resolve({ error: failure });
      const text = /transfer-encoding: chunked/i.test(answer.slice(0, split)) ? dechunk(answer.slice(split + 4)) : answer.slice(split + 4);
      resolve({ status: Number(answer.slice(9, 12)), body: JSON.parse(Buffer.from(text, 'latin1').toString('utf8')) });
    });
    socket.on('connect', async () => {
      socket.write(head);
      for (let at = 0; at < body.length && answer === '' && !socket.destroyed; at += 65536) {
        const chunk = body.subarray(at, at + 65536);
        const more = socket.write(Buffer.concat([Buffer.from(chunk.length.toString(16) + '\\r\\n'), chunk, Buffer.from('\\r\\n')]));
        if (!more) await new Promise((next) => (socket.once('drain', next), socket.once('close', next)));
      }
    });
  }));
}
console.log(JSON.stringify(results));
`;

/** curl POSTing the body `tries` times in one run (`--next`), each on a connection of its own or on the one before. */
export async function curl(request: BodyRequest, tries: number): Promise<ClientResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-curl-'));
  try {
    const file = path.join(dir, 'body.json');
    fs.writeFileSync(file, jsonBodyOf(request.bytes));
    const one = ['-sS', '-X', 'POST', ...Object.entries(request.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])];
    const args = Array.from({ length: tries }, (_, i) => [
      ...(i > 0 ? ['--next'] : []),
      ...one,
      '--data-binary',
      `@${file}`,
      '-w',
      '\\n%{http_code}\\n',
      request.url,
    ]);
    const { stdout, stderr } = await run('curl', args.flat(), { maxBuffer: 64 * 1024 * 1024 }).catch((error) => error as { stdout: string; stderr: string });
    const results: ClientResult[] = [];
    const lines = stdout.split('\n');
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const status = Number(lines[i + 1]);
      results.push(status > 0 ? { status, body: JSON.parse(lines[i]!) } : { error: stderr.trim() || 'no answer' });
    }
    return results;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
