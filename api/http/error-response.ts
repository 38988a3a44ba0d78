import { type AppError, ERROR_STATUS, type ErrorCode } from '../errors.ts';
import { jsonResponse } from './json-response.ts';

/** The JSON body of every HTTP error Folio answers, whoever refuses the request. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  field?: string;
  message?: string;
}

/** Builds every error body: the edge's, SOFA's, graphql-sse's, the streaming routes' and the socket's. */
export function errorBody(code: ErrorCode, message: string, field?: string): ErrorBody {
  return { error: message, code, ...(field ? { field } : {}) };
}

export function errorResponse(error: AppError): Response {
  const body = errorBody(error.code, error.message, error.field);
  return jsonResponse(error.hasMessageField ? { ...body, message: error.message } : body, { status: error.status, headers: error.headers });
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
 * library's message and the `field` that `fieldOf` reads in it. Successful answers and Folio's own
 * errors pass unchanged.
 */
export async function withErrorBody(response: Response, hint = '', fieldOf: (said: string) => string | undefined = () => undefined): Promise<Response> {
  if (response.status < 400) return response;
  const text = await response.text();
  const parsed = parseJsonObject(text);
  if (typeof parsed?.error === 'string' && typeof parsed.code === 'string') return new Response(text, response);
  const errors = Array.isArray(parsed?.errors) ? (parsed.errors as { message?: unknown }[]) : [];
  const said = errors.map((error) => String(error.message ?? '')).join('; ') || (parsed ? '' : text.trim()) || response.statusText || `HTTP ${response.status}`;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const message = hint ? `${said.replace(/\.?$/, '.')} ${hint}` : said;
  return jsonResponse(errorBody(codeOfStatus(response.status), message, fieldOf(said)), { status: response.status, headers });
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
