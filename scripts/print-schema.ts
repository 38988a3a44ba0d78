// Writes schema.graphql from the Pothos schema, then the console's typed view of it (console/graphql-env.ts).
// Tests fail while either committed file is stale.
import fs from 'node:fs';
import { printedSchema } from '../api/schema/index.ts';
import { GRAPHQL_ENV_FILE, graphqlEnv, SCHEMA_FILE } from '../console/graphql-env.ts';

fs.writeFileSync(SCHEMA_FILE, printedSchema());
fs.writeFileSync(GRAPHQL_ENV_FILE, await graphqlEnv());
console.log('schema.graphql and console/lib/graphql-env.d.ts written');
