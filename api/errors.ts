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
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
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
