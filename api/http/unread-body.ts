import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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
 * DISCARD_BYTES, or when the connection closes after this answer anyway (the client asked it to),
 * it closes the way web servers' lingering close does: the server's side ends, reading goes on
 * (discarding) until the client ends its side or LINGER_MS pass.
 */
export function discardUnreadBody(request: IncomingMessage, response: ServerResponse): void {
  // Before Node's own listener, which would otherwise discard an unread body with no bound, and
  // close a connection that ends with this answer at once (destroySoon), bytes unread.
  response.prependOnceListener('finish', () => {
    if (request.complete || request.destroyed) return;
    const { socket } = request;
    const linger = lingerer(socket);
    socket.destroySoon = linger;
    let discarded = 0;
    const discard = () => {
      for (let chunk: Buffer | null = request.read(); chunk !== null; chunk = request.read()) {
        discarded += chunk.byteLength;
        if (discarded > DISCARD_BYTES) linger();
      }
    };
    request.on('readable', discard);
    discard();
  });
}

/** Ends the server's side of `socket` once, then destroys it when the client ends its side, or after LINGER_MS. */
function lingerer(socket: Socket): () => void {
  let isLingering = false;
  return () => {
    if (isLingering) return;
    isLingering = true;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
    socket.end();
  };
}
