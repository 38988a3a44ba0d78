import { describe, expect, it } from 'vitest';
import { apiFiles, layerProblems, runtimeImports } from '../../scripts/import-layers.ts';

/** api/'s layers hold: no import reaches up a layer, and no two modules or files import each other (docs/architecture.md). */
describe("api/'s layers", () => {
  it('have no upward import and no cycle', async () => {
    const problems = layerProblems(await runtimeImports(apiFiles()));
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
  });

  it('are checked: a cycle, an upward import and a file in no layer are each reported', () => {
    const api = (file: string) => new URL(`../../api/${file}`, import.meta.url).pathname;
    const problems = layerProblems(
      new Map([
        [api('search/a.ts'), [api('deploy/b.ts')]],
        [api('deploy/b.ts'), [api('search/a.ts'), api('schema/c.ts')]],
        [api('schema/c.ts'), []],
        [api('nowhere/d.ts'), []],
      ]),
    );
    expect(problems).toEqual([
      'api/nowhere/d.ts is in no layer: add "nowhere/" to one in scripts/import-layers.ts',
      'api/deploy/b.ts imports api/schema/c.ts: domain code may not import api code; move what both need down',
      'modules that import each other: deploy/, search/; one cycle: deploy/ -> search/ -> deploy/ (api/deploy/b.ts -> api/search/a.ts; api/search/a.ts -> api/deploy/b.ts)',
      'files that import each other: api/deploy/b.ts -> api/search/a.ts -> api/deploy/b.ts',
    ]);
  });
});
