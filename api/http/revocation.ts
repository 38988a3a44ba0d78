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
    auth.isStillValid().then((isValid) => isValid || onRevoked(), () => undefined);
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
