/** A refusal from Folio (`{error, code}` with a 4xx/5xx status), or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Reads Folio's error body into a message a reader can act on. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  let body: { error?: unknown; code?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not Folio's JSON (a proxy's page): the status says enough.
  }
  const code = typeof body.code === 'string' ? body.code : `HTTP_${response.status}`;
  const retryAfter = Number(response.headers.get('retry-after'));
  const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : undefined;
  return new ApiError(describe(response.status, typeof body.error === 'string' ? body.error : undefined, seconds), response.status, code, seconds);
}

function describe(status: number, serverMessage: string | undefined, retryAfter: number | undefined): string {
  if (status === 429) return `Too many requests. Try again in ${retryAfter ?? 'a few'} seconds.`;
  if (status === 401 || status === 403) return `This widget's key was refused: ${serverMessage ?? 'check its api-key'}`;
  if (status >= 500) return 'The documentation server had a problem. Try again in a moment.';
  return serverMessage ?? `The request failed (HTTP ${status}).`;
}

/** A message for anything thrown by a request. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return 'The documentation server could not be reached. Check your connection and try again.';
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}
