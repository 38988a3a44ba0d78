import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How much more of a body left unread by its answer (a 413, or a 401 before the body was looked at)
 * the server reads and throws away, so that a client still sending it can read the answer and go on
 * using the connection: a 5 MB body to a route taking 1 MiB keeps its connection.
 */
export const DISCARD_BYTES = 16 * 1024 * 1024;

/** How long a connection closed past DISCARD_BYTES still reads, so the client's last writes meet no reset. */
const LINGER_MS = 5_000;

/**
 * Once `response` is sent, reads and discards the rest of `request`'s body: closing the socket with
 * bytes unread would make the kernel answer the client's next write with a reset, and clients that
 * are still writing (Node's fetch) would report that (EPIPE) instead of the answer. Past
 * DISCARD_BYTES the connection is closed the way web servers' lingering close does it: the server's
 * side ends, reading goes on (discarding) until the client ends its side or LINGER_MS pass.
 */
export function discardUnreadBody(request: IncomingMessage, response: ServerResponse): void {
  // Before Node's own listener, which would otherwise discard an unread body with no bound.
  response.prependOnceListener('finish', () => {
    if (request.complete || request.destroyed) return;
    let discarded = 0;
    let isLingering = false;
    const discard = () => {
      for (let chunk: Buffer | null = request.read(); chunk !== null; chunk = request.read()) {
        discarded += chunk.byteLength;
        if (discarded > DISCARD_BYTES && !isLingering) {
          isLingering = true;
          lingeringClose(request);
        }
      }
    };
    request.on('readable', discard);
    discard();
  });
}

function lingeringClose(request: IncomingMessage): void {
  const { socket } = request;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once('close', () => clearTimeout(timer));
  socket.end();
}
