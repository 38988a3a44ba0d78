import type { Finding, FindingKind } from './types.ts';

/** Findings of one kind, on one route, with one status or message: one example, and what else caused them. */
export interface FindingGroup {
  kind: FindingKind;
  route: string;
  summary: string;
  count: number;
  /** The first case (in the order cases were made) that found it: the same seed, the same example. */
  example: Finding;
  /** Other cases that found it (their labels, a few). */
  alsoBy: string[];
}

const KIND_ORDER: FindingKind[] = ['crash', 'hang', '5xx', 'stored', 'stream', 'error-body', 'no-answer', 'noisy-log', 'log-error'];
const MORE_LABELS = 12;

export function groupFindings(findings: Finding[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  for (const finding of [...findings].sort((a, b) => a.order - b.order)) {
    const key = `${finding.kind}\u0000${finding.route}\u0000${signature(finding.summary)}`;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { kind: finding.kind, route: finding.route, summary: finding.summary, count: 1, example: finding, alsoBy: [] });
      continue;
    }
    group.count++;
    if (group.alsoBy.length < MORE_LABELS && finding.label !== group.example.label && !group.alsoBy.includes(finding.label)) group.alsoBy.push(finding.label);
  }
  return [...groups.values()].sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.route.localeCompare(b.route) || a.summary.localeCompare(b.summary),
  );
}

/** A summary without what changes from one request to the next (ids, numbers, timings); a leading status stays. */
function signature(summary: string): string {
  const status = /^\d{3}\b/.exec(summary)?.[0] ?? '';
  return (
    status +
    summary
      .slice(status.length)
      .replace(/[0-9a-f]{8,}/gi, '#')
      .replace(/\d+/g, 'N')
      .slice(0, 120)
  );
}
