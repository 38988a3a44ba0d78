import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema } from '../../api/schema/index.ts';

describe('schema.graphql', () => {
  it('is the committed print of the running schema (run `npm run schema:print` after changing types)', () => {
    const committed = fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(printedSchema());
  });
});
