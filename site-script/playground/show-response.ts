/** A response body is shown up to this many characters: a page holding megabytes of text stops responding. */
const MAX_SHOWN = 200_000;
const BINARY = /^(image|audio|video|font)\/|^application\/(octet-stream|pdf|zip|gzip)\b/i;

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = '') => {
  const created = document.createElement(tag);
  if (className) created.className = className;
  created.textContent = text;
  return created;
};

/**
 * The answer, as the playground shows it: the status and time in the live region (read out once), then
 * the headers the API lets a page read and the body, pretty-printed when it is JSON, described when it
 * is not text. Everything is text content: nothing the API sends becomes markup.
 */
export async function showResponse(status: HTMLElement, details: HTMLElement, response: Response, startedAt: number): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await response.arrayBuffer());
  const elapsed = Math.round(performance.now() - startedAt);
  const isOk = response.status < 400;
  const badge = element(
    'span',
    `api-status api-method-${isOk ? 'green' : response.status < 500 ? 'orange' : 'red'}`,
    `${response.status} ${response.statusText}`.trim(),
  );
  status.className = 'api-response-status';
  status.replaceChildren(badge, ` ${elapsed} ms`);

  const headers = element('details', '');
  const entries = [...response.headers];
  headers.append(element('summary', '', `Response headers (${entries.length})`));
  const list = element('dl', 'api-response-headers');
  for (const [name, value] of entries) list.append(element('dt', '', name), element('dd', '', value));
  headers.append(list);

  const block = element('div', 'code-block');
  const pre = element('pre', '');
  // Focusable, so a keyboard can scroll a long body (axe: scrollable-region-focusable).
  pre.tabIndex = 0;
  pre.setAttribute('aria-label', 'Response body');
  pre.append(element('code', '', bodyText(bytes, type)));
  block.append(element('p', 'code-title', type ? `Response body (${type.split(';')[0]})` : 'Response body'), pre);
  details.replaceChildren(headers, block);
  details.hidden = false;
}

function bodyText(bytes: Uint8Array, type: string): string {
  if (bytes.length === 0) return '(empty)';
  if (BINARY.test(type)) return `(${bytes.length} bytes of ${type.split(';')[0]})`;
  const text = new TextDecoder().decode(bytes);
  const shown = /json/i.test(type) || /^\s*[[{]/.test(text) ? pretty(text) : text;
  return shown.length > MAX_SHOWN ? `${shown.slice(0, MAX_SHOWN)}\n… (${shown.length - MAX_SHOWN} more characters not shown)` : shown;
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A request that never got an answer: what the reader can do about it, in the live region. */
export function showFailure(status: HTMLElement, details: HTMLElement, message: string): void {
  status.className = 'api-response-status api-response-error';
  status.textContent = message;
  details.hidden = true;
  details.replaceChildren();
}
