import { GraphQLError } from 'graphql';
import { AppError, ERROR_STATUS, internalError, type ErrorCode } from '../errors.ts';
import { errorResponse } from '../http/error-response.ts';
import type { Logger } from '../logger.ts';

/**
 * SOFA's error handler: the first error becomes the REST error body `{"error", "code"}` with its
 * status. Errors without a known code were masked by yoga already (and logged there); they answer 500.
 */
export function sofaErrorHandler(log: Logger) {
  return (errors: readonly unknown[]): Response => errorResponse(toAppError(errors[0], log));
}

function toAppError(error: unknown, log: Logger): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof GraphQLError) {
    if (error.originalError instanceof AppError) return error.originalError;
    const code = error.extensions?.code as string | undefined;
    if (code && code in ERROR_STATUS && code !== 'INTERNAL') {
      const http = error.extensions.http as { headers?: Record<string, string> } | undefined;
      return new AppError(code as ErrorCode, error.message, {
        field: error.extensions.field as string | undefined,
        headers: http?.headers,
      });
    }
    const status = (error.extensions?.http as { status?: number } | undefined)?.status;
    if (status === 400) return new AppError('INVALID_INPUT', error.message);
  }
  log.error('REST request failed', error);
  return internalError();
}
