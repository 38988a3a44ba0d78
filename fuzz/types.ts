/** One request exactly as the fuzzer sends it. */
export interface RequestSpec {
  method: string;
  /** The request target (path and query), sent as written over raw sockets, resolved by fetch otherwise. */
  target: string;
  /** In order; a name may repeat (duplicate headers are only sent as such over raw sockets). */
  headers: [string, string][];
  body?: Uint8Array;
  /** `fetch` (undici) for what a client would send; `raw` (node:net) for what no client can. */
  via: 'fetch' | 'raw';
  /** raw: headers exactly as given, without the Host, Content-Length and Connection the client adds. */
  isExactHeaders?: boolean;
  /** raw: send the body with `Transfer-Encoding: chunked`. */
  isChunked?: boolean;
  /** raw: these bytes instead of a request made of the fields above (malformed HTTP). */
  bytes?: Uint8Array;
  /**
   * Leave early on purpose: after the status (a stream meant to stay open), after the first body
   * bytes, or before any answer (a client that disconnects). Only `after-headers` answers are checked.
   */
  leave?: 'after-headers' | 'mid-body' | 'before-answer';
}

/** What came back. */
export interface Reply {
  /** 0 when no answer came. */
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body as text (its first few MB). */
  body: string;
  ms: number;
  isTimedOut: boolean;
  /** Why no complete answer came (a reset, a close), when one did not. */
  failure?: string;
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
