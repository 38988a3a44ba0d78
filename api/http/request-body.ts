import { AppError } from '../errors.ts';

/**
 * The body as UTF-8 text, never read past the limit (413), whether or not the client declared its
 * length. Later readers of `request.text()` get the same text.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  assertDeclaredLengthWithin(request, maxBytes);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    // The rest is left unread, not cancelled (that would close the connection before the answer): the
    // server discards it once the 413 is sent (unread-body.ts).
    if (total > maxBytes) throw tooLarge(maxBytes);
    chunks.push(value);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError('INVALID_JSON', 'The request body is not valid UTF-8.');
  }
  replaceBodyText(request, text);
  return text;
}

/** Libraries read the body again with `request.text()`; point that at what was already read. */
export function replaceBodyText(request: Request, text: string): void {
  Object.defineProperty(request, 'text', { value: () => Promise.resolve(text), configurable: true });
}

/** 413 for a body whose Content-Length is over the limit, before any of it is read. */
export function assertDeclaredLengthWithin(request: Request, maxBytes: number): void {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
}

const tooLarge = (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than the limit of ${maxBytes} bytes (MAX_BODY_BYTES).`);
