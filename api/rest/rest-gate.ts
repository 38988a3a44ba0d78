import type { GraphQLSchema } from 'graphql';
import type { RequestAuth } from '../auth/request-auth.ts';
import { AppError } from '../errors.ts';
import { assertStorable } from '../http/input-guards.ts';
import { readBodyText, replaceBodyText } from '../http/request-body.ts';
import { rememberRoute } from './request-route.ts';
import { matchRoute, type ApiRoute, type RouteMatch } from './routes.ts';
import { validateRouteInput } from './validate-input.ts';

export interface RestGateOptions {
  routes: readonly ApiRoute[];
  schema: GraphQLSchema;
  authOf: (request: Request) => RequestAuth;
  maxBodyBytes: number;
}

/**
 * Everything an API request must pass before its route runs: a known route (404) and method (405), a
 * valid key (401) of the right kind (403), no query parameters (400), a body within the limit (413),
 * JSON where JSON is required (415, 400), and, for JSON routes, arguments that fit the GraphQL field
 * (400 naming the field; a streaming route's subscription validates its own input). Throws the AppError
 * to answer with; returns the route (remembered for the request's later steps: request-route.ts) and
 * the parsed body when the route may run.
 */
export async function passRestGate(
  request: Request,
  pathname: string,
  options: RestGateOptions,
): Promise<{ match: RouteMatch; body: unknown; keyChecked: Promise<unknown> }> {
  const { match, allowed } = matchRoute(options.routes, request.method, pathname);
  if (!match) {
    if (allowed.length > 0) {
      throw new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed here; use ${allowed.join(' or ')}.`, {
        headers: { Allow: allowed.join(', ') },
      });
    }
    throw new AppError('NOT_FOUND', `No endpoint ${request.method} ${pathname}.`);
  }
  const { route } = match;
  // A JSON route has its key checked first. A streaming route's check runs on beside its subscription's
  // own lookups (the same lookup, made once per request), and the route answers only once it passed
  // (`keyChecked`); when another check fails here, a bad key is still what is reported.
  const keyChecked = options.authOf(request).requireKind(route.keyKind);
  keyChecked.catch(() => undefined);
  if (route.kind === 'json') await keyChecked;
  try {
    const { params, body } = await readCheckedInput(request, route, match.params, options);
    const checked = { route, params };
    rememberRoute(request, checked);
    return { match: checked, body, keyChecked };
  } catch (error) {
    await keyChecked;
    throw error;
  }
}

/** The path parameters and body of a request to `route`, after every check that needs no database. */
async function readCheckedInput(
  request: Request,
  route: ApiRoute,
  rawParams: Record<string, string>,
  options: RestGateOptions,
): Promise<{ params: Record<string, string>; body: unknown }> {
  // SOFA merges URL parameters into the arguments: only a route's own, checked here, may reach it.
  checkQueryParams(new URL(request.url).searchParams, route);

  const params = decodeParams(rawParams);
  let body: unknown;
  const text = await readBodyText(request, options.maxBodyBytes);
  if (!route.hasBody) {
    replaceBodyText(request, ''); // a route without a body ignores whatever was sent
  } else if (text.trim() !== '') {
    if (!isJsonContentType(request.headers.get('content-type'))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with "Content-Type: application/json".');
    }
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new AppError('INVALID_JSON', `The request body is not valid JSON: ${(error as Error).message}.`);
    }
  }
  if (route.kind === 'json') {
    validateRouteInput(options.schema, route, params, body);
  } else {
    // A streaming route's subscription validates its input; PostgreSQL could not store a NUL or a lone surrogate from it.
    assertStorable(body);
  }
  return { params, body };
}

/** A route's query parameters: only those it declares, each once, a whole number where it takes one (the field checks its range). */
function checkQueryParams(query: URLSearchParams, route: ApiRoute): void {
  const params = route.kind === 'json' ? (route.queryParams ?? {}) : {};
  const declared = Object.keys(params);
  for (const name of new Set(query.keys())) {
    if (!declared.includes(name)) {
      const takes = declared.length > 0 ? `takes ${declared.join(' and ')}` : `takes none${route.hasBody ? '; send fields in the JSON body' : ''}`;
      throw new AppError('INVALID_INPUT', `Unknown query parameter "${name}": this endpoint ${takes}.`, { field: name });
    }
    const values = query.getAll(name);
    if (values.length > 1) throw new AppError('INVALID_INPUT', `The query parameter "${name}" is given more than once.`, { field: name });
    const param = params[name]!;
    if (param.type === 'integer' && !/^\d{1,9}$/.test(values[0]!)) throw new AppError('INVALID_INPUT', `${name} must be a whole number.`, { field: name });
    if (param.type === 'string' && param.enum && !param.enum.includes(values[0]!)) {
      throw new AppError('INVALID_INPUT', `${name} must be one of ${param.enum.join(', ')}.`, { field: name });
    }
    if (values[0]!.length > 1000) throw new AppError('INVALID_INPUT', `${name} must be at most 1,000 characters long.`, { field: name });
  }
}

function decodeParams(raw: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw new AppError('INVALID_INPUT', `The ${name} in the path is not validly percent-encoded.`, { field: name });
    }
  }
  return params;
}

function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const type = header.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}
