// A load generator run as its own process, so it does not share the server's event loop:
// `tsx bench/load-client.ts URL DURATION_MS CONCURRENCY HEADER_JSON [BODIES_FILE]` prints
// {count, errors, p50, p95, p99}. With BODIES_FILE (a JSON array), it POSTs those bodies in turn.
import fs from 'node:fs';
import http from 'node:http';

const [url, durationMs, concurrency, headersJson, bodiesFile] = process.argv.slice(2);
const headers = JSON.parse(headersJson ?? '{}') as Record<string, string>;
const bodies = bodiesFile ? (JSON.parse(fs.readFileSync(bodiesFile, 'utf8')) as unknown[]).map((b) => JSON.stringify(b)) : undefined;
let next = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrency) });
const target = new URL(url!);
const latencies: number[] = [];
let errors = 0;
const deadline = Date.now() + Number(durationMs);

function once(): Promise<void> {
  return new Promise((resolve) => {
    const body = bodies?.[next++ % bodies.length];
    const started = process.hrtime.bigint();
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: body ? 'POST' : 'GET',
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        agent,
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) errors++;
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      },
    );
    request.on('error', () => {
      errors++;
      resolve();
    });
    request.end(body);
  });
}

async function worker() {
  while (Date.now() < deadline) await once();
}

await Promise.all(Array.from({ length: Number(concurrency) }, worker));
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
process.stdout.write(JSON.stringify({ count: latencies.length, errors, p50: at(0.5), p95: at(0.95), p99: at(0.99) }));
agent.destroy();
