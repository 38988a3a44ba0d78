import { KEPT_BODY_BYTES } from '../test/support/raw-http.ts';
import type { Reply, RequestSpec } from './types.ts';

/** Sends a request with fetch (undici), reading the whole answer within `timeoutMs`. */
export async function sendWithFetch(base: string, spec: RequestSpec, timeoutMs: number): Promise<Reply> {
  const controller = new AbortController();
  let request: Request;
  try {
    request = new Request(new URL(spec.target, base), {
      method: spec.method,
      headers: spec.headers,
      body: spec.body && spec.method !== 'GET' && spec.method !== 'HEAD' ? new Uint8Array(spec.body) : undefined,
      signal: controller.signal,
      redirect: 'manual',
    });
  } catch (error) {
    return { status: 0, headers: {}, body: '', ms: 0, isTimedOut: false, isUnsendable: true, failure: (error as Error).message };
  }
  const started = performance.now();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, timeoutMs);
  if (spec.leave === 'before-answer') setTimeout(() => controller.abort(), 5);
  const reply: Reply = { status: 0, headers: {}, body: '', ms: 0, isTimedOut: false };
  try {
    const response = await fetch(request);
    reply.status = response.status;
    reply.headers = Object.fromEntries(response.headers);
    if (spec.leave === 'after-headers') {
      controller.abort();
    } else if (response.body) {
      reply.body = await readText(response.body, spec.leave === 'mid-body' ? () => controller.abort() : undefined);
    }
  } catch (error) {
    if (!controller.signal.aborted || isTimedOut) reply.failure = describeFailure(error);
  } finally {
    clearTimeout(timer);
  }
  reply.ms = performance.now() - started;
  reply.isTimedOut = isTimedOut;
  return reply;
}

async function readText(body: ReadableStream<Uint8Array>, afterFirstChunk: (() => void) | undefined): Promise<string> {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (kept < KEPT_BODY_BYTES) {
      chunks.push(value);
      kept += value.byteLength;
    }
    if (afterFirstChunk) {
      afterFirstChunk();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** undici's "fetch failed" hides the socket's error in `cause`. */
function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const message = (error as Error).message ?? String(error);
  return cause ? `${message}: ${cause.code ?? ''} ${cause.message ?? ''}`.trim() : message;
}
