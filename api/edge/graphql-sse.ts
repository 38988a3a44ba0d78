import { TOKEN_HEADER_KEY, TOKEN_QUERY_KEY, type Response as SseResponse } from 'graphql-sse';
import { createHandler } from 'graphql-sse/lib/use/fetch';
import type { Plugin, YogaInitialContext } from 'graphql-yoga';
import type { RequestAuth } from '../auth/request-auth.ts';
import { AppError, appErrorOf, forbidden, internalError, notFound } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { errorBody, errorResponse, withErrorBody } from '../http/error-response.ts';
import { executeOperation, refusalOf } from './execute-operation.ts';
import { SSE_ENDPOINT } from '../http/paths.ts';
import { readBodyText } from '../http/request-body.ts';
import { isClientGone } from '../http/client-gone.ts';
import { closeWhenKeyRevoked } from './revocation.ts';
import { StreamReservations } from './sse-reservations.ts';

const PROTOCOL_HINT =
  'This endpoint speaks graphql-sse: send "Accept: text/event-stream" with a GraphQL request for a stream of its own, or reserve a stream with PUT (docs/api.md).';

/** The request parameter graphql-sse refuses ("Missing query", "Invalid variables"), if its message names one. */
const parameterOf = (said: string) => /^(?:Missing|Invalid) (query|operationName|variables|extensions)\b/.exec(said)?.[1];

/** Unconnected single-connection streams one key may hold (see StreamReservations). */
const RESERVATIONS_PER_KEY = 20;

/** Methods that may name a reserved stream: connect to it (GET/POST), send (POST) or stop (DELETE) an operation. */
const TOKEN_METHODS = new Set(['GET', 'POST', 'DELETE']);

export interface GraphQLSseOptions {
  authOf: (request: Request) => RequestAuth;
  maxBodyBytes: number;
  log: Logger;
}

/**
 * GraphQL over Server-Sent Events (graphql-sse), single- and distinct-connection modes, on
 * /graphql/stream. Operations run through yoga's envelop (executeOperation). A subscription refused
 * before it starts (bad key, wrong project, unknown id) is answered with its HTTP status and a
 * `{"error", "code"}` body, not hidden behind a generic 400; so is everything else this endpoint
 * refuses. Reserving a stream (PUT) takes a valid key, and a reserved stream answers only that key.
 */
export function useGraphQLSse({ authOf, maxBodyBytes, log }: GraphQLSseOptions): Plugin<YogaInitialContext> {
  const serverContexts = new WeakMap<Request, object>();
  const reservations = new StreamReservations(RESERVATIONS_PER_KEY);
  let handler: ((request: Request) => Promise<Response>) | undefined;

  /** A token this process issued, used by the key that reserved it (404 and 403 otherwise). */
  const assertOwnToken = async (request: Request, token: string) => {
    const owner = reservations.ownerOf(token);
    if (owner === undefined) throw notFound('No stream with this token: reserve one with PUT, then connect to it.');
    const holder = await authOf(request).holder();
    if (holder.keyId !== owner) throw forbidden('This stream was reserved with another API key.');
  };

  return {
    onYogaInit({ yoga }) {
      handler = createHandler(
        {
          async authenticate({ raw: request }) {
            if (request.method !== 'PUT') return streamTokenOf(request);
            const holder = await authOf(request).holder();
            const token = reservations.reserve(holder.keyId);
            if (!token) {
              throw new AppError(
                'RATE_LIMITED',
                `This key already holds ${RESERVATIONS_PER_KEY} streams that never connected; connect to them or wait ten minutes.`,
              );
            }
            return token;
          },
          onConnect({ raw: request }) {
            const token = streamTokenOf(request);
            if (!token) return;
            reservations.connected(token);
            request.signal?.addEventListener('abort', () => reservations.ended(token), { once: true });
          },
          async onSubscribe(request, params) {
            const result = await executeOperation(
              yoga,
              request.raw,
              serverContexts.get(request.raw) ?? {},
              { query: params.query, variables: params.variables ?? undefined, operationName: params.operationName ?? undefined },
              authOf,
            );
            if (Symbol.asyncIterator in result) return result;
            const refusal = refusalOf(result);
            return refusal ? asHttpError(refusal) : { data: null, ...result };
          },
        },
        yoga.fetchAPI,
      );
    },
    onRequest({ request, url, serverContext, endResponse }) {
      if (url.pathname !== SSE_ENDPOINT || !handler) return;
      serverContexts.set(request, serverContext as object);
      const serve = handler;
      const token = streamTokenOf(request);
      return readBodyText(request, maxBodyBytes)
        .then(async () => {
          if (token !== undefined && TOKEN_METHODS.has(request.method)) await assertOwnToken(request, token);
          const response = await withErrorBody(await serve(request), PROTOCOL_HINT, parameterOf);
          // A reserved stream may be idle (no operation to end with the key): it closes itself.
          const isReservedStream = token !== undefined && response.ok && response.headers.get('content-type')?.startsWith('text/event-stream');
          return isReservedStream ? closeWhenKeyRevoked(response, authOf(request)) : response;
        })
        .catch((error: unknown) => {
          const app = appErrorOf(error);
          if (app) return errorResponse(app);
          if (isClientGone(error, request)) log.debug('the client left in the middle of its request');
          else log.error('graphql-sse request failed', error);
          return errorResponse(internalError());
        })
        .then(endResponse);
    },
  };
}

/** The reserved stream a request names (single-connection mode), if any. */
function streamTokenOf(request: Request): string | undefined {
  return request.headers.get(TOKEN_HEADER_KEY) ?? new URL(request.url).searchParams.get(TOKEN_QUERY_KEY) ?? undefined;
}

function asHttpError(error: AppError): SseResponse {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', ...error.headers };
  return [JSON.stringify(errorBody(error.code, error.message, error.field)), { status: error.status, statusText: '', headers }];
}
