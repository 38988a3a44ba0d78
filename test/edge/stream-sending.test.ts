import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { ExecutionResult } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStreamRoute } from '../../api/edge/stream-route.ts';
import { createLogger } from '../../api/logger.ts';
import type { RouteMatch, StreamRoute } from '../../api/rest/routes.ts';

/**
 * A streaming route's events reach the client while the events after them are still being made, even
 * when making them never waits on I/O (as the offline model makes a whole answer). The client reads in
 * a worker thread, so that it reads while this thread is busy; it marks a shared flag when it has the
 * second event, and the producer waits for that flag before it makes the third.
 */

// The client: reads the stream and sets flags[0] to 1 once the second event has arrived.
const CLIENT = `
const { workerData } = require('node:worker_threads');
const http = require('node:http');
const flags = new Int32Array(workerData.flags);
http.get(workerData.url, (response) => {
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk) => {
    text += chunk;
    if (text.includes('event 2')) { Atomics.store(flags, 0, 1); Atomics.notify(flags, 0); }
  });
});
`;

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** Blocks this thread (no event loop turn) for `ms`. */
function busyFor(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function route(): RouteMatch<StreamRoute> {
  return {
    params: {},
    route: {
      kind: 'stream',
      method: 'GET',
      path: '/stream',
      field: 'Subscription.events',
      keyKind: 'assistant',
      status: 200,
      hasBody: false,
      summary: 'test',
      tag: 'Assistant',
      operation: 'subscription { events }',
      variables: () => ({}),
      encoder: () => ({ headers: () => ({}), contentType: 'text/plain', encode: (event) => `${String(event)}\n`, fail: () => 'failed\n', end: () => '' }),
      openApi: { requestBody: {}, contentType: 'text/plain', description: 'test' },
    },
  };
}

describe('a streaming route', () => {
  it('sends an event before the next is made, when making them never waits on I/O', async () => {
    const flags = new Int32Array(new SharedArrayBuffer(4));
    let secondSeenBeforeThird: boolean | undefined;
    async function* events(): AsyncGenerator<ExecutionResult> {
      yield { data: { events: 'event 1' } };
      busyFor(10);
      yield { data: { events: 'event 2' } };
      // Resumed when the route wants the third event: the client should have the second by now.
      secondSeenBeforeThird = Atomics.wait(flags, 0, 0, 3_000) !== 'timed-out';
      yield { data: { events: 'event 3' } };
    }
    const server = http.createServer(async (_request, response) => {
      const answer = await serveStreamRoute(route(), undefined, Promise.resolve(), new AbortController().signal, async () => events(), createLogger('error'));
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      // As the HTTP layer does: each chunk written as it is read.
      const reader = answer.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        response.write(value);
      }
      response.end();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = new Worker(CLIENT, { eval: true, workerData: { url: `http://127.0.0.1:${port}/stream`, flags: flags.buffer } });
    try {
      await expect.poll(() => secondSeenBeforeThird, { timeout: 10_000 }).not.toBeUndefined();
      expect(secondSeenBeforeThird).toBe(true);
    } finally {
      await client.terminate();
    }
  });
});
