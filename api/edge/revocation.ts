import type { ExecutionResult } from 'graphql';
import type { RequestAuth } from '../auth/request-auth.ts';
import { unauthenticated } from '../errors.ts';

/** How often a long-lived stream checks that its API key has not been revoked meanwhile. */
export const KEY_RECHECK_MS = 5_000;

/**
 * A subscription's results, ended when its key is revoked (looked up again every few seconds; the
 * last result is then an UNAUTHENTICATED error) or when its consumer stops reading. Either way `done`
 * is aborted: the resolvers producing the results watch it (GraphQLContext.signal) and stop their work.
 */
export function endWhenKeyRevoked(
  source: AsyncIterable<ExecutionResult>,
  auth: RequestAuth,
  done: AbortController,
  intervalMs = KEY_RECHECK_MS,
): AsyncGenerator<ExecutionResult> {
  const iterator = source[Symbol.asyncIterator]();
  let onRevoked: () => void = () => undefined;
  const revoked = new Promise<'revoked'>((resolve) => (onRevoked = () => resolve('revoked')));
  const timer = setInterval(() => {
    auth.isStillValid().then(
      (isValid) => isValid || onRevoked(),
      () => undefined,
    );
  }, intervalMs);
  timer.unref();

  return (async function* guarded() {
    try {
      for (;;) {
        const next = await Promise.race([iterator.next(), revoked]);
        if (next === 'revoked') {
          yield { errors: [unauthenticated('The API key of this stream was revoked; the stream has ended.')] };
          return;
        }
        if (next.done) return;
        yield next.value;
      }
    } finally {
      clearInterval(timer);
      done.abort();
      // Not awaited: a generator waiting for its next event finishes once it sees `done` aborted.
      iterator.return?.().catch(() => undefined);
    }
  })();
}

/**
 * A stream response that ends (closes) when its key is revoked: graphql-sse's single-connection
 * stream, which may stay open with no operation in it, so no operation's results would notice.
 */
export function closeWhenKeyRevoked(response: Response, auth: RequestAuth, intervalMs = KEY_RECHECK_MS): Response {
  if (!response.body) return response;
  const reader = response.body.getReader();
  let timer: NodeJS.Timeout | undefined;
  let isClosed = false;
  const close = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    if (isClosed) return;
    isClosed = true;
    clearInterval(timer);
    controller.close();
    reader.cancel().catch(() => undefined);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(() => {
        auth.isStillValid().then(
          (isValid) => isValid || close(controller),
          () => undefined,
        );
      }, intervalMs);
      timer.unref();
    },
    async pull(controller) {
      const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (isClosed) return;
      if (next.done) close(controller);
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      isClosed = true;
      clearInterval(timer);
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
