import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../errors.ts';
import { operationalError } from '../operational-error.ts';
import { errorBody } from './error-response.ts';
import { discardUnreadBody } from './unread-body.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Serves the app over HTTP. Closing stops accepting, ends open streams and waits for the rest. */
export async function listen(app: Handler, host: string, port: number): Promise<RunningServer> {
  // Host is checked here (requests without one get Folio's JSON error rather than Node's empty 400).
  const server: Server = createServer({ requireHostHeader: false }, (request, response) => {
    discardUnreadBody(request, response);
    const refusal = refusalOfTarget(request);
    if (refusal) return answer(response, 400, 'INVALID_INPUT', refusal);
    app(request, response);
  });
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  // Node answers an Expect other than 100-continue itself, with an empty 417.
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) =>
    answer(response, 417, 'EXPECTATION_FAILED', 'The Expect header asks for something this server does not do; only "Expect: 100-continue" is supported.'),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenFailure(error, host, port)));
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

/** Why the server could not listen, as one line saying which setting to change. */
function listenFailure(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `${host}:${port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return operationalError(`cannot listen on ${where}: another process uses this port; stop it or set PORT`, error);
    case 'EACCES':
      return operationalError(`cannot listen on ${where}: this port needs privileges; set PORT to 1024 or above`, error);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return operationalError(`cannot listen on ${where}: ${host} is not an address of this machine; set HOST (such as 127.0.0.1 or 0.0.0.0)`, error);
    default:
      return error;
  }
}

/**
 * Why a request cannot be served at all: a target that is not a path (`*`, or an absolute URL naming
 * another host), a missing Host header (HTTP/1.1 requires one), or one that makes no URL.
 */
function refusalOfTarget(request: IncomingMessage): string | undefined {
  const target = request.url ?? '';
  if (!target.startsWith('/')) return 'The request target must be a path, such as /v1/openapi.json.';
  const host = request.headers.host;
  if (host === undefined) {
    if (request.httpVersion !== '1.0') return 'The request has no Host header.';
    request.headers.host = 'localhost';
  }
  try {
    new URL(`http://${request.headers.host}${target}`);
  } catch {
    return 'The Host header or the request target is not valid.';
  }
  return undefined;
}

function answer(response: ServerResponse, status: number, code: ErrorCode, message: string): void {
  const body = JSON.stringify(errorBody(code, message));
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
  response.end(body);
}

/**
 * Requests Node refuses before the app sees them (headers over 16 KB, malformed HTTP) get the same
 * `{"error", "code"}` body as everything else, then the connection closes.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || !error.code?.startsWith('HPE_')) return void socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify(
    tooLarge ? errorBody('HEADERS_TOO_LARGE', 'The request headers are larger than 16 KB.') : errorBody('INVALID_INPUT', 'The request is not valid HTTP.'),
  );
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
