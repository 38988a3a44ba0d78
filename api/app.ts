import { useSofa } from '@graphql-yoga/plugin-sofa';
import { GraphQLError } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { callerOf } from './analytics/callers.ts';
import { SEARCH_INTENT_HEADER } from './analytics/search-intent.ts';
import { RequestAuth } from './auth/request-auth.ts';
import { AppError, internalError } from './errors.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddressOf } from './http/client-address.ts';
import { clientSignalOf } from './http/client-signal.ts';
import { useCors } from './edge/cors.ts';
import { useHttpEdge } from './edge/edge.ts';
import { prepareStreamOperations } from './edge/prepare-operations.ts';
import { useGraphQLInputGuards } from './edge/graphql-input.ts';
import { useGraphQLSse } from './edge/graphql-sse.ts';
import { GRAPHQL_ENDPOINT } from './http/paths.ts';
import { useOmitNullsInRest } from './rest/omit-nulls.ts';
import { openApiDocument } from './rest/openapi.ts';
import { isApiPath, ROUTE_TABLE, sofaOptions, type RouteTable } from './rest/routes.ts';
import { sofaErrorHandler } from './rest/sofa-errors.ts';
import { withRootTypeSyntax } from './rest/sofa-root-types.ts';

type SofaErrorHandler = NonNullable<Parameters<typeof useSofa>[0]['errorHandler']>;
import type { GraphQLContext } from './schema/context.ts';
import { schema } from './schema/index.ts';
import type { Services } from './services.ts';

export type App = YogaServerInstance<Record<string, unknown>, GraphQLContext>;

/**
 * The whole HTTP surface as one fetch handler: the edge (api/http/edge.ts) first, then GraphQL at
 * /graphql, graphql-sse at /graphql/stream and the SOFA-generated JSON routes. It never listens;
 * main.ts does. `routes` is the route table (tests may pass one with routes of their own).
 */
export function createApp(services: Services, routes: RouteTable = ROUTE_TABLE): App {
  const { config, log } = services;
  const auths = new WeakMap<Request, RequestAuth>();
  const authOf = (request: Request): RequestAuth => {
    let auth = auths.get(request);
    if (!auth) {
      auth = new RequestAuth(services.keys, request.headers.get('authorization'), { origin: request.headers.get('origin'), host: new URL(request.url).host });
      auths.set(request, auth);
    }
    return auth;
  };

  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema: withRootTypeSyntax(schema),
    graphqlEndpoint: GRAPHQL_ENDPOINT,
    // yoga answers any path ending in its health endpoint (even /v1/search/health); the edge answers
    // /health instead, so this one is set to a path no request can have (URLs hold no spaces).
    healthCheckEndpoint: ' answered by the edge',
    cors: false,
    landingPage: false,
    // The edge applies MAX_BODY_BYTES to every body (api/http/request-body.ts), /graphql's included.
    maxRequestBodySize: false,
    // The edge has read the body by then; multipart (file uploads) is for schemas with files, which this one has none of.
    multipart: false,
    logging: false,
    context: ({ request, req, res }: { request: Request; req?: IncomingMessage; res?: ServerResponse }) => {
      const clientAddress = clientAddressOf(req, request, config.trustedProxies);
      return {
        ...services,
        auth: authOf(request),
        signal: clientSignalOf(request, res),
        clientAddress,
        reader: { caller: callerOf(request, config.siteDomain), clientAddress, userAgent: request.headers.get('user-agent') },
        searchIntent: request.headers.get(SEARCH_INTENT_HEADER),
      };
    },
    maskedErrors: {
      maskError(error: unknown, _message: string): Error {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original instanceof AppError) return error as GraphQLError;
        if (error instanceof GraphQLError && isClientError(error)) return error;
        log.error('request failed', original ?? error);
        return internalError();
      },
    },
    plugins: [
      useCors(
        config.corsOrigins,
        (path) => isApiPath(path) || path.startsWith(GRAPHQL_ENDPOINT),
        async (request) =>
          request.headers.has('authorization')
            ? (
                await authOf(request)
                  .holder()
                  .catch(() => undefined)
              )?.allowedOrigins
            : undefined,
      ),
      useHttpEdge({
        services,
        routes,
        schema,
        openApiJson: JSON.stringify(openApiDocument(schema, routes.api)),
        authOf,
        maxBodyBytes: config.maxBodyBytes,
        log,
      }),
      useGraphQLInputGuards(),
      useOmitNullsInRest(),
      ...sofaOptions(routes.api).map((options) =>
        useSofa({
          ...options,
          // SOFA types its handler with fets' typed Response; ours is the standard one fets is built on.
          errorHandler: sofaErrorHandler(log) as SofaErrorHandler,
        }),
      ),
      useGraphQLSse({ authOf, maxBodyBytes: config.maxBodyBytes, log }),
    ],
  });
}

/** The app of a long-lived process: its streaming routes' operations parsed and validated before the first request. */
export function createPreparedApp(services: Services): App {
  const app = createApp(services);
  prepareStreamOperations(app, ROUTE_TABLE);
  return app;
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
