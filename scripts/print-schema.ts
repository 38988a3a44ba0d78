// Writes schema.graphql from the Pothos schema. Tests fail while the committed file is stale.
import fs from 'node:fs';
import { printedSchema } from '../api/schema/index.ts';

fs.writeFileSync(new URL('../schema.graphql', import.meta.url), printedSchema());
console.log('schema.graphql written');
