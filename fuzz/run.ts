// npm run fuzz: hostile requests to every route of a Folio started for the purpose (fuzz/).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { casesFor } from './cases/index.ts';
import { endpointTargets } from './endpoint-targets.ts';
import { groupFindings } from './findings.ts';
import { logFindings, readLog } from './log-scan.ts';
import { parseOptions, USAGE, type FuzzOptions } from './options.ts';
import { createRandom, type Random } from './random.ts';
import { printReport, redactWith, writeReport, type Report } from './report.ts';
import { restTargets } from './rest-targets.ts';
import { runCases, sendRequest, type RunResult } from './runner.ts';
import { siteTargets } from './site-targets.ts';
import { createDatabase, type PostgresServer, startPostgresServer } from '../test/support/databases.ts';
import { startFolio } from '../test/support/folio-process.ts';
import { type FolioServer, folioEnv, prepareFixture, type Fixture } from './setup.ts';
import { findStoredMarkers, isRefusal, type MarkedCase, markedCases } from './stored-check.ts';
import { problemsOf } from './checks.ts';
import type { Finding, FuzzCase } from './types.ts';

const say = (line: string) => process.stderr.write(`fuzz: ${line}\n`);

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.isHelp) {
    console.log(USAGE);
    return 0;
  }
  const started = Date.now();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-fuzz-'));
  const logFile = path.join(os.tmpdir(), `folio-fuzz-${process.pid}.log`);
  let postgres: PostgresServer | undefined;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let server: FolioServer | undefined;
  let fixture: Fixture | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () => (cleaning ??= removeEverything());
  const removeEverything = async () => {
    await server?.stop();
    await database?.drop().catch((error: Error) => say(`could not drop the scratch database: ${error.message}`));
    await postgres?.stop();
    for (const dir of [tempDir, ...(fixture?.repoDirs ?? [])]) fs.rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    // A fresh database, so a run starts from nothing and leaves nothing behind (no other run's "fuzz"
    // subdomain, keys or rate-limit counters); stored-check.ts reads it once Folio has stopped.
    const serverUrl = process.env.DATABASE_URL || undefined;
    postgres = await startPostgresServer(serverUrl);
    database = await createDatabase(postgres.adminUrl, 'folio_fuzz');
    say(`starting folio serve (${serverUrl ? "a fresh database on DATABASE_URL's server" : 'an embedded PostgreSQL of its own'}); log: ${logFile}`);
    const env = folioEnv({ dataDir: path.join(tempDir, 'data'), databaseUrl: database.url });
    const folio = await startFolio('serve', env, { logFile });
    server = { ...folio, port: Number(new URL(folio.url).port), env };
    say(`Folio is at ${server.url}`);
    fixture = await prepareFixture(server, say);
    const report = await fuzz(server, fixture, options, logFile, database.url);
    const redact = redactWith(fixture.placeholders);
    printReport(report, redact, console.log);
    writeReport(options.out, report, redact);
    console.log(`Findings written to ${options.out}; the whole run took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    return report.groups.length > 0 ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

/** Sends every route its cases, then the stored check's, then reads the database and the server's log: the report, before it is printed. */
async function fuzz(server: FolioServer, fixture: Fixture, options: FuzzOptions, logFile: string, databaseUrl: string): Promise<Report> {
  const targets = [...(await restTargets(fixture)), ...endpointTargets(fixture), ...siteTargets(fixture)].filter(
    (target) => !options.only || target.route.includes(options.only),
  );
  const random = createRandom(options.seed);
  const cases = interleave(
    targets.map((target) => sampleOf(casesFor(target, options.count, random.fork(target.route), fixture), options.most, random.fork(`${target.route}/most`))),
  );
  say(`sending ${cases.length} cases to ${targets.length} routes (${options.concurrency} at a time)`);
  const started = Date.now();
  const run = await runCases(cases, {
    url: server.url,
    port: server.port,
    concurrency: options.concurrency,
    timeoutMs: options.timeoutMs,
    serverExit: server.exit,
    progress: say,
  });
  const seconds = (Date.now() - started) / 1000;
  if (!run.crash) await checkStillServing(server, run.findings);
  const marked = run.crash ? undefined : await sendMarkedCases(server, fixture, options, run);
  await server.stop();
  if (marked && (marked.refused.length > 0 || marked.control)) run.findings.push(...(await findStoredMarkers(databaseUrl, marked.refused, marked.control)));
  const { findings: logged, noise } = logFindings(readLog(logFile), run.timeline);
  if (options.trace) fs.writeFileSync(options.trace, run.timeline.map((sent) => `${JSON.stringify(sent)}\n`).join(''));
  return {
    seed: options.seed,
    countPerRoute: options.count,
    seconds,
    sent: run.sent,
    unsendable: run.unsendable,
    sentPerRoute: Object.fromEntries(run.sentPerRoute),
    groups: groupFindings([...run.findings, ...logged]),
    noise,
    logFile,
  };
}

/** The stored check's requests, one at a time, checked like any other; which were refused, and the control. */
async function sendMarkedCases(server: FolioServer, fixture: Fixture, options: FuzzOptions, run: RunResult) {
  const refused: MarkedCase[] = [];
  let control: MarkedCase | undefined;
  const cases = markedCases(fixture).filter((marked) => !options.only || marked.route.includes(options.only));
  say(`sending ${cases.length} requests that must be refused, then looking for what they stored`);
  for (const [i, marked] of cases.entries()) {
    const reply = await sendRequest(marked.request, { url: server.url, port: server.port, timeoutMs: options.timeoutMs });
    run.sent++;
    run.sentPerRoute.set(marked.route, (run.sentPerRoute.get(marked.route) ?? 0) + 1);
    const order = Number.MAX_SAFE_INTEGER / 2 + i;
    for (const problem of problemsOf(marked, reply))
      run.findings.push({ ...problem, route: marked.route, label: marked.label, request: marked.request, reply, order });
    if (marked.isControl) control = marked;
    else if (isRefusal(reply)) refused.push(marked);
  }
  return { refused, control };
}

/** `most` of the cases, picked by the seed, in their order (all of them without `most`). */
function sampleOf(cases: FuzzCase[], most: number | undefined, random: Random): FuzzCase[] {
  if (most === undefined || cases.length <= most) return cases;
  const indices = cases.map((_, i) => i);
  for (let i = 0; i < most; i++) {
    const j = random.int(i, indices.length - 1);
    [indices[i], indices[j]] = [indices[j]!, indices[i]!];
  }
  return indices
    .slice(0, most)
    .sort((x, y) => x - y)
    .map((i) => cases[i]!);
}

/** Round-robin over the routes, so no route's slow cases bunch up. */
function interleave(lists: FuzzCase[][]): FuzzCase[] {
  const out: FuzzCase[] = [];
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  for (let i = 0; out.length < total; i++) {
    for (const list of lists) if (i < list.length) out.push(list[i]!);
  }
  return out;
}

/** After the run the server must still answer, quickly. */
async function checkStillServing(server: FolioServer, findings: Finding[]): Promise<void> {
  const response = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(15_000) }).catch(() => undefined);
  if (response?.status === 200) return;
  findings.push({
    kind: server.exit() ? 'crash' : 'hang',
    route: 'GET /health',
    summary: server.exit() ? `the server ${server.exit()}` : 'the server no longer answers /health after the run',
    label: 'the check after the run',
    order: Number.MAX_SAFE_INTEGER,
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(2);
  },
);
