import type { ServerResponse } from 'node:http';

/**
 * A signal that aborts when the client goes away: when the request's own signal does, or when the
 * response closes before it was finished. (The server adapter does not abort `request.signal` while a
 * response is being streamed, so a reader who stopped an answer would leave it running, unstored.)
 */
export function clientSignalOf(request: Request, response: ServerResponse | undefined): AbortSignal {
  if (typeof response?.once !== 'function') return request.signal;
  const controller = new AbortController();
  const abort = () => controller.abort(request.signal?.reason);
  if (request.signal?.aborted) abort();
  request.signal?.addEventListener('abort', abort, { once: true });
  response.once('close', () => {
    if (!response.writableFinished) abort();
  });
  return controller.signal;
}
