/**
 * Whether an error only says that the client went away in the middle of its request (Node's
 * "aborted", ECONNRESET, for a body cut off). That is normal, not a failure of Folio: it is logged at
 * debug level, without a stack.
 */
export function isClientGone(error: unknown, request?: Request): boolean {
  if (request?.signal?.aborted) return true;
  return error instanceof Error && error.message === 'aborted' && (error as NodeJS.ErrnoException).code === 'ECONNRESET';
}
