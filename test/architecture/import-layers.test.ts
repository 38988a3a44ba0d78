import fs from 'node:fs';
import path from 'node:path';
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

const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * What each top-level folder may not import: the build scripts stand on api/ alone, and the tests import
 * none of the harnesses built on their helpers (fuzz/, bench/, eval/), so the two never import each other.
 */
const FORBIDDEN_IMPORTS: Readonly<Record<string, readonly string[]>> = { scripts: ['test', 'bench', 'eval', 'fuzz'], test: ['bench', 'eval', 'fuzz'] };

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : tsFiles(at);
    return entry.name.endsWith('.ts') ? [at] : [];
  });
}

describe('the top-level folders', () => {
  it.each(Object.entries(FORBIDDEN_IMPORTS).map(([folder, forbidden]) => [folder, forbidden.join('/, '), forbidden] as const))(
    '%s/ imports none of %s/',
    (folder, _names, forbidden) => {
      const problems = tsFiles(path.join(ROOT, folder)).flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
          .map((match) => path.relative(ROOT, path.resolve(path.dirname(file), match[1]!)))
          .filter((target) => forbidden.includes(target.split(path.sep)[0]!))
          .map((target) => `${path.relative(ROOT, file)} imports ${target}`),
      );
      expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
    },
  );
});
