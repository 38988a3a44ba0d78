import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { listen, type RunningServer } from '../../api/http/server.ts';
import type { CreatedProject } from '../../api/projects/create-project.ts';
import { deployedSite } from '../support/docs-site.ts';
import { type BodyRequest, type ClientResult, closingClientInOwnProcess, curl, fetchInOwnProcess } from '../support/outside-clients.ts';
import { isolatedTestApp } from '../support/test-app.ts';

/**
 * A body over MAX_BODY_BYTES (1 MiB here) is refused with a 413 that every client reads, however far
 * it got with sending the body: Node's fetch keeps writing while the answer arrives, and a connection
 * closed under it would report EPIPE ("fetch failed") instead of the answer.
 */
const isolated = isolatedTestApp({ isWorker: true });
let server: RunningServer;
let site: CreatedProject;

beforeAll(async () => {
  site = await deployedSite(isolated.app, 'big-bodies');
  server = await listen(createApp(isolated.app.runtime), '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
});

const FIVE_MB = 5_000_000;
const TRIES = 20;
const TOO_LARGE = { error: 'The request body is larger than the limit of 1048576 bytes (MAX_BODY_BYTES).', code: 'PAYLOAD_TOO_LARGE' };
const RPC_TOO_LARGE = { jsonrpc: '2.0', error: { code: -32000, message: TOO_LARGE.error }, id: null };

/** Every kind of route that reads a body, each with the key it takes and the 413 it answers. */
const ROUTES = [
  { kind: 'a REST route', path: () => `/v1/search/${site.subdomain}`, key: () => site.assistantKey, answer: TOO_LARGE },
  { kind: 'a streaming REST route', path: () => `/v1/assistant/${site.subdomain}/message`, key: () => site.assistantKey, answer: TOO_LARGE },
  { kind: 'GraphQL', path: () => '/graphql', key: () => site.adminKey, answer: TOO_LARGE },
  { kind: 'GraphQL over SSE', path: () => '/graphql/stream', key: () => site.adminKey, answer: TOO_LARGE },
  { kind: 'the MCP server', path: () => `/sites/${site.subdomain}/mcp`, key: () => undefined, answer: RPC_TOO_LARGE },
  { kind: 'the authenticated MCP server', path: () => `/sites/${site.subdomain}/authed/mcp`, key: () => site.assistantKey, answer: RPC_TOO_LARGE },
];

function requestTo(route: (typeof ROUTES)[number], bytes = FIVE_MB): BodyRequest {
  const key = route.key();
  return {
    url: `${server.url}${route.path()}`,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    bytes,
  };
}

async function eachInOwnRun(tries: number, client: () => Promise<ClientResult[]>): Promise<ClientResult[]> {
  const results: ClientResult[] = [];
  for (let i = 0; i < tries; i++) results.push(...(await client()));
  return results;
}

describe.each(ROUTES)('a 5 MB body to $kind', (route) => {
  it(`is a 413 that Node's fetch reads ${TRIES} times of ${TRIES} on one connection, and on new ones`, async () => {
    const expected = Array(TRIES).fill({ status: 413, body: route.answer });
    expect(await fetchInOwnProcess(requestTo(route), TRIES)).toEqual(expected);
    expect(await eachInOwnRun(TRIES, () => fetchInOwnProcess(requestTo(route), 1))).toEqual(expected);
  });

  it(`is a 413 that curl reads ${TRIES} times of ${TRIES} in one run, and in runs of their own`, async () => {
    const expected = Array(TRIES).fill({ status: 413, body: route.answer });
    expect(await curl(requestTo(route), TRIES)).toEqual(expected);
    expect(await eachInOwnRun(TRIES, () => curl(requestTo(route), 1))).toEqual(expected);
  });
});

describe.each(ROUTES.filter((route) => route.kind.includes('REST') || route.kind === 'GraphQL'))(
  'a 5 MB body to $kind from a client asking to close the connection',
  (route) => {
    it(`is a 413 it reads ${TRIES} times of ${TRIES}, though it stops sending once answered`, async () => {
      expect(await closingClientInOwnProcess(requestTo(route), TRIES)).toEqual(Array(TRIES).fill({ status: 413, body: route.answer }));
    });
  },
);

describe('a body larger than the server discards (16 MiB)', () => {
  it('is still a 413 that both clients read, the connection closing after it', async () => {
    const request = requestTo(ROUTES[0]!, 20_000_000);
    const expected = Array(3).fill({ status: 413, body: TOO_LARGE });
    expect(await fetchInOwnProcess(request, 3)).toEqual(expected);
    expect(await curl(request, 3)).toEqual(expected);
  });
});

describe('after a 413 on a connection kept alive', () => {
  it('the next request on it is answered as usual', async () => {
    const answers = await fetchInOwnProcess(requestTo(ROUTES[0]!), 1, [20]);
    expect(answers).toEqual([
      { status: 413, body: TOO_LARGE },
      { status: 200, body: expect.any(Array) },
    ]);
  });
});
