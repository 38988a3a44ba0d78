// npm run db:migration -- <name>: creates prisma/migrations/<UTC timestamp>_<name>/migration.sql to fill in.
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../api/db/migrate.ts';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:migration -- <name in snake_case>');
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(
  path.join(dir, 'migration.sql'),
  `-- ${name}: write the SQL that takes the previous migrations to prisma/schema.prisma.\n` +
    '-- npm test fails (test/db/schema-drift.test.ts) until tables and columns match the Prisma schema.\n',
);
console.log(`created ${path.relative(process.cwd(), dir)}/migration.sql`);
