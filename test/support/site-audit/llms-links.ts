import { findingsOf, type Finding, SITE_WIDE } from './finding.ts';
import { mapLimit, type SiteSnapshot } from './site-snapshot.ts';

/** The origin test-app.ts's `call` asks at, so the one llms.txt's absolute addresses are written with. */
const TEST_ORIGIN = 'http://folio.test';

/**
 * Every link of llms.txt that points into the site answers 200: the link as listed (a page's `.md`, a
 * specification file) and, for a page's `.md`, the page itself, which a reader following the list opens.
 * Links to other sites (its `## Optional` section) are not the site's to answer.
 */
export async function llmsLinkFindings(site: SiteSnapshot): Promise<Finding[]> {
  const finding = findingsOf('llms-links', site.name);
  const llms = await site.get('/llms.txt');
  if (llms.status !== 200) return [finding('/llms.txt', `llms.txt answers ${llms.status}`, '', SITE_WIDE)];
  const base = `/sites/${site.subdomain}`;
  const targets = new Map<string, string>();
  for (const [, target] of String(llms.body).matchAll(/\]\(([^)\s]+)\)/g)) {
    const sitePath = pathInSite(target!, base);
    if (sitePath === undefined) continue;
    targets.set(sitePath, 'listed');
    if (/\.md$/.test(sitePath)) {
      const html = sitePath.replace(/\.md$/, '').replace(/^\/index$/, '/');
      if (!targets.has(html)) targets.set(html, `the page of ${sitePath}`);
    }
  }
  if (targets.size === 0) return [finding('/llms.txt', 'llms.txt lists no page of the site', String(llms.body).slice(0, 200), SITE_WIDE)];
  // The pages the snapshot read already answered; only the others are asked.
  const served = new Map(site.pages.map((page) => [encodeURI(page.route), page.status]));
  const answers = await mapLimit([...targets], 4, async ([sitePath, why]) => ({
    sitePath,
    why,
    status: served.get(sitePath) ?? (await site.get(sitePath)).status,
  }));
  return answers
    .filter((answer) => answer.status !== 200)
    .map((answer) => finding(answer.sitePath, `answers ${answer.status}`, `${answer.why} in llms.txt`, answer.status >= 500 ? 2 : 1));
}

/** The path under the site's base a link of llms.txt names (`/quickstart.md`), or undefined for another site. */
function pathInSite(target: string, base: string): string | undefined {
  let url: URL;
  try {
    url = new URL(target, TEST_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== TEST_ORIGIN) return undefined;
  if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return undefined;
  return url.pathname.slice(base.length) + url.search || '/';
}
