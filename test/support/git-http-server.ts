import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A local Git smart-HTTP server (git http-backend behind node:http) that, like GitHub for a private
 * repository, answers 401 unless the request carries `Authorization: basic x-access-token:<token>`.
 * Serves the repositories below `root` at http://127.0.0.1:PORT/<owner>/<name>, and accepts pushes
 * from that token.
 */
export async function startGitHttpServer(root: string, token: string): Promise<{ url: string; close(): Promise<void> }> {
  const expected = `basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
  const server = http.createServer((request, response) => {
    if ((request.headers.authorization ?? '').toLowerCase() !== expected.toLowerCase()) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="GitHub"' }).end('Unauthorized');
      return;
    }
    const url = new URL(request.url!, 'http://localhost');
    const cgi = spawn('git', ['http-backend'], {
      env: {
        ...process.env,
        GIT_PROJECT_ROOT: path.resolve(root),
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: request.method!,
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        REMOTE_ADDR: '127.0.0.1',
        // An authenticated user: http-backend accepts pushes (receive-pack) only from one.
        REMOTE_USER: 'x-access-token',
      },
    });
    request.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    cgi.on('close', () => {
      const output = Buffer.concat(chunks);
      const split = output.indexOf('\r\n\r\n');
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of output.subarray(0, split).toString().split('\r\n')) {
        const [name, ...rest] = line.split(':');
        const value = rest.join(':').trim();
        if (name!.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else headers[name!] = value;
      }
      response.writeHead(status, headers).end(output.subarray(split + 4));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
