import { getOperationAST, GraphQLError, type ExecutionResult } from 'graphql';
import { TOKEN_HEADER_KEY, TOKEN_QUERY_KEY, type Response as SseResponse } from 'graphql-sse';
import { createHandler } from 'graphql-sse/lib/use/fetch';
import type { Plugin, YogaInitialContext } from 'graphql-yoga';
import type { RequestAuth } from './auth/request-auth.ts';
import { AppError, errorBody, errorResponse, withErrorBody } from './errors.ts';
import { nulRefusal } from './graphql-input.ts';
import type { Logger } from './logger.ts';
import { readBodyText } from './request-body.ts';
import { StreamReservations } from './sse-reservations.ts';

export const SSE_ENDPOINT = '/graphql/stream';

const PROTOCOL_HINT =
  'This endpoint speaks graphql-sse: send "Accept: text/event-stream" with a GraphQL request for a stream of its own, or reserve a stream with PUT (README, "The API").';

/** Unconnected single-connection streams one key may hold (see StreamReservations). */
const RESERVATIONS_PER_KEY = 20;

export interface GraphQLSseOptions {
  authOf: (request: Request) => RequestAuth;
  maxBodyBytes: number;
  log: Logger;
}

/**
 * GraphQL over Server-Sent Events (graphql-sse), single- and distinct-connection modes, on
 * /graphql/stream. Operations run through yoga's envelop (same context, auth, input guards and error
 * masking as /graphql). A subscription refused before it starts (bad key, wrong project, unknown id)
 * is answered with its HTTP status and a `{"error", "code"}` body, not hidden behind a generic 400;
 * so is everything else this endpoint refuses. Reserving a stream (PUT) takes a valid key.
 */
export function useGraphQLSse({ authOf, maxBodyBytes, log }: GraphQLSseOptions): Plugin<YogaInitialContext> {
  const serverContexts = new WeakMap<Request, object>();
  const reservations = new StreamReservations(RESERVATIONS_PER_KEY);
  let handler: ((request: Request) => Promise<Response>) | undefined;
  return {
    onYogaInit({ yoga }) {
      handler = createHandler(
        {
          async authenticate({ raw: request }) {
            if (request.method === 'PUT') {
              const holder = await authOf(request).holder();
              const token = reservations.reserve(holder.keyId);
              if (!token) {
                throw new AppError('RATE_LIMITED', `This key already holds ${RESERVATIONS_PER_KEY} streams that never connected; connect to them or wait ten minutes.`);
              }
              return token;
            }
            return streamTokenOf(request);
          },
          onConnect({ raw: request }) {
            const token = streamTokenOf(request);
            if (token) reservations.connected(token);
          },
          async onSubscribe(request, params) {
            const nul = nulRefusal(params);
            if (nul) return asHttpError(nul);
            const enveloped = yoga.getEnveloped({
              ...serverContexts.get(request.raw),
              request: request.raw,
              params,
            } as never);
            let document;
            try {
              document = enveloped.parse(params.query);
            } catch (error) {
              return asHttpError(error instanceof GraphQLError ? error : new GraphQLError(String(error)));
            }
            const errors: readonly GraphQLError[] = enveloped.validate(enveloped.schema, document);
            if (errors.length > 0) {
              const refusal = errors.find((error) => error instanceof AppError);
              return refusal ? asHttpError(refusal) : ({ data: null, errors } as ExecutionResult);
            }
            const contextValue = await enveloped.contextFactory();
            const operation = getOperationAST(document, params.operationName);
            const run = operation?.operation === 'subscription' ? enveloped.subscribe : enveloped.execute;
            const result = await run({
              schema: enveloped.schema,
              document,
              contextValue,
              variableValues: params.variables,
              operationName: params.operationName,
            });
            if (Symbol.asyncIterator in (result as object)) return result as AsyncIterable<ExecutionResult>;
            const single = result as ExecutionResult;
            const refusal = single.errors?.find((error) => error.originalError instanceof AppError || error instanceof AppError);
            if (refusal && single.data == null) return asHttpError(refusal);
            return { data: null, ...single } as ExecutionResult;
          },
        },
        yoga.fetchAPI,
      );
    },
    onRequest({ request, url, serverContext, endResponse }) {
      if (url.pathname !== SSE_ENDPOINT || !handler) return;
      serverContexts.set(request, serverContext as object);
      const serve = handler;
      return readBodyText(request, maxBodyBytes)
        .then(() => serve(request))
        .then((response) => withErrorBody(response, PROTOCOL_HINT), (error: unknown) => {
          if (error instanceof AppError) return errorResponse(error);
          log.error('graphql-sse request failed', error);
          return errorResponse(new AppError('INTERNAL', 'Internal error; the details were logged on the server.'));
        })
        .then(endResponse);
    },
  };
}

/** The reserved stream a request names (single-connection mode), if any. */
function streamTokenOf(request: Request): string | undefined {
  return request.headers.get(TOKEN_HEADER_KEY) ?? new URL(request.url).searchParams.get(TOKEN_QUERY_KEY) ?? undefined;
}

function asHttpError(error: GraphQLError): SseResponse {
  const app = error instanceof AppError ? error : error.originalError instanceof AppError ? error.originalError : undefined;
  const status = app?.status ?? 400;
  const body = app ? errorBody(app) : { error: error.message, code: 'INVALID_INPUT' };
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (status === 401) headers['www-authenticate'] = 'Bearer realm="folio"';
  return [JSON.stringify(body), { status, statusText: '', headers }];
}
