import { findingsOf, type Finding } from './finding.ts';
import { readPageSource } from './page-source.ts';
import type { SiteSnapshot } from './site-snapshot.ts';
import { sourceProse } from './source-prose.ts';
import { wordCounts } from './words.ts';

/** The share of a page's source words a reader must find on it. */
export const MIN_COVERAGE = 0.9;

/**
 * Each page shows at least 90% of its source's words (compared as multisets: a word written three times
 * must be shown three times). Pages with no source file (generated from an OpenAPI operation) are the
 * OpenAPI check's. The findings name the words missed most, which point at what was dropped.
 */
export function proseCoverageFindings(site: SiteSnapshot): Finding[] {
  const finding = findingsOf('prose-coverage', site.name);
  const findings: Finding[] = [];
  for (const page of site.pages) {
    const source = readPageSource(site.folder, page.sourcePath);
    if (!source) continue;
    if (page.status !== 200) {
      findings.push(finding(page.route, `answers ${page.status}: none of its source is shown`, page.sourcePath, 1));
      continue;
    }
    const wanted = wordCounts(sourceProse(source.body).text, page.language);
    const shown = wordCounts(page.text.all, page.language);
    let total = 0;
    let found = 0;
    const missed: [string, number][] = [];
    for (const [word, count] of wanted) {
      const seen = Math.min(count, shown.get(word) ?? 0);
      total += count;
      found += seen;
      if (seen < count) missed.push([word, count - seen]);
    }
    if (total === 0 || found / total >= MIN_COVERAGE) continue;
    const coverage = found / total;
    const worst = missed.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 12);
    findings.push(
      finding(
        page.route,
        `shows ${(100 * coverage).toFixed(1)}% of its source's ${total} words`,
        `${page.sourcePath}; most missed: ${worst.map(([word, count]) => `${word} ×${count}`).join(', ')}`,
        (1 - coverage) * Math.log10(10 + total),
      ),
    );
  }
  return findings;
}
