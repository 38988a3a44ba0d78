import type { Random } from '../random.ts';
import { caseOf, requestOf, type Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { describeString, oddString, ODD_STRINGS, PROTO_KEYS } from '../values.ts';

/** Search: odd queries, filters naming prototype keys, modes and sizes at and past their limits. */

const QUERIES = [
  'custom domain',
  'make a page invisible',
  'domaine personnalisé',
  'mint dev --port',
  'x',
  'analytics',
  '"quoted phrase"',
  'a OR b AND NOT c',
  '*',
  'é',
];

export const validSearch = (random: Random) => ({ query: random.pick(QUERIES), pageSize: random.int(1, 10) });

export function fixedSearchCases(target: Target, random: Random): FuzzCase[] {
  const search = (label: string, body: unknown) => caseOf(target, label, requestOf(target, random, { body }));
  return [
    ...ODD_STRINGS.map((query) => search(`query = ${describeString(query)}`, { query })),
    ...PROTO_KEYS.flatMap((key) => [
      search(`filter.language = "${key}"`, { query: 'custom domain', filter: { language: key } }),
      search(`filter.version = "${key}"`, { query: 'custom domain', filter: { version: key } }),
      search(`mode = "${key}"`, { query: 'custom domain', mode: key }),
    ]),
    ...['fr', 'es', 'EN', 'zz', ''].map((language) => search(`filter.language = "${language}"`, { query: 'domaine', filter: { language } })),
    ...['keyword', 'vector', 'hybrid'].map((mode) => search(`mode = ${mode}`, { query: 'custom domain', mode })),
  ];
}

export function randomSearchCase(target: Target, random: Random): FuzzCase {
  const odd = oddString(random);
  const query = random.chance(0.5) ? random.pick(QUERIES) : odd.value;
  const variants: [string, Record<string, unknown>][] = [
    [`query = ${describeString(query)}`, { query }],
    [`filter.language = ${odd.label}`, { query, filter: { language: odd.value } }],
    [`filter.version = ${odd.label}`, { query, filter: { version: odd.value } }],
    [`pageSize = ${odd.label}`, { query, pageSize: odd.value }],
  ];
  for (const size of [0, 1, 50, 51, -1, 2 ** 31, 1.5]) variants.push([`pageSize = ${size}`, { query, pageSize: size }]);
  for (const threshold of [0, 1, -0.1, 1.1, 1e308, 0.5]) variants.push([`scoreThreshold = ${threshold}`, { query, scoreThreshold: threshold }]);
  const [label, body] = random.pick(variants);
  return caseOf(target, label, requestOf(target, random, { body }));
}
