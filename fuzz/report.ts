import fs from 'node:fs';
import type { FindingGroup } from './findings.ts';
import type { LogEntry } from './log-scan.ts';
import type { Reply, RequestSpec } from './types.ts';

const SHOWN_BODY = 300;

export interface Report {
  seed: string;
  countPerRoute: number;
  seconds: number;
  sent: number;
  unsendable: number;
  sentPerRoute: Record<string, number>;
  groups: FindingGroup[];
  noise: LogEntry[];
  logFile: string;
}

/** Keys and ids as placeholders ($ADMIN_KEY, $FOLIO), so an example can be pasted against another Folio. */
type Redact = (text: string) => string;

export function redactWith(placeholders: [string, string][]): Redact {
  return (text) => placeholders.reduce((out, [secret, name]) => out.split(secret).join(name), text);
}

/** The request as it went over the wire (headers, body abbreviated), printable. */
function showRequest(request: RequestSpec, redact: Redact): string {
  if (request.bytes) return redact(`raw bytes: ${JSON.stringify(abbreviate(Buffer.from(request.bytes).toString('latin1')))}`);
  const lines = [`${request.method} ${abbreviate(request.target, 200)}${request.via === 'raw' ? '   (raw socket)' : ''}`];
  for (const [name, value] of request.headers) lines.push(`${name}: ${abbreviate(value, 200)}`);
  if (request.isChunked) lines.push('Transfer-Encoding: chunked');
  if (request.body && request.body.length > 0) lines.push('', `${abbreviate(Buffer.from(request.body).toString('utf8'))}   (${request.body.length} bytes)`);
  return redact(lines.map((line) => escapeInvisible(line)).join('\n'));
}

function showReply(reply: Reply | undefined, redact: Redact): string {
  if (!reply) return '';
  const type = reply.headers['content-type'] ? ` (${reply.headers['content-type']})` : '';
  const body = reply.body.trim() === '' ? '(empty body)' : abbreviate(reply.body);
  return redact(`${reply.status || 'no answer'}${type} ${escapeInvisible(body)}${reply.failure ? ` [${reply.failure}]` : ''} in ${Math.round(reply.ms)} ms`);
}

export function printReport(report: Report, redact: Redact, out: (line: string) => void): void {
  out('');
  out(
    `Requests sent per route (seed "${report.seed}", ${report.sent} requests in ${report.seconds.toFixed(0)} s${report.unsendable ? `, ${report.unsendable} the client could not build` : ''}):`,
  );
  for (const [route, count] of Object.entries(report.sentPerRoute).sort()) out(`  ${String(count).padStart(6)}  ${route}`);
  out('');
  if (report.groups.length === 0) out('No findings.');
  else out(`Findings: ${report.groups.length} groups, ${report.groups.reduce((sum, group) => sum + group.count, 0)} in all.`);
  for (const group of report.groups) {
    out('');
    out(`[${group.kind}] ${group.route}: ${redact(group.summary)}  (${group.count}x)`);
    out(`  first found by: ${redact(escapeInvisible(group.example.label))}`);
    if (group.alsoBy.length > 0) out(`  also by: ${group.alsoBy.map((label) => redact(escapeInvisible(abbreviate(label, 200)))).join(' | ')}`);
    if (group.example.detail) out(indent(redact(group.example.detail)));
    if (group.example.request) out(`  request:\n${indent(showRequest(group.example.request, redact))}`);
    if (group.example.reply) out(`  answer: ${showReply(group.example.reply, redact)}`);
  }
  if (report.noise.length > 0) {
    out('');
    out(`Known noise in the log (${report.noise.length} error lines, not findings):`);
    for (const entry of report.noise.slice(0, 10)) out(`  ${entry.text.split('\n')[0]}`);
  }
  out('');
  out(`Server log: ${report.logFile}`);
}

export function writeReport(file: string, report: Report, redact: Redact): void {
  const groups = report.groups.map((group) => ({
    kind: group.kind,
    route: group.route,
    summary: redact(group.summary),
    count: group.count,
    foundBy: redact(group.example.label),
    detail: group.example.detail ? redact(group.example.detail) : undefined,
    alsoBy: group.alsoBy.map(redact),
    request: group.example.request ? showRequest(group.example.request, redact) : undefined,
    answer: group.example.reply ? showReply(group.example.reply, redact) : undefined,
  }));
  const noise = report.noise.map((entry) => redact(entry.text));
  fs.writeFileSync(file, `${JSON.stringify({ ...report, groups, noise }, null, 2)}\n`);
}

function abbreviate(text: string, limit = SHOWN_BODY): string {
  return text.length > limit ? `${text.slice(0, limit)}… (${text.length} characters)` : text;
}

/** NUL, lone surrogates and other invisible characters as escapes, so the terminal shows what was sent. */
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufeff\u202e]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const escapeInvisible = (text: string) => text.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
