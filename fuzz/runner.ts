import { problemsOf } from './checks.ts';
import { sendWithFetch } from './fetch-client.ts';
import { sendRaw } from '../test/support/raw-http.ts';
import type { Finding, FuzzCase, Reply, RequestSpec } from './types.ts';

export interface RunOptions {
  url: string;
  port: number;
  concurrency: number;
  timeoutMs: number;
  /** Why the server is gone, if it is. */
  serverExit: () => string | undefined;
  progress: (line: string) => void;
}

/** One request as sent, for the trace and for tying the server's log lines to requests. */
export interface Sent {
  order: number;
  route: string;
  label: string;
  method: string;
  target: string;
  /** Wall-clock milliseconds, like the log's timestamps. */
  startedAt: number;
  endedAt: number;
  status: number;
  problems: string[];
}

export interface RunResult {
  findings: Finding[];
  timeline: Sent[];
  sentPerRoute: Map<string, number>;
  sent: number;
  /** Cases the client could not send (undici refused the request before connecting). */
  unsendable: number;
  /** The server died: the run stopped there. */
  crash?: string;
}

const RECENT = 8;

/** One request, over a socket of its own or with fetch, as the request says. */
export function sendRequest(request: RequestSpec, options: Pick<RunOptions, 'url' | 'port' | 'timeoutMs'>): Promise<Reply> {
  return request.via === 'raw' ? sendRaw(options.port, request, options.timeoutMs) : sendWithFetch(options.url, request, options.timeoutMs);
}

/** Sends every case (and its follow-ups), `concurrency` at a time, and checks every answer. */
export async function runCases(cases: FuzzCase[], options: RunOptions): Promise<RunResult> {
  const result: RunResult = { findings: [], timeline: [], sentPerRoute: new Map(), sent: 0, unsendable: 0 };
  const recent: { fuzzCase: FuzzCase; order: number }[] = [];
  let next = 0;
  let lastProgress = Date.now();

  const send = (request: RequestSpec) => sendRequest(request, options);

  const runOne = async (fuzzCase: FuzzCase, order: number): Promise<void> => {
    recent.push({ fuzzCase, order });
    if (recent.length > RECENT) recent.shift();
    const startedAt = Date.now();
    const reply = await send(fuzzCase.request);
    if (reply.isUnsendable) {
      result.unsendable++;
      return;
    }
    result.sent++;
    result.sentPerRoute.set(fuzzCase.route, (result.sentPerRoute.get(fuzzCase.route) ?? 0) + 1);
    // Once the server is gone, unanswered requests say only that: the crash is the finding.
    const problems = options.serverExit() ? [] : problemsOf(fuzzCase, reply);
    for (const problem of problems) {
      result.findings.push({ ...problem, route: fuzzCase.route, label: fuzzCase.label, request: fuzzCase.request, reply, order });
    }
    const { route, label, request } = fuzzCase;
    result.timeline.push({
      order,
      route,
      label,
      method: request.method,
      target: request.target.slice(0, 300),
      startedAt,
      endedAt: Date.now(),
      status: reply.status,
      problems: problems.map((p) => p.kind),
    });
    const followUp = options.serverExit() ? undefined : fuzzCase.followUp?.(reply);
    if (followUp) await runOne(followUp, order + 0.5);
  };

  const worker = async () => {
    while (next < cases.length && !result.crash) {
      const order = next++;
      await runOne(cases[order]!, order);
      const exit = options.serverExit();
      if (exit && !result.crash) {
        result.crash = exit;
        const last = recent.at(-1)!;
        result.findings.push({
          kind: 'crash',
          route: last.fuzzCase.route,
          summary: `the server ${exit}`,
          label: `among the last requests: ${recent.map(({ fuzzCase }) => `${fuzzCase.route} ${fuzzCase.label}`).join(' | ')}`,
          request: last.fuzzCase.request,
          order: last.order,
        });
      }
      if (Date.now() - lastProgress > 10_000) {
        lastProgress = Date.now();
        options.progress(`${next} of ${cases.length} cases, ${result.findings.length} findings`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return result;
}
