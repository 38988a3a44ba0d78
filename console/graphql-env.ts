/**
 * The schema as gql.tada reads it: console/lib/graphql-env.d.ts holds the introspection of schema.graphql
 * as a type, from which `tsc` types every operation in console/lib/documents.ts. It is written with
 * schema.graphql by `npm run schema:print`, committed, and a test fails while it is stale. These are the
 * calls `gql.tada generate output` makes; the CLI itself cannot run here, as it reads tsconfig.json through
 * TypeScript's JavaScript API, which TypeScript 7 does not have.
 */
import { fileURLToPath } from 'node:url';
import { loadFromSDL, minifyIntrospection, outputIntrospectionFile } from '@gql.tada/internal';

export const SCHEMA_FILE = fileURLToPath(new URL('../schema.graphql', import.meta.url));
export const GRAPHQL_ENV_FILE = fileURLToPath(new URL('lib/graphql-env.d.ts', import.meta.url));

/** The contents console/lib/graphql-env.d.ts should have for the schema.graphql on disk. */
export async function graphqlEnv(): Promise<string> {
  const { introspection } = await loadFromSDL({ file: SCHEMA_FILE }).load();
  return outputIntrospectionFile(minifyIntrospection(introspection), { fileType: '.d.ts', shouldPreprocess: true });
}
