import { useSofa } from '@graphql-yoga/plugin-sofa';
import { GraphQLError } from 'graphql';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { RequestAuth } from './auth/request-auth.ts';
import type { Db } from './db/database.ts';
import { AppError, errorResponse, withErrorBody } from './errors.ts';
import type { Events } from './events.ts';
import { assertReadableGetParams, useGraphQLInputGuards } from './graphql-input.ts';
import { SSE_ENDPOINT, useGraphQLSse } from './graphql-sse.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Logger } from './logger.ts';
import type { SearchIndexes } from './search/search-indexes.ts';
import { useOmitNullsInRest } from './rest/omit-nulls.ts';
import { openApiDocument } from './rest/openapi.ts';
import { assertDeclaredLengthWithin } from './request-body.ts';
import { passRestGate } from './rest/rest-gate.ts';
import { REST_BASE_PATH, sofaRoutes } from './rest/routes.ts';
import { sofaErrorHandler } from './rest/sofa-errors.ts';
import type { GraphQLContext } from './schema/context.ts';
import { schema } from './schema/index.ts';

export interface AppDeps {
  db: Db;
  events: Events;
  jobs: Jobs;
  log: Logger;
  searchIndexes: SearchIndexes;
  maxBodyBytes: number;
}

export type App = YogaServerInstance<Record<string, unknown>, GraphQLContext>;

const GRAPHQL_ENDPOINT = '/graphql';

/**
 * The whole HTTP surface as one fetch handler: GraphQL at /graphql, graphql-sse at /graphql/stream,
 * the SOFA-generated /v1 routes and their OpenAPI document, and yoga's /health. It never listens; main.ts does.
 */
export function createApp(deps: AppDeps): App {
  const auths = new WeakMap<Request, RequestAuth>();
  const authOf = (request: Request): RequestAuth => {
    let auth = auths.get(request);
    if (!auth) {
      auth = new RequestAuth(deps.db, request.headers.get('authorization'));
      auths.set(request, auth);
    }
    return auth;
  };

  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_ENDPOINT,
    landingPage: false,
    maxRequestBodySize: deps.maxBodyBytes,
    logging: false,
    context: ({ request }) => ({
      db: deps.db,
      events: deps.events,
      jobs: deps.jobs,
      searchIndexes: deps.searchIndexes,
      auth: authOf(request),
    }),
    maskedErrors: {
      maskError(error: unknown, message: string): Error {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original instanceof AppError) return error as GraphQLError;
        if (error instanceof GraphQLError && isClientError(error)) return error;
        deps.log.error('request failed', original ?? error);
        return new AppError('INTERNAL', message);
      },
    },
    plugins: [
      useHttpEdge({ deps, authOf }),
      useGraphQLInputGuards(),
      useOmitNullsInRest(),
      useSofa({
        basePath: REST_BASE_PATH,
        routes: sofaRoutes(),
        // SOFA types its handler with fets' Response; ours is the standard one it is built on.
        errorHandler: sofaErrorHandler(deps.log) as never,
      }),
      useGraphQLSse({ authOf, maxBodyBytes: deps.maxBodyBytes, log: deps.log }),
    ],
  });
}

/**
 * An error in what the client sent (its query, variables or request), as opposed to a failure while
 * serving it: graphql-js reports those with no cause or with another GraphQLError as the cause (a
 * variable that does not fit its type), and yoga marks its own with a 4xx HTTP status.
 */
function isClientError(error: GraphQLError): boolean {
  const status = (error.extensions.http as { status?: number } | undefined)?.status;
  if (status !== undefined) return status < 500;
  return !error.originalError || error.originalError instanceof GraphQLError;
}

/**
 * Runs first on every request: the OpenAPI document, 404 for unknown paths, the body size
 * limit, and the /v1 gate (see rest-gate.ts). Everything it refuses is answered `{"error", "code"}`.
 */
function useHttpEdge({ deps, authOf }: { deps: AppDeps; authOf: (request: Request) => RequestAuth }): Plugin {
  const openApiJson = JSON.stringify(openApiDocument(schema));
  return {
    onRequest({ request, url, endResponse }) {
      const path = url.pathname;
      const refuse = (error: unknown) => {
        if (error instanceof AppError) return endResponse(errorResponse(error));
        deps.log.error('request failed at the edge', error);
        endResponse(errorResponse(new AppError('INTERNAL', 'Internal error; the details were logged on the server.')));
      };
      try {
        if (path === `${REST_BASE_PATH}/openapi.json`) {
          if (request.method !== 'GET') {
            throw new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed here; use GET.`, { headers: { Allow: 'GET' } });
          }
          return endResponse(new Response(openApiJson, { headers: { 'content-type': 'application/json' } }));
        }
        if (path === GRAPHQL_ENDPOINT || path === SSE_ENDPOINT) {
          assertDeclaredLengthWithin(request, deps.maxBodyBytes);
          if (path === GRAPHQL_ENDPOINT) assertReadableGetParams(request, url);
          return;
        }
        if (path.startsWith(`${REST_BASE_PATH}/`)) {
          return passRestGate(request, path, { schema: () => schema, authOf, maxBodyBytes: deps.maxBodyBytes }).catch(
            refuse,
          );
        }
        refuse(new AppError('NOT_FOUND', `No endpoint ${request.method} ${path}.`));
      } catch (error) {
        refuse(error);
      }
    },
    // yoga's own HTTP refusals (415, 406, ...) can have empty bodies; a 413 leaves the rest of the
    // body unread, so its connection must close.
    async onResponse({ response, setResponse }) {
      if (response.status < 400) return;
      const isEmpty = (await response.clone().text()).trim() === '';
      let answer = isEmpty ? await withErrorBody(response) : response;
      if (answer.status === 413 && answer.headers.get('connection') !== 'close') {
        const headers = new Headers(answer.headers);
        headers.set('connection', 'close');
        answer = new Response(answer.body, { status: answer.status, headers });
      }
      if (answer !== response) setResponse(answer);
    },
  };
}
