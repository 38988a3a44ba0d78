import type { Problem } from './checks.ts';
import type { Reply, RequestSpec } from './types.ts';

/** JSON-RPC's code for an error inside the server: a failure, though the HTTP status says 200. */
const INTERNAL_ERROR = -32603;

/**
 * A request to a site's MCP server (`/sites/{subdomain}/mcp`, `/authed/mcp`, a preview's), its path
 * resolved as the server resolves it (`/sites/x/a/%2e%2e/mcp` is one): its answers are JSON-RPC's.
 */
export function isMcpRequest(request: RequestSpec): boolean {
  let path: string;
  try {
    path = new URL(request.target, 'http://folio').pathname;
  } catch {
    return false;
  }
  return /^\/sites\/[^/]+(\/~preview\/[^/]+)?(\/authed)?\/mcp$/.test(path);
}

/**
 * What is wrong with an MCP server's answer: a refusal (4xx) that is not a JSON-RPC error, or a 200
 * that hides a failure of the server (a JSON-RPC internal error, or a tool result saying one).
 */
export function rpcProblems(reply: Reply): Problem[] {
  const json = parseJson(reply.body);
  if (reply.status >= 400) {
    if (isRpcError(json) || isTransportRefusal(json)) return [];
    const shape = reply.body.trim() === '' ? 'an empty body' : `a ${reply.headers['content-type'] ?? 'typeless'} body`;
    return [{ kind: 'error-body', summary: `${reply.status} with ${shape}, not a JSON-RPC error` }];
  }
  const messages = Array.isArray(json) ? json : [json];
  for (const message of messages as { error?: { code?: unknown }; result?: { isError?: boolean; content?: { text?: unknown }[] } }[]) {
    if (message?.error?.code === INTERNAL_ERROR) return [{ kind: '5xx', summary: `${reply.status} with a JSON-RPC internal error` }];
    const text = message?.result?.isError ? String(message.result.content?.[0]?.text ?? '') : '';
    if (text.startsWith(`MCP error ${INTERNAL_ERROR}`)) return [{ kind: '5xx', summary: `${reply.status} with a tool result that is an internal error` }];
  }
  return [];
}

/**
 * What the server refuses before any route sees the request (malformed HTTP, headers over 16 KB, an
 * Expect it does not do, a target that is no path): HTTP's refusals, answered `{error, code}` on every path.
 */
function isTransportRefusal(json: unknown): boolean {
  const { error, code } = (json ?? {}) as { error?: unknown; code?: unknown };
  if (code === 'HEADERS_TOO_LARGE' || code === 'EXPECTATION_FAILED') return true;
  return code === 'INVALID_INPUT' && /^The request (is not valid HTTP|target must be a path|has no Host header)|^The Host header/.test(String(error));
}

function isRpcError(json: unknown): boolean {
  const error = (json as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return (json as { jsonrpc?: unknown })?.jsonrpc === '2.0' && Number.isInteger(error?.code) && typeof error?.message === 'string';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
