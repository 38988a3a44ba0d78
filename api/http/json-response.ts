/** A JSON response. (Node 20's `Response.json` bodies reach the client empty through the server adapter.) */
export function jsonResponse(value: unknown, init: { status?: number; headers?: Headers | Record<string, string> } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(value), { status: init.status ?? 200, headers });
}
