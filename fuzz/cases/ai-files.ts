import type { Random } from '../random.ts';
import type { Fixture } from '../setup.ts';
import type { Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { ODD_SEGMENTS, PROTO_KEYS } from '../values.ts';
import { get } from './pages.ts';

/** What a site serves AI tools: llms.txt and llms-full.txt, each page as Markdown, the MCP discovery documents. */

const LLMS_VARIANTS = [
  'llms.txt',
  'llms-full.txt',
  'LLMS.TXT',
  'llms.txt/',
  'llms.txt.md',
  'llms.md',
  'llms-full.txt/x',
  'fr/llms.txt',
  '.well-known/llms.txt',
];

export function fixedLlmsCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  const { main, other } = fixture;
  return [
    ...LLMS_VARIANTS.map((file) => get(target, random, `/${file}`, `/sites/${main.subdomain}/${file}`)),
    ...['llms.txt', 'llms-full.txt'].flatMap((file) => [
      get(target, random, `${file} of the other site`, `/sites/${other.subdomain}/${file}`, 'fetch'),
      get(target, random, `${file} of a preview that is not there`, `/sites/${main.subdomain}/~preview/nope/${file}`),
      ...['%00', '%ED%A0%80', 'FUZZ', 'unknown', ...PROTO_KEYS].map((site) => get(target, random, `${file} of site ${site}`, `/sites/${site}/${file}`)),
    ]),
  ];
}

export function fixedMarkdownCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  const site = `/sites/${fixture.main.subdomain}`;
  const pages = fixture.pages.filter((_, i) => i % Math.max(1, Math.floor(fixture.pages.length / 12)) === 0);
  return [
    ...pages.map((page) => get(target, random, `${page}.md`, `${site}/${page}.md`, 'fetch')),
    ...pages
      .slice(0, 3)
      .flatMap((page) => [
        get(target, random, `${page}.MD`, `${site}/${page}.MD`),
        get(target, random, `${page}.md/`, `${site}/${page}.md/`),
        get(target, random, `${page}.md.md`, `${site}/${page}.md.md`),
        get(target, random, `${page}.mdx`, `${site}/${page}.mdx`),
        get(target, random, `${page}.md#x`, `${site}/${page}.md#x`),
        get(target, random, `${page}.md?x=%00`, `${site}/${page}.md?x=%00`),
      ]),
    get(target, random, 'index.md', `${site}/index.md`),
    get(target, random, '.md', `${site}/.md`),
    get(target, random, '/.md of the root', `/sites/${fixture.main.subdomain}.md`),
    ...[...ODD_SEGMENTS, ...PROTO_KEYS].map((segment) => get(target, random, `${segment.slice(0, 40)}.md`, `${site}/${segment}.md`)),
    get(target, random, 'traversal .md', `${site}/../../package.md`),
    get(target, random, 'encoded traversal .md', `${site}/%2e%2e/%2e%2e/package.md`),
  ];
}

const DISCOVERY = ['.well-known/mcp', '.well-known/mcp.json', '.well-known/mcp/server-card.json', '.well-known/mcp/server-cards.json'];

export function fixedDiscoveryCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  return [
    ...DISCOVERY.map((file) => get(target, random, file, `/sites/${fixture.main.subdomain}/${file}`, 'fetch')),
    ...DISCOVERY.map((file) => get(target, random, `${file} of a preview`, `/sites/${fixture.main.subdomain}/~preview/nope/${file}`)),
    ...['%00', '%ED%A0%80', 'FUZZ', '__proto__'].map((site) => get(target, random, `discovery of site ${site}`, `/sites/${site}/.well-known/mcp`)),
    ...['.well-known/mcp/', '.well-known/mcp/x.json', '.well-known/MCP', '.well-known/mcp.json/x', '.well-known/%2e%2e/mcp'].map((file) =>
      get(target, random, file, `/sites/${fixture.main.subdomain}/${file}`),
    ),
  ];
}
