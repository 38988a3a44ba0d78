// Raw HTTP/1.1 over a socket of its own: requests no HTTP client would send, answers read byte for byte.
import net from 'node:net';

/** One request as a raw socket sends it: made of these fields, or `bytes` as they are. */
export interface RawRequest {
  method: string;
  /** The request target (path and query), sent as written. */
  target: string;
  /** In order; a name may repeat. */
  headers: [string, string][];
  body?: Uint8Array;
  /** Headers exactly as given, without the Host, Content-Length and Connection the client adds. */
  isExactHeaders?: boolean;
  /** Send the body with `Transfer-Encoding: chunked`. */
  isChunked?: boolean;
  /** These bytes instead of a request made of the fields above (malformed HTTP). */
  bytes?: Uint8Array;
  /**
   * Leave early on purpose: after the status (a stream meant to stay open), after the first body
   * bytes, or before any answer (a client that disconnects).
   */
  leave?: 'after-headers' | 'mid-body' | 'before-answer';
}

/** What came back. */
export interface RawReply {
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
}

/** Bodies are kept up to this much; the rest is read and dropped. */
export const KEPT_BODY_BYTES = 4 * 1024 * 1024;

const CHUNK_BYTES = 64 * 1024;

/**
 * Writes raw bytes to a server and reads until it closes the connection (or 5 s pass): every answer
 * on the connection, as text.
 */
export function exchange(serverUrl: string, send: (socket: net.Socket) => void) {
  return new Promise<{ text: string; closedByServer: boolean }>((resolve) => {
    const { port } = new URL(serverUrl);
    const socket = net.connect(Number(port), '127.0.0.1', () => send(socket));
    let text = '';
    socket.on('data', (data) => (text += data.toString()));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedByServer: false });
    }, 5_000);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedByServer: true });
    });
  });
}

/** The status, the head (lower case, for `toContain`) and the parsed JSON body of one raw answer. */
export function parseAnswer(text: string): { status: number; headers: string; body: any } {
  const split = text.indexOf('\r\n\r\n');
  const body = text.slice(split + 4);
  return { status: parseHead(text.slice(0, split)).status, headers: text.slice(0, split).toLowerCase(), body: body ? JSON.parse(body) : undefined };
}

/** The status line's code and the headers (lower-case names) of an answer's head. */
function parseHead(head: string): { status: number; headers: Record<string, string> } {
  const lines = head.split('\r\n');
  const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers };
}

/** Sends a request over a socket of its own, bytes exactly as specified, and reads one answer. */
export function sendRaw(port: number, spec: RawRequest, timeoutMs: number): Promise<RawReply> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    const parser = new AnswerParser(spec.method === 'HEAD');
    let failure: string | undefined;
    let isTimedOut = false;
    let isDone = false;
    const finish = () => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      socket.destroy();
      const answer = parser.answer();
      resolve({
        status: answer?.status ?? 0,
        headers: answer?.headers ?? {},
        body: answer?.body ?? '',
        ms: performance.now() - started,
        isTimedOut,
        ...(answer?.isComplete || isTimedOut
          ? {}
          : { failure: failure ?? (answer ? 'the connection closed mid-answer' : 'the connection closed without an answer') }),
      });
    };
    const timer = setTimeout(
      () => {
        isTimedOut = !parser.isComplete() && spec.leave !== 'before-answer';
        finish();
      },
      spec.leave === 'before-answer' ? 50 : timeoutMs,
    );
    socket.on('data', (data) => {
      parser.push(data);
      if (parser.isComplete() || (spec.leave === 'after-headers' && parser.answer())) finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failure ??= error.code ?? error.message;
    });
    socket.on('close', () => {
      parser.closed();
      finish();
    });
    socket.on('connect', () => void write(socket, port, spec, parser).catch(() => undefined));
  });
}

async function write(socket: net.Socket, port: number, spec: RawRequest, parser: AnswerParser): Promise<void> {
  if (spec.bytes) return void socket.write(spec.bytes);
  const body = spec.body ?? new Uint8Array();
  const names = new Set(spec.headers.map(([name]) => name.toLowerCase()));
  const headers = [...spec.headers];
  if (!spec.isExactHeaders) {
    if (!names.has('host')) headers.unshift(['Host', `127.0.0.1:${port}`]);
    if (!names.has('connection')) headers.push(['Connection', 'close']);
    if (spec.isChunked) headers.push(['Transfer-Encoding', 'chunked']);
    else if (body.length > 0 && !names.has('content-length')) headers.push(['Content-Length', String(body.length)]);
  }
  const head = `${spec.method} ${spec.target} HTTP/1.1\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  await send(socket, Buffer.from(head, 'latin1'));
  // A client that asked to continue waits for the 100 (or any answer) a moment before sending its body.
  if (names.has('expect') && body.length > 0) await parser.firstBytes(1_000);
  if (parser.answer() && !parser.isInterim()) return;
  if (!spec.isChunked) return void (body.length > 0 && (await send(socket, body)));
  for (let at = 0; at < body.length; at += CHUNK_BYTES) {
    const chunk = body.subarray(at, at + CHUNK_BYTES);
    await send(socket, Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
    // As curl does: once the server has answered (a 413), the rest of the body is not wanted.
    if (socket.destroyed || (parser.answer() && !parser.isInterim())) return;
  }
  await send(socket, Buffer.from('0\r\n\r\n'));
}

function send(socket: net.Socket, bytes: Uint8Array): Promise<void> {
  if (socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    if (socket.write(bytes)) resolve();
    else {
      socket.once('drain', resolve);
      socket.once('close', resolve);
    }
  });
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  isComplete: boolean;
}

/** Reads one HTTP/1.1 answer (after any 100 Continue) framed by Content-Length, chunks or the close. */
class AnswerParser {
  private bytes = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  private isClosed = false;

  constructor(private readonly isHead: boolean) {}

  push(data: Buffer): void {
    if (this.bytes.length < KEPT_BODY_BYTES * 2) this.bytes = Buffer.concat([this.bytes, data]);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The server closed the connection: a body without a length ends here. */
  closed(): void {
    this.isClosed = true;
  }

  firstBytes(ms: number): Promise<void> {
    if (this.bytes.length > 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      setTimeout(resolve, ms);
    });
  }

  isInterim(): boolean {
    return /^HTTP\/1\.[01] 1\d\d /.test(this.bytes.toString('latin1', 0, 16)) && this.finalStart() === undefined;
  }

  isComplete(): boolean {
    return this.answer()?.isComplete ?? false;
  }

  answer(): Answer | undefined {
    const start = this.finalStart();
    if (start === undefined) return undefined;
    const end = this.bytes.indexOf('\r\n\r\n', start);
    if (end < 0) return undefined;
    const { status, headers } = parseHead(this.bytes.toString('latin1', start, end));
    const rest = this.bytes.subarray(end + 4);
    if (this.isHead || status === 204 || status === 304) return { status, headers, body: '', isComplete: true };
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) return { status, headers, ...dechunk(rest) };
    const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
    const body = rest.subarray(0, length).toString('utf8');
    return { status, headers, body, isComplete: length === undefined ? this.isClosed : rest.length >= length };
  }

  /** Where the final answer starts, past any 1xx interim answers. */
  private finalStart(): number | undefined {
    let at = 0;
    for (;;) {
      if (this.bytes.length - at < 12) return undefined;
      if (!/^HTTP\/\d\.\d 1\d\d/.test(this.bytes.toString('latin1', at, at + 12))) return at;
      const end = this.bytes.indexOf('\r\n\r\n', at);
      if (end < 0) return undefined;
      at = end + 4;
    }
  }
}

function dechunk(bytes: Buffer): { body: string; isComplete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(bytes.toString('latin1', at, lineEnd), 16);
    if (!Number.isFinite(size)) break;
    if (size === 0) return { body: Buffer.concat(parts).toString('utf8'), isComplete: true };
    if (bytes.length < lineEnd + 2 + size + 2) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return { body: Buffer.concat(parts).toString('utf8'), isComplete: false };
}
