/**
 * The real-sites audit (test/sites/real-sites.test.ts): deploy a Mintlify repository, read every page it
 * serves, and say where the rendering falls short. One check a file; each returns findings.
 */
export { accessibilityFindings, type Browsing, openBrowsing } from './accessibility.ts';
export { deploymentWarnings, unknownComponentFindings } from './deployment-log.ts';
export { CHECKS, type CheckId, type Finding } from './finding.ts';
export { llmsLinkFindings } from './llms-links.ts';
export { openApiFindings } from './openapi-pages.ts';
export { remoteSpecNotes } from './openapi-references.ts';
export { MIN_COVERAGE, proseCoverageFindings } from './prose-coverage.ts';
export { rawMarkupFindings } from './raw-markup.ts';
export { AuditReport, formatFinding } from './report.ts';
export { type AuditedSite, auditedSites, deploySite, type SiteSnapshot } from './site-snapshot.ts';
