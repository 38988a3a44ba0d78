/** Text made safe to put in HTML (element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/**
 * An HTML page Folio writes itself: nothing in it may run (a Content-Security-Policy without scripts),
 * it is never framed, and its styles are its own.
 */
export function htmlResponse(html: string, init: { status?: number; cacheControl?: string } = {}): Response {
  return new Response(html, {
    status: init.status ?? 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': init.cacheControl ?? 'no-cache',
    },
  });
}
