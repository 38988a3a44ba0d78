import type { RequestAuth } from '../auth/request-auth.ts';
import type { Db } from '../db/database.ts';
import type { Events } from '../events.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { SearchIndexes } from '../search/search-indexes.ts';

/** What every resolver receives: the services of this process and the caller of this request. */
export interface GraphQLContext {
  db: Db;
  events: Events;
  jobs: Jobs;
  auth: RequestAuth;
  searchIndexes: SearchIndexes;
}
