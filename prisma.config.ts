import { defineConfig } from 'prisma/config';

// No datasource URL here: Folio resolves its database at run time (DATABASE_URL or the embedded server)
// and applies prisma/migrations itself. The CLI is only used to generate the client.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
