import { GraphQLError } from 'graphql';
import { jsonResponse } from './http.ts';

/** The closed set of error codes a client can see, with their HTTP statuses. */
export const ERROR_STATUS = {
  INVALID_JSON: 400,
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The one error class for failures a client should see. As a GraphQL error it carries
 * `extensions.code` and `extensions.http.status`; REST turns it into `{"error", "code"}`.
 */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message: string, options: { field?: string; headers?: Record<string, string> } = {}) {
    const status = ERROR_STATUS[code];
    super(message, {
      extensions: {
        code,
        ...(options.field ? { field: options.field } : {}),
        http: { status, ...(options.headers ? { headers: options.headers } : {}) },
      },
    });
    this.code = code;
    this.status = status;
  }
}

export const unauthenticated = (message: string) =>
  new AppError('UNAUTHENTICATED', message, { headers: { 'WWW-Authenticate': 'Bearer realm="folio"' } });

export const invalidInput = (field: string, message: string) => new AppError('INVALID_INPUT', message, { field });

export const notFound = (message: string) => new AppError('NOT_FOUND', message);

export const forbidden = (message: string) => new AppError('FORBIDDEN', message);

/** The JSON body of every REST error. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  field?: string;
}

export function errorBody(error: AppError): ErrorBody {
  const field = error.extensions.field as string | undefined;
  return { error: error.message, code: error.code, ...(field ? { field } : {}) };
}

export function errorResponse(error: AppError): Response {
  const headers = (error.extensions.http as { headers?: Record<string, string> } | undefined)?.headers;
  return jsonResponse(errorBody(error), { status: error.status, headers });
}

/** The code of an HTTP error status, for answers made by a library rather than by an AppError. */
export function codeOfStatus(status: number): ErrorCode {
  const known = Object.entries(ERROR_STATUS).find(([code, value]) => value === status && code !== 'INVALID_JSON');
  if (known) return known[0] as ErrorCode;
  return status >= 500 ? 'INTERNAL' : 'INVALID_INPUT';
}

/**
 * An error answer made by a library (graphql-sse, yoga's HTTP checks) in Folio's shape: an empty,
 * plain-text or `{"errors": [{message}]}` body becomes `{"error", "code"}`, with `hint` after the
 * library's message. Successful answers and Folio's own errors pass unchanged.
 */
export async function withErrorBody(response: Response, hint = ''): Promise<Response> {
  if (response.status < 400) return response;
  const text = await response.text();
  const parsed = parseJsonObject(text);
  if (typeof parsed?.error === 'string' && typeof parsed.code === 'string') return new Response(text, response);
  const errors = Array.isArray(parsed?.errors) ? (parsed.errors as { message?: unknown }[]) : [];
  const said = errors.map((error) => String(error.message ?? '')).join('; ') || (parsed ? '' : text.trim()) || response.statusText || `HTTP ${response.status}`;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const message = hint ? `${said.replace(/\.?$/, '.')} ${hint}` : said;
  return jsonResponse({ error: message, code: codeOfStatus(response.status) }, { status: response.status, headers });
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
