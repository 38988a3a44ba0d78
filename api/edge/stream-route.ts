import type { ExecutionResult } from 'graphql';
import { appErrorOf, internalError, type AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { RouteMatch, StreamRoute } from '../rest/routes.ts';
import { errorResponse } from '../http/error-response.ts';
import { refusalOf, type OperationParams, type OperationResult } from './execute-operation.ts';

/**
 * Answers a streaming route: runs its subscription and, once the first event exists, answers with the
 * route's status and headers and writes each event as the encoder says, pulling the next event only
 * when the client has taken the last (backpressure). A refusal before the first event is an ordinary
 * JSON error; a failure after it is written by the encoder in the stream's own format, and the stream
 * ends. A client that goes away ends the subscription, which stops whatever produced the events.
 */
export async function serveStreamRoute(
  { route, params }: RouteMatch<StreamRoute>,
  body: unknown,
  /** The route's key check, begun by the gate: nothing is answered before it passed. */
  keyChecked: Promise<unknown>,
  /** Aborts when the client goes away. */
  clientSignal: AbortSignal,
  execute: (params: OperationParams) => Promise<OperationResult>,
  log: Logger,
): Promise<Response> {
  const result = await execute({ query: route.operation, variables: route.variables(params, body) });
  if (!(Symbol.asyncIterator in result)) return errorResponse(refusalOf(result) ?? failureOf(result, log));
  const events = result as AsyncGenerator<ExecutionResult>;
  const fieldName = route.field.split('.')[1]!;

  let first: IteratorResult<ExecutionResult>;
  try {
    await keyChecked;
    first = await events.next();
  } catch (error) {
    await events.return(undefined);
    return errorResponse(failureOf(error, log));
  }
  if (!first.done && first.value.errors?.length) {
    await events.return(undefined);
    return errorResponse(refusalOf({ ...first.value, data: null }) ?? failureOf(first.value, log));
  }

  const encoder = route.encoder();
  const text = new TextEncoder();
  const payloadOf = (event: ExecutionResult) => (event.data as Record<string, unknown> | null | undefined)?.[fieldName];
  const stop = () => void events.return(undefined).catch(() => undefined);
  clientSignal.addEventListener('abort', stop, { once: true });

  let sentAt = performance.now();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) {
        controller.enqueue(text.encode(encoder.end()));
        controller.close();
        return;
      }
      const written = encoder.encode(payloadOf(first.value));
      if (written) controller.enqueue(text.encode(written));
    },
    async pull(controller) {
      let written: string;
      let isLast = false;
      try {
        const next = await events.next();
        if (next.done) {
          written = encoder.end();
          isLast = true;
        } else if (next.value.errors?.length) {
          written = encoder.fail(failureOf(next.value, log));
          isLast = true;
        } else {
          written = encoder.encode(payloadOf(next.value));
        }
      } catch (error) {
        written = encoder.fail(failureOf(error, log));
        isLast = true;
      }
      if (clientSignal.aborted) return controller.close(); // nobody is reading any more
      if (written) controller.enqueue(text.encode(written));
      if (isLast) {
        clientSignal.removeEventListener('abort', stop);
        controller.close();
        stop();
      } else if (performance.now() - sentAt >= SEND_WITHIN_MS) {
        await sentOn();
        sentAt = performance.now();
      }
    },
    cancel: stop,
  });
  const headers = new Headers(encoder.headers(first.done ? undefined : payloadOf(first.value)));
  headers.set('content-type', encoder.contentType);
  headers.set('cache-control', 'no-cache');
  return new Response(stream, { status: route.status, headers });
}

/**
 * Events are sent at most this long after they are written. The response's writes are sent on the next
 * tick, which runs only when no promise work is left: without a pause, an answer's first text would
 * wait for every event after it that is made without waiting on I/O (the offline model makes a whole
 * answer so); a pause after every event would send each in a write of its own.
 */
const SEND_WITHIN_MS = 2;

/** Resolves once what was written so far has gone to the socket. */
function sentOn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The AppError a client is told about: the one raised, else a logged, masked internal error. */
function failureOf(failure: unknown, log: Logger): AppError {
  const errors = (failure as ExecutionResult)?.errors;
  const error = errors ? errors[0] : failure;
  const app = appErrorOf(error);
  if (app) return app;
  log.error('stream failed', error);
  return internalError();
}
