import type { IncomingMessage } from 'node:http';

/**
 * The address of the client a request comes from, for per-client rate limits: the socket's peer, or,
 * behind `trustedProxies` proxies, the address the outermost of them saw (X-Forwarded-For is read
 * from the right, past the hops Folio trusts; what a client writes further left is ignored).
 */
export function clientAddressOf(req: IncomingMessage | undefined, request: Request, trustedProxies: number): string {
  const peer = req?.socket?.remoteAddress ?? 'local';
  if (trustedProxies === 0) return peer;
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - trustedProxies] ?? forwarded[0] ?? peer;
}
