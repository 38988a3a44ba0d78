import type { RawReply, RawRequest } from '../test/support/raw-http.ts';

/** One request exactly as the fuzzer sends it. Only `after-headers` answers of those that leave early are checked. */
export interface RequestSpec extends RawRequest {
  /** `fetch` (undici) for what a client would send, the target resolved; `raw` (node:net) for what no client can, duplicate headers included. */
  via: 'fetch' | 'raw';
}

/** What came back. */
export interface Reply extends RawReply {
  /** The client could not even build this request (an invalid header for undici): nothing was sent. */
  isUnsendable?: boolean;
}

/** What a successful (200) body must be: a stream that ends with its finish part. */
export type StreamKind = 'data-stream-v4' | 'ui-message-stream' | 'agent-stream' | 'graphql-sse';

export interface FuzzCase {
  /** The route it belongs to, as the report groups them: `POST /v1/search/{domain}`, `/graphql`... */
  route: string;
  /** What it tries, in a few words. */
  label: string;
  request: RequestSpec;
  stream?: StreamKind;
  /** The field a 400 INVALID_INPUT must name (`field`): the one this case made hostile. */
  expectField?: string;
  /** A request that uses this one's answer (a graphql-sse token, say); checked like any other. */
  followUp?: (reply: Reply) => FuzzCase | undefined;
}

export type FindingKind = '5xx' | 'error-body' | 'hang' | 'crash' | 'no-answer' | 'stream' | 'stored' | 'log-error' | 'noisy-log';

export interface Finding {
  kind: FindingKind;
  route: string;
  /** What went wrong, in one line (status and code, or the log line). */
  summary: string;
  label: string;
  /** More to show with the example: the log entry with its stack. */
  detail?: string;
  request?: RequestSpec;
  reply?: Reply;
  /** The order the case was made in, so the same seed reports the same first example. */
  order: number;
}
