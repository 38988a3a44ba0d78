import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '../db/database.ts';
import { listen, type RunningServer } from '../http/server.ts';
import { matchFileRoute, serveFile } from '../http/static-files.ts';
import { FILE_ROUTES } from '../http/file-routes.ts';
import { serveSite, type SiteSource } from '../sites/serve-site.ts';

/**
 * One deployment's site at the root of a private address (127.0.0.1, a free port), with the widget's
 * files, for the browser that takes its screenshots. A worker may run without a web server, and the
 * deployment it shoots is the one it was asked for, live or not.
 */
export function serveDeploymentLocally(db: Db, subdomain: string, source: SiteSource): Promise<RunningServer> {
  const answer = async (incoming: IncomingMessage): Promise<Response> => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const request = new Request(url, { method: incoming.method, headers: incoming.headers as Record<string, string> });
    const files = matchFileRoute(FILE_ROUTES, url.pathname);
    if (files) return serveFile(files, request, url.pathname);
    return serveSite(db, request, { subdomain, base: '', origin: url.origin }, url.pathname, source);
  };
  const handler = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    answer(incoming)
      .then(async (response) => {
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => outgoing.writeHead(404).end());
  };
  return listen(handler, '127.0.0.1', 0);
}
