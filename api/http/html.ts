/** Text made safe to put in HTML (element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** A page that runs nothing: styles of its own and inline images only. */
export const NO_SCRIPT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * An HTML page Folio writes itself, under a strict Content-Security-Policy (by default: no script at
 * all), never framed.
 */
export function htmlResponse(html: string, init: { status?: number; cacheControl?: string; policy?: string } = {}): Response {
  return new Response(html, {
    status: init.status ?? 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': init.policy ?? NO_SCRIPT_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': init.cacheControl ?? 'no-cache',
    },
  });
}
