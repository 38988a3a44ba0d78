import { findingsOf, type Finding } from './finding.ts';
import type { SiteSnapshot } from './site-snapshot.ts';

/**
 * The deployment knows every component its pages use: its log has no `Unknown components:` line (the
 * deployment writes one, `Unknown components: Foo (3), Bar (1)`, when a page uses a component Folio
 * does not know). One finding per component, weighed by its count.
 */
export function unknownComponentFindings(site: SiteSnapshot): Finding[] {
  const finding = findingsOf('unknown-components', site.name);
  return site.logs
    .filter((line) => line.startsWith('Unknown components:'))
    .flatMap((line) => {
      const listed = line.slice('Unknown components:'.length).trim();
      const named = [...listed.matchAll(/([^\s,()]+)\s*\((\d+)\)/g)];
      if (named.length === 0) return [finding('', 'unknown components', listed)];
      return named.map(([, name, count]) => finding('', `unknown component <${name}>`, `used ${count} times`, Number(count)));
    });
}

/** The log's other warnings: where Folio could not read the site, for the report (not failures). */
export function deploymentWarnings(site: SiteSnapshot): string[] {
  return site.logs.filter((line) => line.startsWith('Warning:'));
}
