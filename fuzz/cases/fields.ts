import { pathLabel, setAt, valuePaths } from '../json-body.ts';
import type { Random } from '../random.ts';
import { caseOf, requestOf, type Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { fieldPaths } from './bodies.ts';

/**
 * Every field of a body and every query parameter a route declares, given each hostile value once:
 * a refusal must be a 400 naming that field (checks.ts), and nothing of it stored.
 */

const FIELD_VALUES: { label: string; value: unknown }[] = [
  { label: 'a NUL', value: 'a\u0000b' },
  { label: 'a lone surrogate', value: 'x\ud800' },
  { label: 'a string of 20,001 characters', value: 'x'.repeat(20_001) },
  { label: 'a number', value: 12_345 },
  { label: 'an object', value: { a: 1 } },
  { label: '["__proto__"]', value: ['__proto__'] },
];

export function fixedFieldCases(target: Target, random: Random): FuzzCase[] {
  if (!target.validBody) return [];
  const base = target.validBody(random);
  // A field the valid body lacks is set within parts made for it: a refusal may then name their other, missing fields.
  const present = new Set(valuePaths(base).map((path) => path.join('.')));
  return fieldPaths(target, base).flatMap((path) =>
    FIELD_VALUES.map(({ label, value }) =>
      caseOf(
        target,
        `field ${pathLabel(path)} = ${label}`,
        requestOf(target, random, { body: setAt(base, path, value) }),
        path.length === 1 || present.has(path.join('.')) ? { expectField: path.join('.') } : {},
      ),
    ),
  );
}

/** Values of a query parameter, as written in the URL. */
const QUERY_VALUES = [
  '',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999',
  'abc',
  '2026-13-45',
  '2026-02-30',
  '2026-11-01T25:00:00Z',
  '9999-12-31',
  '__proto__',
  `${'x'.repeat(1001)}`,
];

export function fixedQueryCases(target: Target, random: Random): FuzzCase[] {
  return Object.keys(target.query ?? {}).flatMap((name) => [
    ...QUERY_VALUES.map((value) =>
      caseOf(target, `?${name}=${value.slice(0, 30)}`, requestOf(target, random, { query: `${name}=${value}`, via: 'raw' }), { expectField: name }),
    ),
    caseOf(target, `?${name} twice`, requestOf(target, random, { query: `${name}=1&${name}=2`, via: 'raw' }), { expectField: name }),
  ]);
}

export function randomQueryCase(target: Target, random: Random): FuzzCase {
  const names = Object.keys(target.query ?? {});
  const pairs = names.filter(() => random.chance(0.5)).map((name) => `${name}=${random.pick(QUERY_VALUES)}`);
  const query = pairs.length > 0 ? pairs.join('&') : `${random.pick(names)}=${random.pick(QUERY_VALUES)}`;
  return caseOf(target, `?${query.slice(0, 60)}`, requestOf(target, random, { query, via: 'raw' }));
}
