import { getOperationAST, GraphQLError, type ExecutionResult } from 'graphql';
import type { Response as SseResponse } from 'graphql-sse';
import { createHandler } from 'graphql-sse/lib/use/fetch';
import type { Plugin, YogaInitialContext } from 'graphql-yoga';
import { AppError, errorBody, invalidInput } from './errors.ts';
import { findNul } from './input-guards.ts';

export const SSE_ENDPOINT = '/graphql/stream';

/**
 * GraphQL over Server-Sent Events (graphql-sse), single- and distinct-connection modes, on
 * /graphql/stream. Operations run through yoga's envelop (same context, auth and error masking as
 * /graphql). A subscription refused before it starts (bad key, wrong project, unknown id) is answered
 * with its HTTP status and a `{"error", "code"}` body, not hidden behind a generic 400.
 */
export function useGraphQLSse(): Plugin<YogaInitialContext> {
  const serverContexts = new WeakMap<Request, object>();
  let handler: ((request: Request) => Promise<Response>) | undefined;
  return {
    onYogaInit({ yoga }) {
      handler = createHandler(
        {
          async onSubscribe(request, params) {
            const nulAt = findNul({ query: params.query, variables: params.variables ?? {} });
            if (nulAt) return asHttpError(invalidInput(nulAt.join('.'), `${nulAt.join('.')} contains a NUL character.`));
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
            const errors = enveloped.validate(enveloped.schema, document);
            if (errors.length > 0) return { data: null, errors } as ExecutionResult;
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
      return handler(request).then(endResponse);
    },
  };
}

function asHttpError(error: GraphQLError): SseResponse {
  const app = error instanceof AppError ? error : error.originalError instanceof AppError ? error.originalError : undefined;
  const status = app?.status ?? 400;
  const body = app ? errorBody(app) : { error: error.message, code: 'INVALID_INPUT' };
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (status === 401) headers['www-authenticate'] = 'Bearer realm="folio"';
  return [JSON.stringify(body), { status, statusText: '', headers }];
}
