import { isMintlifyComponent } from '../../../api/mintlify/components.ts';
import { findingsOf, type Finding } from './finding.ts';
import type { SiteSnapshot } from './site-snapshot.ts';

/**
 * The deployment knows every component Mintlify documents: its log's `Unknown components: Foo (3), Bar
 * (1)` line (written when a page uses a component Folio does not know) names none of them. The names it
 * does list are components neither Mintlify documents nor the page defines (a typo, `<Wraning>`; a
 * component a site's Mintlify build provided some other way): their pages show their content, and the
 * report lists them (unknownComponentNames). One finding per Mintlify component, weighed by its count.
 */
export function unknownComponentFindings(site: SiteSnapshot): Finding[] {
  const finding = findingsOf('unknown-components', site.name);
  return unknownComponentNames(site).flatMap(({ name, count }) =>
    name === '' || isMintlifyComponent(name) ? [finding('', `Mintlify's <${name}> is unknown to Folio`, `used ${count} times`, count)] : [],
  );
}

/** The components the log names as unknown, with their counts (an unreadable line gives one nameless entry). */
export function unknownComponentNames(site: SiteSnapshot): { name: string; count: number }[] {
  return site.logs
    .filter((line) => line.startsWith('Unknown components:'))
    .flatMap((line) => {
      const named = [...line.slice('Unknown components:'.length).matchAll(/([^\s,();]+)\s*\((\d+)\)/g)];
      return named.length > 0 ? named.map(([, name, count]) => ({ name: name!, count: Number(count) })) : [{ name: '', count: 1 }];
    });
}

/** The log's warnings and the components it could not place: where Folio could not read the site, for the report (not failures). */
export function deploymentWarnings(site: SiteSnapshot): string[] {
  return site.logs.filter((line) => line.startsWith('Warning:') || line.startsWith('Unknown components:'));
}
