import type { AppError } from '../errors.ts';

/**
 * How a streaming route writes a subscription's events as its response body. One encoder serves one
 * response, so it may keep state between events.
 */
export interface StreamEncoder {
  /** Headers of the successful answer, besides Content-Type; `first` is the first event. */
  headers(first: unknown): Record<string, string>;
  /** The body's media type. */
  contentType: string;
  /** The bytes of one event (empty when the event writes nothing). */
  encode(event: unknown): string;
  /** The last bytes of a stream that failed after it began, in the stream's own error format. */
  fail(error: AppError): string;
  /** The last bytes of a stream that ended normally. */
  end(): string;
}
