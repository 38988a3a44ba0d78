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
