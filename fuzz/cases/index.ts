import type { Random } from '../random.ts';
import type { Fixture } from '../setup.ts';
import type { Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { bodyCase } from './bodies.ts';
import { fixedFieldCases, fixedQueryCases, randomQueryCase } from './fields.ts';
import { disconnectCase, fixedGenericCases, headerCase, keyCase, methodCase, pathParamCase, pathShapeCase, queryCase } from './generic.ts';
import { fixedRawCases, rawCase } from './raw.ts';

type Generator = (target: Target, random: Random, fixture: Fixture) => FuzzCase;

/**
 * A target's cases: its fixed ones (every method and key, the raw-socket classics, its own lists), then
 * random ones up to `count`, drawn from the generic generators and its own.
 */
export function casesFor(target: Target, count: number, random: Random, fixture: Fixture): FuzzCase[] {
  const cases = [
    ...fixedGenericCases(target, random, fixture),
    ...fixedRawCases(target, random),
    ...fixedFieldCases(target, random),
    ...fixedQueryCases(target, random),
    ...(target.fixed?.(random) ?? []),
  ];
  const generic: [number, Generator][] = [
    [target.validBody ? 0.35 : 0, bodyCase],
    [0.08, keyCase],
    [0.05, methodCase],
    [0.1, headerCase],
    [0.08, rawCase],
    [0.07, queryCase],
    [target.query ? 0.07 : 0, randomQueryCase],
    [0.1, pathParamCase],
    [0.05, pathShapeCase],
    [target.stream ? 0.04 : 0.02, disconnectCase],
  ];
  const genericWeight = generic.reduce((sum, [weight]) => sum + weight, 0);
  const own = target.random;
  const share = own ? (target.ownShare ?? 0.3) : 0;
  const weighted: [number, Generator][] = own ? [...generic, [(genericWeight * share) / (1 - share), (_target, r) => own(r)]] : generic;
  const total = weighted.reduce((sum, [weight]) => sum + weight, 0);
  while (cases.length < count) {
    let roll = random.next() * total;
    const [, generate] = weighted.find(([weight]) => (roll -= weight) < 0) ?? weighted[0]!;
    cases.push(generate(target, random, fixture));
  }
  return cases;
}
