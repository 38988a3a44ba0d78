import type { Reader } from '../analytics/record.ts';
import type { RequestAuth } from '../auth/request-auth.ts';
import type { Services } from '../services.ts';

/** What every resolver receives: the services of this process and the caller of this request. */
export interface GraphQLContext extends Services {
  auth: RequestAuth;
  /** Aborted when the caller goes away (or a subscription's key is revoked): long-running resolvers stop on it. */
  signal: AbortSignal;
  /** The client's address (per-client rate limits). */
  clientAddress: string;
  /** Who the request comes from, as analytics record it (never the address itself). */
  reader: Reader;
  /** The request's X-Folio-Search header (search-intent.ts): `typing` marks a search made as the reader types. */
  searchIntent: string | null;
}
