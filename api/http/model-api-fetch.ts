import http from 'node:http';
import https from 'node:https';

/** Connections to model APIs are kept open between calls: an answer makes two or more in a row. */
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) } as const;

/** Statuses whose responses have no body (a Response with one cannot be made). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The `fetch` the AI SDK's providers call model APIs with: a request on node:http (or https) over a
 * kept-alive connection, its response streamed as it arrives. Node's own fetch (undici) costs more a
 * call (docs/performance.md, Assistant), and an answer waits on two calls or more. A request this does not cover (a Request object, a body other
 * than text or bytes, another scheme) goes to the global fetch. Like fetch, a request that cannot be
 * made rejects with TypeError('fetch failed') and its cause, so the provider retries it, and an abort
 * rejects (or ends the body) with the signal's reason.
 */
export const modelApiFetch: typeof fetch = (input, init = {}) => {
  const url = typeof input === 'string' || input instanceof URL ? new URL(input) : undefined;
  const { body, signal } = init;
  const isPlainBody = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
  if (!url || !isPlainBody || (url.protocol !== 'http:' && url.protocol !== 'https:')) return fetch(input, init);
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<Response>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const method = init.method ?? 'GET';
    const request = (secure ? https : http).request(
      url,
      { method, agent: agents[secure ? 'https:' : 'http:'], headers: Object.fromEntries(new Headers(init.headers)) },
      (response) => {
        const status = response.statusCode ?? 502;
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        const streamed = NO_BODY.has(status) || method === 'HEAD' ? null : bodyStream(response, signal);
        if (!streamed) response.resume();
        resolve(new Response(streamed, { status, statusText: response.statusMessage ?? '', headers }));
      },
    );
    const onAbort = () => request.destroy(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('close', () => signal?.removeEventListener('abort', onAbort));
    request.on('error', (error) => reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })));
    request.end(body ?? undefined);
  });
};

/** A response's bytes as a web stream, read as the consumer asks for them; an abort ends it with the signal's reason. */
function bodyStream(response: http.IncomingMessage, signal: AbortSignal | null | undefined): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const settle = (error?: unknown) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        if (error === undefined) controller.close();
        else controller.error(error);
      };
      const onAbort = () => {
        settle(signal!.reason);
        response.destroy();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      response.on('data', (chunk: Buffer) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) response.pause();
      });
      response.on('end', () => settle());
      // A connection cut before the body ended (as fetch does: a TypeError with the cause).
      const cut = (error?: Error) => settle(new TypeError('terminated', { cause: error ?? new Error('the connection closed before the response ended') }));
      response.on('error', cut);
      response.on('close', () => (response.complete ? settle() : cut()));
    },
    pull() {
      response.resume();
    },
    cancel() {
      settled = true;
      response.destroy();
    },
  });
}
