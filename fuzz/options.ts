import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

export interface FuzzOptions {
  seed: string;
  /** Cases per route (each route's fixed cases are always sent, even past it). */
  count: number;
  /** At most this many cases per route, a seeded sample of all it would send: a short run (CI's). */
  most: number | undefined;
  concurrency: number;
  /** A request taking longer is a hang. */
  timeoutMs: number;
  /** Where the findings are written as JSON. */
  out: string;
  /** Every request and its status as JSON lines, when given. */
  trace: string | undefined;
  /** Only routes whose label contains this. */
  only: string | undefined;
  isHelp: boolean;
}

export const USAGE = `Usage: npm run fuzz -- [--seed S] [--count N] [--most N] [--concurrency C] [--timeout MS] [--out FILE] [--trace FILE] [--only TEXT]

Starts a Folio of its own (on DATABASE_URL's server when set, in a fresh database; else on an embedded
PostgreSQL of the run's own), deploys the bundled example and sends every route hostile requests: the API,
GraphQL, the sites, their MCP servers, llms files and Markdown pages, the console. Then it sends each route
that stores what it is sent requests it must refuse, and searches the database for anything they left.
Exits 1 when it finds a 5xx, a crash, a hang, an error without a JSON {error, code} body (a JSON-RPC error
on MCP), a 400 that does not name the field made hostile, an unfinished stream, something stored from a
refused request, or an error-level log line (or a warning that data was dropped).

--seed         the PRNG seed: the same seed sends the same cases (default: folio)
--count        cases per route (default: 300)
--most         at most this many cases per route, drawn by the seed from its fixed ones and its --count
               random ones: a short run (CI's: --seed ci --count 30 --most 20)
--concurrency  requests in flight (default: 8)
--timeout      milliseconds after which a request is a hang (default: 15000)
--out          the findings as JSON (default: a file in the temporary folder, printed)
--trace        every request sent, its status and problems, as JSON lines in this file
--only         only the routes whose label contains this text, e.g. --only graphql`;

export function parseOptions(argv: string[]): FuzzOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: 'string', default: 'folio' },
      count: { type: 'string', default: '300' },
      most: { type: 'string' },
      concurrency: { type: 'string', default: '8' },
      timeout: { type: 'string', default: '15000' },
      out: { type: 'string' },
      trace: { type: 'string' },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const positive = (name: string, raw: string) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1, got "${raw}"`);
    return value;
  };
  return {
    seed: values.seed!,
    count: positive('count', values.count!),
    most: values.most === undefined ? undefined : positive('most', values.most),
    concurrency: positive('concurrency', values.concurrency!),
    timeoutMs: positive('timeout', values.timeout!),
    out: values.out ?? path.join(os.tmpdir(), `folio-fuzz-${Date.now()}.json`),
    trace: values.trace,
    only: values.only,
    isHelp: values.help ?? false,
  };
}
