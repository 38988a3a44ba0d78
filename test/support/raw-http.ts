import net from 'node:net';

/**
 * Writes raw bytes to a server and reads until it closes the connection (or 5 s pass), for requests
 * no HTTP client would send.
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

/** The status and parsed JSON body of a raw HTTP answer. */
export function parseAnswer(text: string): { status: number; headers: string; body: any } {
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1]);
  const split = text.indexOf('\r\n\r\n');
  const body = text.slice(split + 4);
  return { status, headers: text.slice(0, split).toLowerCase(), body: body ? JSON.parse(body) : undefined };
}
