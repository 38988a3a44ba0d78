import type { Plugin } from 'graphql-yoga';
import { forbidden } from '../errors.ts';
import { errorResponse } from '../http/error-response.ts';

/** Which origins browsers may call the API from: any, or a list (CORS_ORIGINS). */
export type AllowedOrigins = '*' | readonly string[];

/** Headers a browser client may send: the key, JSON bodies, graphql-sse's stream token, and the widget's own (callers.ts, search-intent.ts). */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, X-GraphQL-Event-Stream-Token, Last-Event-ID, X-Folio-Client, X-Folio-Search';

/** Response headers browser clients read: the assistant's thread, the agent job's id, rate limits, stream kinds. */
const EXPOSED_HEADERS = [
  'X-Thread-Id',
  'X-Session-Id',
  'X-Message-Id',
  'Retry-After',
  'WWW-Authenticate',
  'X-Vercel-AI-Data-Stream',
  'X-Vercel-AI-UI-Message-Stream',
].join(', ');

const PREFLIGHT_MAX_AGE_S = 7200;

/**
 * CORS for the API paths, so the widget and AI SDK clients on other origins can call Folio: a
 * preflight is answered (403 for an origin that is not allowed), and answers to allowed origins carry
 * the headers clients read. Keys travel in the Authorization header, never in cookies, so credentials
 * are never allowed. (A key limited to some origins refuses the others itself: RequestAuth.)
 */
export function useCors(
  allowed: AllowedOrigins,
  isApiPath: (pathname: string) => boolean,
  /** The origins the request's key is limited to (none: any), when it has a valid key. */
  keyOrigins: (request: Request) => Promise<readonly string[] | undefined>,
): Plugin {
  const allows = (origin: string) => allowed === '*' || allowed.includes(origin);
  const originHeaders = (origin: string): Record<string, string> =>
    allowed === '*' ? { 'access-control-allow-origin': '*' } : { 'access-control-allow-origin': origin, vary: 'Origin' };

  return {
    onRequest({ request, url, endResponse }) {
      const origin = request.headers.get('origin');
      const isPreflight = request.method === 'OPTIONS' && origin !== null && request.headers.has('access-control-request-method');
      if (!isPreflight || !isApiPath(url.pathname)) return;
      if (!allows(origin)) {
        return endResponse(errorResponse(forbidden(`Requests from ${origin} are not allowed (CORS_ORIGINS).`)));
      }
      endResponse(
        new Response(null, {
          status: 204,
          headers: {
            ...originHeaders(origin),
            'access-control-allow-methods': 'GET, POST, PUT, DELETE',
            'access-control-allow-headers': ALLOWED_HEADERS,
            'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
          },
        }),
      );
    },
    async onResponse({ request, response }) {
      const origin = request.headers.get('origin');
      if (origin === null || !allows(origin) || !isApiPath(new URL(request.url).pathname)) return;
      // A key limited to some origins is answered to its own origin only, never to `*`.
      const limited = (await keyOrigins(request))?.length ? { 'access-control-allow-origin': origin, vary: 'Origin' } : undefined;
      for (const [name, value] of Object.entries(limited ?? originHeaders(origin))) {
        if (name === 'vary') response.headers.append(name, value);
        else response.headers.set(name, value);
      }
      response.headers.set('access-control-expose-headers', EXPOSED_HEADERS);
    },
  };
}
