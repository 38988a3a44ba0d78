import { GraphQLError } from 'graphql';

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
  EXPECTATION_FAILED: 417,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The one error class for failures a client should see. As a GraphQL error it carries
 * `extensions.code` and `extensions.http.status`; REST turns it into `{"error", "code"}`.
 */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  readonly status: number;
  /** The REST body also says the message as `message`, where Mintlify's document names it so (the page API's 404). */
  readonly hasMessageField: boolean;

  constructor(code: ErrorCode, message: string, options: { field?: string; headers?: Record<string, string>; hasMessageField?: boolean } = {}) {
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
    this.hasMessageField = options.hasMessageField ?? false;
  }

  get field(): string | undefined {
    return this.extensions.field as string | undefined;
  }

  get headers(): Record<string, string> | undefined {
    return (this.extensions.http as { headers?: Record<string, string> } | undefined)?.headers;
  }
}

export const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', message, { headers: { 'WWW-Authenticate': 'Bearer realm="folio"' } });

export const invalidInput = (field: string, message: string) => new AppError('INVALID_INPUT', message, { field });

export const notFound = (message: string) => new AppError('NOT_FOUND', message);

export const forbidden = (message: string) => new AppError('FORBIDDEN', message);

/** What a client is told about a failure it did not cause (the details go to the server's log). */
export const internalError = () => new AppError('INTERNAL', 'Internal error; the details were logged on the server.');

/** The AppError an error is or wraps, if any. */
export function appErrorOf(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof GraphQLError && error.originalError instanceof AppError) return error.originalError;
  return undefined;
}
