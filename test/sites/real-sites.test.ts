import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../api/browser/find-chromium.ts';
import {
  AuditReport,
  accessibilityFindings,
  auditedSites,
  type Browsing,
  CHECKS,
  type CheckId,
  deploymentWarnings,
  deploySite,
  type Finding,
  formatFinding,
  llmsLinkFindings,
  openApiFindings,
  openBrowsing,
  proseCoverageFindings,
  rawMarkupFindings,
  remoteSpecNotes,
  type SiteSnapshot,
  unknownComponentFindings,
} from '../support/site-audit/index.ts';
import { isolatedTestApp } from '../support/test-app.ts';

/**
 * Real teams' Mintlify repositories (test/fixtures/real/*, and the corpus), each deployed once and
 * audited for what a reader would notice: pages llms.txt lists that do not answer, markup shown as text,
 * prose lost, API operations not shown, components Folio does not know, accessibility.
 *
 * FOLIO_AUDIT_SITES=spree,fastmcp audits only those; FOLIO_AUDIT_REPORT=/tmp/folio-audit.json also writes
 * every finding there. The report (counts per check and site, the worst findings) is printed at the end.
 */
const sites = auditedSites(process.env.FOLIO_AUDIT_SITES);
const hasChromium = findChromium() !== undefined;
const isolated = isolatedTestApp({ isWorker: true });
const report = new AuditReport();
let browsing: Browsing | undefined;
let browserError: unknown;

beforeAll(async () => {
  if (!hasChromium) console.warn('No Chromium (CHROMIUM_PATH, or chromium on the PATH): the accessibility check is skipped.');
  // A browser that does not start fails the accessibility checks only, saying why.
  else browsing = await openBrowsing(isolated.app).catch((error: unknown) => void (browserError = error));
});

afterAll(async () => {
  await browsing?.close();
  console.log(report.text());
  if (process.env.FOLIO_AUDIT_REPORT) report.writeJson(process.env.FOLIO_AUDIT_REPORT);
});

/** The first findings, one a line, as the assertion's message. */
const summary = (findings: Finding[]) =>
  `${findings.length} findings:\n${findings
    .slice(0, 8)
    .map((finding) => `  ${formatFinding(finding)}`)
    .join('\n')}${findings.length > 8 ? '\n  …' : ''}`;

describe.each(sites)('$name', (site) => {
  let snapshot: SiteSnapshot;

  beforeAll(async () => {
    snapshot = await deploySite(isolated.app, site);
    report.site(site.name, snapshot.pages.length, [...deploymentWarnings(snapshot), ...(await remoteSpecNotes(site.folder))]);
  }, 600_000);

  const audits: [CheckId, () => Finding[] | Promise<Finding[]>][] = [
    ['llms-links', () => llmsLinkFindings(snapshot)],
    ['raw-markup', () => rawMarkupFindings(snapshot)],
    ['prose-coverage', () => proseCoverageFindings(snapshot)],
    ['openapi', () => openApiFindings(snapshot)],
    ['unknown-components', () => unknownComponentFindings(snapshot)],
  ];
  for (const [check, audit] of audits) {
    it(CHECKS[check], async () => {
      report.add(await audit());
      const findings = report.of(check, site.name);
      expect(findings.length, summary(findings)).toBe(0);
    }, 300_000);
  }

  it.skipIf(!hasChromium)(
    CHECKS.accessibility,
    async () => {
      if (!browsing) throw new Error(`Chromium did not start: ${(browserError as Error | undefined)?.message}`);
      report.add(await accessibilityFindings(snapshot, browsing));
      const findings = report.of('accessibility', site.name);
      expect(findings.length, summary(findings)).toBe(0);
    },
    300_000,
  );
  if (!hasChromium) report.skip('accessibility', site.name, 'no Chromium on this machine');
});
