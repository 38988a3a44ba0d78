/**
 * JSON in localStorage, under keys of the widget's own (`folio:...`). Storage can be missing or full
 * (private windows, quotas, sandboxed frames): the widget then simply forgets.
 */
export function readStored<T>(key: string, isValid: (value: unknown) => value is T): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    const value = JSON.parse(raw) as unknown;
    return isValid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: nothing kept.
  }
}

/** Keys are per Folio server and site, so two widgets for different sites never share. */
export const storeKey = (kind: string, baseUrl: string, domain: string): string => `folio:${kind}:${baseUrl}:${domain}`;
