/** What went wrong with a request, in words a docs team can act on. */
export class ConsoleError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
  }

  /** The key stopped opening its project (revoked, or from another Folio). */
  get isKeyRefused(): boolean {
    return this.status === 401;
  }
}

/** Folio's words where they help, the console's where they would not. */
export function consoleErrorOf(status: number, code: string | undefined, serverMessage: string | undefined): ConsoleError {
  if (status === 401)
    return new ConsoleError('Folio does not accept this key: it may have been revoked. Sign in again with an admin key.', code ?? 'UNAUTHENTICATED', 401);
  if (status === 429) return new ConsoleError(serverMessage ?? 'Too many requests. Try again in a minute.', code ?? 'RATE_LIMITED', 429);
  if (status >= 500) return new ConsoleError('Folio had a problem with this request. Try again in a moment; its log says more.', code ?? 'INTERNAL', status);
  return new ConsoleError(serverMessage ?? `The request failed (HTTP ${status}).`, code ?? `HTTP_${status}`, status);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}
