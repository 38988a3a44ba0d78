/** The one origin a browser may name that is not a URL: the origin Folio itself is reached at. */
export const SELF_ORIGIN = 'self';

/** `scheme://host[:port]` of an http(s) origin as browsers send it, or undefined when `value` is not one. */
export function normalisedOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser request from `origin` (its Origin header) may use a key limited to `allowed`: an
 * origin in the list, or, with `self`, a page of the same host Folio was reached at (`host`, its Host
 * header: a TLS proxy in front may change the scheme, never the host).
 */
export function isOriginAllowed(allowed: readonly string[], origin: string | null, host: string | null): boolean {
  if (allowed.length === 0) return true;
  if (!origin) return false;
  if (allowed.includes(origin)) return true;
  if (!allowed.includes(SELF_ORIGIN) || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
