import fs from 'node:fs';
import type { Sent } from './runner.ts';
import type { Finding } from './types.ts';

/** One log entry: its first line and the lines (a stack trace) after it. */
export interface LogEntry {
  /** Wall-clock milliseconds. */
  at: number;
  level: string;
  message: string;
  text: string;
}

/** Error lines that are expected and say nothing is wrong; kept in the report, not findings. */
const KNOWN_NOISE: RegExp[] = [];

/** A client that left, which is no error of the server's. */
const CLIENT_LEFT =
  /ECONNRESET|EPIPE|ERR_STREAM_PREMATURE_CLOSE|premature close|aborted|socket hang up|client (left|disconnected)|AbortError|The operation was aborted|other side closed/i;

/** Warnings that say data was lost (analytics rows a write refused): findings like errors. */
const LOST_DATA = /could not record|dropped/i;

const ENTRY_START = /^(\d{4}-\d\d-\d\dT[\d:.]+Z) (debug|info|warn|error)\s+(.*)$/;

export function readLog(file: string): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const start = ENTRY_START.exec(line);
    if (start) entries.push({ at: Date.parse(start[1]!), level: start[2]!, message: start[3]!, text: line });
    else if (entries.length > 0 && line.trim()) entries.at(-1)!.text += `\n${line}`;
  }
  return entries;
}

/** The error-level entries and lost-data warnings: findings (a client's leaving logged as an error with a stack is "noisy-log"), and known noise. */
export function logFindings(entries: LogEntry[], timeline: Sent[]): { findings: Finding[]; noise: LogEntry[] } {
  const findings: Finding[] = [];
  const noise: LogEntry[] = [];
  for (const [order, entry] of entries.entries()) {
    if (entry.level !== 'error' && !(entry.level === 'warn' && LOST_DATA.test(entry.message))) continue;
    if (KNOWN_NOISE.some((pattern) => pattern.test(entry.text))) {
      noise.push(entry);
      continue;
    }
    const hasStack = /\n\s+at /.test(entry.text);
    const isClientLeft = CLIENT_LEFT.test(entry.text);
    findings.push({
      kind: isClientLeft && hasStack ? 'noisy-log' : 'log-error',
      route: 'server log',
      summary: entry.message.slice(0, 160),
      label: `logged while these were answered: ${inFlight(entry.at, timeline)}`,
      detail: entry.text.split('\n').slice(0, 14).join('\n').slice(0, 1500),
      order,
    });
  }
  return { findings, noise };
}

const distance = (sent: Sent, at: number) => Math.min(Math.abs(at - sent.startedAt), Math.abs(at - sent.endedAt));

/** The requests that were being answered when a line was logged (or had just been), nearest first. */
function inFlight(at: number, timeline: Sent[]): string {
  const candidates = timeline
    .filter((sent) => sent.startedAt - 50 <= at && at <= sent.endedAt + 1_000)
    .sort((a, b) => distance(a, at) - distance(b, at))
    .slice(0, 4);
  if (candidates.length === 0) return 'none (a job, or the start)';
  return candidates.map((sent) => `${sent.route} "${sent.label}" (${sent.status || 'no answer'})`).join('; ');
}
