import type { Random } from '../random.ts';
import type { Fixture } from '../setup.ts';
import { caseOf, requestOf, type Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { ODD_SEGMENTS, PROTO_KEYS } from '../values.ts';

/** Pages and files for people: the rendered site, the demo page, screenshots, pull requests, the widget. */

const COMPONENT_NAMES = ['Card', '<Card>', '%3CCard%3E', 'Accordion', 'Tabs', 'CodeGroup', 'snippets/x', '_snippets', '%7B%2F*x*%2F%7D', 'Steps/Step'];
const SITE_FILES = [
  'llms.txt',
  'llms-full.txt',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'docs.json',
  'mint.json',
  '.git/config',
  '_next/static/x.js',
  'search',
  'index',
  'index.html',
  'quickstart.mdx',
  'quickstart.md',
];

export const get = (target: Target, random: Random, label: string, path: string, via: 'fetch' | 'raw' = 'raw') =>
  caseOf(target, label, requestOf(target, random, { target: path, via }));

export function fixedSiteCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  const pages = fixture.pages.filter((_, i) => i % Math.max(1, Math.floor(fixture.pages.length / 12)) === 0);
  const assets = fixture.assets.slice(0, 6);
  return [
    get(target, random, 'the site root', '/sites/fuzz/', 'fetch'),
    get(target, random, 'the site root without a slash', '/sites/fuzz'),
    get(target, random, '/sites/', '/sites/'),
    get(target, random, '/sites', '/sites'),
    ...pages.map((page) => get(target, random, `page ${page}`, `/sites/fuzz/${page}`, 'fetch')),
    ...assets.map((asset) => get(target, random, `file ${asset}`, `/sites/fuzz/${encodeURI(asset)}`, 'fetch')),
    ...SITE_FILES.map((file) => get(target, random, `file ${file}`, `/sites/fuzz/${file}`)),
    ...COMPONENT_NAMES.map((name) => get(target, random, `component-like path ${name}`, `/sites/fuzz/${name}`)),
    ...PROTO_KEYS.flatMap((key) => [get(target, random, `page ${key}`, `/sites/fuzz/${key}`), get(target, random, `site ${key}`, `/sites/${key}/`)]),
    ...ODD_SEGMENTS.map((segment) => get(target, random, `page ${segment.slice(0, 40)}`, `/sites/fuzz/${segment}`)),
    ...['FUZZ', 'fuzz-other', 'unknown', '%00', '%ED%A0%80', 'fuzz.', 'fuzz%2F..'].map((site) => get(target, random, `site ${site}`, `/sites/${site}/`)),
    get(target, random, 'traversal out of the site', '/sites/fuzz/../../package.json'),
    get(target, random, 'encoded traversal out of the site', '/sites/fuzz/%2e%2e/%2e%2e/package.json'),
    get(target, random, 'double-encoded traversal', '/sites/fuzz/%252e%252e/%252e%252e/package.json'),
    get(target, random, 'overlong-UTF-8 traversal', '/sites/fuzz/%C0%AE%C0%AE/%C0%AE%C0%AE/package.json'),
  ];
}

export function randomSiteCase(target: Target, random: Random, fixture: Fixture): FuzzCase {
  const page = random.pick(fixture.pages);
  const odd = random.pick(ODD_SEGMENTS);
  const shapes: [string, string][] = [
    [`page ${page}`, `/sites/fuzz/${page}`],
    [`page ${page} + /${odd.slice(0, 30)}`, `/sites/fuzz/${page}/${odd}`],
    [`page ${page} with ${odd.slice(0, 30)} in it`, `/sites/fuzz/${page.replace(/\/[^/]*$/, `/${odd}`)}`],
    [`page ${page}.mdx`, `/sites/fuzz/${page}.mdx`],
    [`page ${page}?q=${odd.slice(0, 30)}`, `/sites/fuzz/${page}?q=${odd}`],
    [`page ${page} upper-cased`, `/sites/fuzz/${page.toUpperCase()}`],
  ];
  const [label, path] = random.pick(shapes);
  return get(target, random, label, path);
}

export function fixedSegmentCases(target: Target, random: Random, prefix: string, valid: string[]): FuzzCase[] {
  return [...valid, ...PROTO_KEYS, ...ODD_SEGMENTS].map((segment) => get(target, random, `${prefix}${segment.slice(0, 40)}`, `${prefix}${segment}`));
}

export function screenshotNames(fixture: Fixture): string[] {
  const id = fixture.main.statusId;
  return [
    `${id}-light.png`,
    `${id}-dark.png`,
    `${id}-x.png`,
    `${id}.png`,
    '-light.png',
    `${id}-light.png.gz`,
    `${fixture.other.statusId}-light.png`,
    `__proto__-light.png`,
    `${id}-light.PNG`,
  ];
}

export function fixedWidgetCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  const files = fixture.widgetFiles;
  const encodings = ['br', 'gzip', 'gzip;q=0, br;q=0', '*', 'identity;q=0, *;q=0', 'x'.repeat(5000)];
  return [
    ...files.flatMap((file) => [
      get(target, random, `file ${file}`, file, 'fetch'),
      get(target, random, `file ${file}.br`, `${file}.br`, 'fetch'),
      get(target, random, `file ${file}.gz`, `${file}.gz`, 'fetch'),
      ...encodings.map((encoding) =>
        caseOf(
          target,
          `file with accept-encoding ${encoding.slice(0, 30)}`,
          requestOf(target, random, { target: file, headers: [['accept-encoding', encoding]] }),
        ),
      ),
    ]),
    ...[
      '/widget/',
      '/widget',
      '/widget/..%2f..%2fpackage.json',
      '/widget/%2e%2e/%2e%2e/package.json',
      '/widget/../package.json',
      '/widget/.%2e/build.json',
      '/widget/../build.json',
    ].map((path) => get(target, random, `path ${path}`, path)),
    caseOf(target, '/widget.js with If-None-Match *', requestOf(target, random, { target: '/widget.js', headers: [['if-none-match', '*']] })),
  ];
}
