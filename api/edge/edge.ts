import type { GraphQLSchema } from 'graphql';
import type { Plugin, YogaServer } from 'graphql-yoga';
import type { RequestAuth } from '../auth/request-auth.ts';
import { AppError, appErrorOf, internalError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { passRestGate } from '../rest/rest-gate.ts';
import { routeOfRequest } from '../rest/request-route.ts';
import { isApiPath, matchPage, type RouteTable } from '../rest/routes.ts';
import { asksForCsv, csvResponse } from '../rest/csv-export.ts';
import type { Services } from '../services.ts';
import type { GraphQLContext } from '../schema/context.ts';
import { errorResponse, withErrorBody } from '../http/error-response.ts';
import { executeOperation, type OperationParams } from './execute-operation.ts';
import { assertReadableGetParams } from './graphql-input.ts';
import { jsonResponse } from '../http/json-response.ts';
import { GRAPHQL_ENDPOINT, HEALTH_PATH, OPENAPI_PATH, SSE_ENDPOINT } from '../http/paths.ts';
import { assertDeclaredLengthWithin, readBodyText } from '../http/request-body.ts';
import { isClientGone } from '../http/client-gone.ts';
import { matchFileRoute, serveFile } from '../http/static-files.ts';
import { serveStreamRoute } from './stream-route.ts';
import { isSiteDomain } from '../projects/preview-names.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddressOf } from '../http/client-address.ts';
import { clientSignalOf } from '../http/client-signal.ts';
import { isMcpPath, serveSiteMcp } from '../mcp/site-mcp.ts';
import { siteAddressOf } from '../sites/site-address.ts';
import { liveSiteSource, type OnView, serveSite, type SiteSource } from '../sites/serve-site.ts';
import { recordView } from '../analytics/record.ts';
import { isAiAgent } from '../analytics/callers.ts';

export interface EdgeOptions {
  services: Services;
  routes: RouteTable;
  schema: GraphQLSchema;
  openApiJson: string;
  authOf: (request: Request) => RequestAuth;
  maxBodyBytes: number;
  log: Logger;
}

/**
 * Runs first on every request and decides who answers it: /health and the OpenAPI document here; the
 * API routes after their gate (JSON routes by SOFA, streaming routes here); files; GraphQL and
 * graphql-sse after the body limit; 404 for everything else. Everything it refuses is answered
 * `{"error", "code"}`, and so are the empty-bodied refusals of the libraries behind it.
 */
export function useHttpEdge(options: EdgeOptions): Plugin {
  let yoga: YogaServer<Record<string, unknown>, GraphQLContext> | undefined;
  const refusal = (error: unknown, request?: Request): Response => {
    const app = appErrorOf(error);
    if (app) return errorResponse(app);
    if (isClientGone(error, request)) options.log.debug('the client left in the middle of its request');
    else options.log.error('request failed at the edge', error);
    return errorResponse(internalError());
  };

  return {
    onYogaInit({ yoga: instance }) {
      yoga = instance;
    },
    onRequest({ request, url, serverContext, endResponse }) {
      const path = url.pathname;
      try {
        const site = siteAddressOf(url, options.services.config);
        if (site) {
          const { db } = options.services;
          const servePage = () =>
            (isSiteDomain(site.address.subdomain) ? liveSiteSource(db, site.address.subdomain) : Promise.resolve(undefined)).then((source) =>
              serveSite(db, request, site.address, site.path, source, source && viewRecorder(options.services, source, request, serverContext)),
            );
          if (!isMcpPath(site.path)) return servePage().catch(refusal).then(endResponse);
          const clientAddress = clientAddressOf((serverContext as { req?: IncomingMessage }).req, request, options.services.config.trustedProxies);
          return serveSiteMcp(options.services, request, site, clientAddress)
            .then((answer) => answer ?? servePage())
            .catch(refusal)
            .then(endResponse);
        }
        if (path === HEALTH_PATH) {
          if (request.method !== 'GET' && request.method !== 'HEAD') throw methodNotAllowed(request.method, 'GET, HEAD');
          const { searchIndexes } = options.services;
          return endResponse(
            jsonResponse({ status: 'ok', warm: options.services.startup.isWarm, served: searchIndexes.served(), searchIndexes: searchIndexes.stats() }),
          );
        }
        if (path === OPENAPI_PATH) {
          if (request.method !== 'GET') throw methodNotAllowed(request.method, 'GET');
          return endResponse(new Response(options.openApiJson, { headers: { 'content-type': 'application/json' } }));
        }
        if (path === GRAPHQL_ENDPOINT || path === SSE_ENDPOINT) {
          if (path === GRAPHQL_ENDPOINT && request.method !== 'GET' && request.method !== 'POST') throw methodNotAllowed(request.method, 'GET, POST');
          assertDeclaredLengthWithin(request, options.maxBodyBytes);
          if (path === SSE_ENDPOINT) return; // graphql-sse.ts reads its body
          assertReadableGetParams(request, url);
          if (request.method !== 'POST') return;
          // The limit is applied here rather than by yoga, whose limit ends a streamed body's connection
          // before the client can read the 413; yoga then parses the text read here.
          return readBodyText(request, options.maxBodyBytes).then(
            () => undefined,
            (error: unknown) => endResponse(refusal(error, request)),
          );
        }
        if (isApiPath(path)) {
          const gate = { routes: options.routes.api, schema: options.schema, authOf: options.authOf, maxBodyBytes: options.maxBodyBytes };
          return passRestGate(request, path, gate)
            .then(async ({ match, body, keyChecked }) => {
              if (match.route.kind === 'json') return; // SOFA answers it
              const execute = (params: OperationParams) => executeOperation(yoga!, request, serverContext as object, params, options.authOf);
              const clientSignal = clientSignalOf(request, (serverContext as { res?: ServerResponse }).res);
              const matched = { route: match.route, params: match.params };
              endResponse(await serveStreamRoute(matched, body, keyChecked, clientSignal, execute, options.log));
            })
            .catch((error: unknown) => endResponse(refusal(error, request)));
        }
        const files = matchFileRoute(options.routes.files, path);
        if (files) return serveFile(files, request, path).catch(refusal).then(endResponse);
        const page = matchPage(options.routes.pages, path);
        if (page) {
          if (request.method !== 'GET' && request.method !== 'HEAD') throw methodNotAllowed(request.method, 'GET, HEAD');
          return page.page.render(page.params, options.services).catch(refusal).then(endResponse);
        }
        throw new AppError('NOT_FOUND', `No endpoint ${request.method} ${path}.`);
      } catch (error) {
        endResponse(refusal(error));
      }
    },
    // yoga's own HTTP refusals (405, 406, 413, 415) can have empty or GraphQL-shaped bodies: they are
    // refusals of the request, not results of an operation, so they get Folio's body. A site's answers
    // are its own (the MCP server's errors are JSON-RPC's).
    async onResponse({ request, response, setResponse }) {
      const url = new URL(request.url);
      const match = routeOfRequest(request);
      if (match && response.status === 200 && request.method === 'GET') {
        if (asksForCsv(request, match)) setResponse(await csvResponse(response, match.route.field.split('.')[1]!));
        return;
      }
      if (response.status < 400 || siteAddressOf(url, options.services.config)) return;
      const isEmpty = (await response.clone().text()).trim() === '';
      if (isEmpty || HTTP_REFUSALS.has(response.status)) setResponse(await withErrorBody(response));
    },
  };
}

/** Records a page read of a live site: by an AI agent when asked as Markdown or when its user agent names one. */
function viewRecorder(services: Services, source: SiteSource, request: Request, serverContext: unknown): OnView {
  const userAgent = request.headers.get('user-agent');
  const reader = {
    caller: 'site' as const,
    clientAddress: clientAddressOf((serverContext as { req?: IncomingMessage }).req, request, services.config.trustedProxies),
    userAgent,
  };
  return ({ path, via }) =>
    recordView(services, { id: source.projectId, analyticsEnabled: source.analyticsEnabled ?? false }, reader, {
      path,
      via,
      isAi: via === 'markdown' || isAiAgent(userAgent),
    });
}

/** Statuses that refuse a request at the HTTP level, before any GraphQL operation runs. */
const HTTP_REFUSALS = new Set([405, 406, 413, 415]);

const methodNotAllowed = (method: string, allow: string) =>
  new AppError('METHOD_NOT_ALLOWED', `${method} is not allowed here; use ${allow.replace(', ', ' or ')}.`, { headers: { Allow: allow } });
