import type { RouteMatch } from './routes.ts';

/**
 * The API route each request was matched to, found once by the edge's gate (rest-gate.ts) and read by
 * every later step of the same request (leaving out nulls, CSV) instead of matching its path again.
 * Keyed by the Request object, which yoga hands unchanged to its plugins and to the operation's context.
 */
const matchedRoutes = new WeakMap<Request, RouteMatch>();

export function rememberRoute(request: Request, match: RouteMatch): void {
  matchedRoutes.set(request, match);
}

/** The request's API route, or undefined when it is not an API request that passed the gate. */
export function routeOfRequest(request: Request): RouteMatch | undefined {
  return matchedRoutes.get(request);
}
