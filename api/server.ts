import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { App } from './app.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the app over HTTP. Closing stops accepting, ends open streams and waits for the rest. */
export async function listen(app: App, host: string, port: number): Promise<RunningServer> {
  const server: Server = createServer(app);
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      }),
  };
}

/**
 * Requests Node refuses before the app sees them (headers over 16 KB, malformed HTTP) get the same
 * `{"error", "code"}` body as everything else, then the connection closes.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || !error.code?.startsWith('HPE_')) return void socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify(
    tooLarge
      ? { error: 'The request headers are larger than 16 KB.', code: 'HEADERS_TOO_LARGE' }
      : { error: 'The request is not valid HTTP.', code: 'INVALID_INPUT' },
  );
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
