import { setTimeout as sleep } from 'node:timers/promises';
import { APICallError } from '@ai-sdk/provider';

/** The first wait before a retry when the service does not say how long (the AI SDK's own default). */
const RETRY_DELAY_MS = 2000;
/** A service's own retry-after is followed up to this long. */
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Makes a model call, and makes it again up to `maxRetries` times when it fails in a way that may pass
 * (the provider says so: 408, 409, 429, 5xx, no connection), after the wait the service asks for or
 * 2 s, then twice as long each time. An abort ends the wait and throws the call's failure.
 */
export async function callWithRetries<T>(maxRetries: number, signal: AbortSignal | undefined, call: () => PromiseLike<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= maxRetries || signal?.aborted || !APICallError.isInstance(error) || !error.isRetryable) throw error;
      await sleep(retryDelay(error, RETRY_DELAY_MS * 2 ** attempt), undefined, { signal }).catch(() => undefined);
      if (signal?.aborted) throw error;
    }
  }
}

/** How long to wait before retrying: what the service asked for (retry-after-ms, retry-after), else `fallbackMs`. */
function retryDelay(error: APICallError, fallbackMs: number): number {
  const headers = error.responseHeaders ?? {};
  const milliseconds = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (milliseconds >= 0 && milliseconds <= MAX_RETRY_AFTER_MS) return milliseconds;
  const seconds = Number.parseFloat(headers['retry-after'] ?? '');
  if (seconds >= 0 && seconds * 1000 <= MAX_RETRY_AFTER_MS) return seconds * 1000;
  return fallbackMs;
}
