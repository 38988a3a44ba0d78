import fs from 'node:fs';
import { CHECKS, type CheckId, type Finding } from './finding.ts';

const WORST = 10;
const NOTES_SHOWN = 10;

/** Every finding of an audit run, printed compactly and, on request, written whole as JSON. */
export class AuditReport {
  readonly #findings: Finding[] = [];
  readonly #sites = new Map<string, { pages: number; notes: string[] }>();
  readonly #skipped = new Map<string, string>();

  site(name: string, pages: number, notes: string[]) {
    this.#sites.set(name, { pages, notes });
  }

  add(findings: readonly Finding[]) {
    this.#findings.push(...findings);
  }

  /** A check that did not run on a site, and why (no Chromium). */
  skip(check: CheckId, site: string, why: string) {
    this.#skipped.set(`${check} ${site}`, why);
  }

  /** The findings of one check on one site, the worst first. */
  of(check: CheckId, site: string): Finding[] {
    return this.#findings.filter((finding) => finding.check === check && finding.site === site).sort(worstFirst);
  }

  /** Counts per check and site, the worst findings of each check, then the deployments' warnings. */
  text(): string {
    const sites = [...this.#sites.keys()];
    if (sites.length === 0) return 'Site audit: no site was deployed.';
    const widths = sites.map((site) => Math.max(site.length, 6));
    const row = (label: string, cells: string[]) => `${label.padEnd(20)}${cells.map((cell, i) => cell.padStart(widths[i]! + 2)).join('')}`;
    const lines = [
      'Site audit (findings per check and site)',
      row('', sites),
      row(
        'pages served',
        sites.map((site) => String(this.#sites.get(site)!.pages)),
      ),
    ];
    for (const check of Object.keys(CHECKS) as CheckId[]) {
      lines.push(
        row(
          check,
          sites.map((site) => (this.#skipped.get(`${check} ${site}`) ? 'skipped' : String(this.of(check, site).length))),
        ),
      );
    }
    for (const [key, why] of this.#skipped) lines.push(`skipped: ${key}: ${why}`);
    for (const check of Object.keys(CHECKS) as CheckId[]) {
      const findings = this.#findings.filter((finding) => finding.check === check).sort(worstFirst);
      if (findings.length === 0) continue;
      lines.push('', `${check}: ${CHECKS[check]} (${findings.length} findings; the worst ${Math.min(WORST, findings.length)})`);
      for (const finding of findings.slice(0, WORST)) lines.push(`  ${formatFinding(finding)}`);
    }
    for (const [site, { notes }] of this.#sites) {
      if (notes.length === 0) continue;
      const kinds = [...noteKinds(notes)].sort((a, b) => b[1].count - a[1].count);
      lines.push('', `${site}: ${notes.length} deployment warnings and notes, by kind (every line is in the JSON report)`);
      for (const [kind, { count, example }] of kinds.slice(0, NOTES_SHOWN)) lines.push(`  ${String(count).padStart(4)}× ${kind} — e.g. ${clip(example, 160)}`);
      if (kinds.length > NOTES_SHOWN) lines.push(`  … and ${kinds.length - NOTES_SHOWN} more kinds`);
    }
    return lines.join('\n');
  }

  /** Every finding and note, for the engineers to work through (FOLIO_AUDIT_REPORT). */
  writeJson(file: string) {
    const sites = Object.fromEntries(
      [...this.#sites].map(([site, { pages, notes }]) => [
        site,
        { pages, counts: Object.fromEntries(Object.keys(CHECKS).map((check) => [check, this.of(check as CheckId, site).length])), notes },
      ]),
    );
    const findings = [...this.#findings].sort((a, b) => a.check.localeCompare(b.check) || a.site.localeCompare(b.site) || worstFirst(a, b));
    fs.writeFileSync(file, `${JSON.stringify({ checks: CHECKS, sites, skipped: Object.fromEntries(this.#skipped), findings }, null, 2)}\n`);
  }
}

/**
 * Warnings grouped by what they say, their file, line, quoted names and numbers aside
 * (`Warning: a.mdx:15: broken link "/x": …` is a "broken link").
 */
function noteKinds(notes: string[]): Map<string, { count: number; example: string }> {
  const kinds = new Map<string, { count: number; example: string }>();
  for (const note of notes) {
    const message = note.replace(/^Warning:\s*/, '').replace(/^[^\s:]+\.(?:mdx?|json|ya?ml)(?::\d+)?:\s*/, '');
    const kind = clip(
      message
        .replace(/"[^"]*"|`[^`]*`|\d+/g, '…')
        .split(/[:(;]/)[0]!
        .trim(),
      80,
    );
    const entry = kinds.get(kind) ?? { count: 0, example: note };
    entry.count++;
    kinds.set(kind, entry);
  }
  return kinds;
}

const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);

export function formatFinding(finding: Finding): string {
  return `${finding.site} ${finding.route || '(site)'}: ${finding.what}${finding.detail ? ` — ${finding.detail}` : ''}`;
}

function worstFirst(a: Finding, b: Finding): number {
  return b.weight - a.weight || a.route.localeCompare(b.route);
}
