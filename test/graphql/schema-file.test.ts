import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema } from '../../api/schema/index.ts';
import { GRAPHQL_ENV_FILE, graphqlEnv, SCHEMA_FILE } from '../../console/graphql-env.ts';

describe('schema.graphql', () => {
  it('is the committed print of the running schema (run `npm run schema:print` after changing types)', () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });

  it("is the schema the console's operations are typed from (console/lib/graphql-env.d.ts, also written by `npm run schema:print`)", async () => {
    expect(fs.readFileSync(GRAPHQL_ENV_FILE, 'utf8')).toBe(await graphqlEnv());
  });
});
