import type { Random } from '../random.ts';
import type { Fixture } from '../setup.ts';
import { caseOf, requestOf, type Target } from '../target.ts';
import type { FuzzCase, Reply } from '../types.ts';
import { PROTO_KEYS } from '../values.ts';
import { QUESTIONS, questionBody } from './assistant.ts';

/** /graphql/stream (graphql-sse): reservations and other keys' tokens, unknown operations, bad Accept headers. */

const TOKEN = 'x-graphql-event-stream-token';
const SSE: [string, string] = ['accept', 'text/event-stream'];
/** A reservation's token is plain text. */
const PLAIN: [string, string] = ['accept', 'text/plain'];
/** With a token, `Accept: text/event-stream` connects to the reserved stream whatever the method: operations are sent without it. */
const ANY: [string, string] = ['accept', '*/*'];

function subscriptions(fixture: Fixture): { label: string; body: Record<string, unknown>; key: string }[] {
  const { main } = fixture;
  return [
    { label: 'deploymentUpdated', body: { query: `subscription { deploymentUpdated(statusId: "${main.statusId}") { status } }` }, key: main.adminKey },
    {
      label: 'agentSessionUpdated',
      body: { query: `subscription { agentSessionUpdated(sessionId: "${fixture.sessionId}") { haulted } }` },
      key: main.adminKey,
    },
    {
      label: 'assistantMessage',
      body: {
        query: 'subscription($input: JSON!) { assistantMessage(domain: "fuzz", input: $input) { ... on AssistantFinished { threadId } } }',
        variables: { input: questionBody('v4', QUESTIONS[0]!) },
      },
      key: main.assistantKey,
    },
    {
      label: 'assistantMessage with parts[0].type "__proto__"',
      body: {
        query: 'subscription($input: JSON!) { assistantMessage(domain: "fuzz", input: $input) { ... on AssistantFinished { threadId } } }',
        variables: { input: { fp: 'x', messages: [{ role: 'user', parts: [{ type: '__proto__' }] }] } },
      },
      key: main.assistantKey,
    },
    {
      label: 'deploymentUpdated of an unknown status',
      body: { query: 'subscription { deploymentUpdated(statusId: "__proto__") { status } }' },
      key: main.adminKey,
    },
    { label: 'a query', body: { query: '{ __typename }' }, key: main.adminKey },
    { label: 'a mutation', body: { query: `mutation { triggerUpdate(projectId: "${fixture.other.projectId}") { statusId } }` }, key: fixture.other.adminKey },
    { label: 'a syntax error', body: { query: 'subscription {' }, key: main.adminKey },
    {
      label: 'a subscription with the wrong key',
      body: { query: `subscription { deploymentUpdated(statusId: "${main.statusId}") { status } }` },
      key: fixture.other.adminKey,
    },
    {
      label: 'variables of the wrong type',
      body: { query: 'subscription($s: String!) { deploymentUpdated(statusId: $s) { status } }', variables: { s: [1] } },
      key: main.adminKey,
    },
  ];
}

const ACCEPTS = [
  'text/plain',
  'application/json',
  '',
  '*/*',
  'text/event-stream;q=0',
  'text/event-stream, application/json',
  'application/graphql-response+json',
];

/** A reservation with `key`, then `next` with its token. */
function reserveThen(target: Target, random: Random, key: string, label: string, next: (token: string) => FuzzCase | undefined): FuzzCase {
  return caseOf(target, `PUT a reservation, then ${label}`, requestOf(target, random, { method: 'PUT', isBodyless: true, key, headers: [PLAIN] }), {
    followUp: (reply: Reply) => (reply.status < 300 && reply.body.trim() ? next(reply.body.trim()) : undefined),
  });
}

export function fixedSseCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  const { main, other } = fixture;
  const withToken = (label: string, token: string, change: Parameters<typeof requestOf>[2]) =>
    caseOf(target, label, requestOf(target, random, { ...change, headers: [...(change?.headers ?? []), [TOKEN, token]] }));
  const operation = { query: `subscription { deploymentUpdated(statusId: "${main.statusId}") { status } }`, extensions: { operationId: 'op1' } };
  const followUps: [string, (token: string) => FuzzCase][] = [
    [
      "connect with another project's key",
      (token) =>
        withToken("connect with another project's key", token, {
          method: 'GET',
          key: other.adminKey,
          isBodyless: true,
          headers: [SSE],
          leave: 'after-headers',
        }),
    ],
    [
      'connect with its own key',
      (token) => withToken('connect with its own key', token, { method: 'GET', key: main.adminKey, isBodyless: true, headers: [SSE], leave: 'after-headers' }),
    ],
    [
      'connect with no key',
      (token) => withToken('connect with no key', token, { method: 'GET', key: null, isBodyless: true, headers: [SSE], leave: 'after-headers' }),
    ],
    [
      'send an operation with another key',
      (token) => withToken('send an operation with another key', token, { body: operation, key: main.assistantKey, headers: [ANY] }),
    ],
    [
      'send an operation before connecting',
      (token) => withToken('send an operation before connecting', token, { body: operation, key: main.adminKey, headers: [ANY] }),
    ],
    [
      'DELETE an unknown operation',
      (token) =>
        caseOf(
          target,
          'DELETE an unknown operation',
          requestOf(target, random, {
            method: 'DELETE',
            target: `/graphql/stream?operationId=nope&token=${token}`,
            isBodyless: true,
            key: main.adminKey,
            headers: [ANY],
          }),
        ),
    ],
    [
      'DELETE without an operation id',
      (token) => withToken('DELETE without an operation id', token, { method: 'DELETE', isBodyless: true, key: main.adminKey, headers: [ANY] }),
    ],
    [
      'PUT again with the token',
      (token) => withToken('PUT again with the token', token, { method: 'PUT', isBodyless: true, key: main.adminKey, headers: [PLAIN] }),
    ],
  ];
  const keys: [string, string | null][] = [
    ['no key', null],
    ['a revoked key', fixture.revokedAdminKey],
    ["another project's key", other.adminKey],
    ['an assistant key', main.assistantKey],
  ];
  return [
    ...followUps.map(([label, next]) => reserveThen(target, random, main.adminKey, label, next)),
    ...keys.map(([label, key]) =>
      caseOf(target, `PUT a reservation with ${label}`, requestOf(target, random, { method: 'PUT', isBodyless: true, key, headers: [PLAIN] })),
    ),
    caseOf(target, 'PUT a reservation accepting text/event-stream', requestOf(target, random, { method: 'PUT', isBodyless: true })),
    ...['GET', 'POST', 'DELETE'].flatMap((method) => [
      withToken(`${method} with a token never issued`, 'never-issued', { method, isBodyless: method !== 'POST', headers: [SSE], leave: 'after-headers' }),
      ...PROTO_KEYS.slice(0, 5).map((key) =>
        withToken(`${method} with the token "${key}"`, key, { method, isBodyless: method !== 'POST', headers: [SSE], leave: 'after-headers' }),
      ),
      caseOf(
        target,
        `${method} with ?token=%00`,
        requestOf(target, random, { method, target: '/graphql/stream?token=%00', isBodyless: true, via: 'raw', headers: [SSE] }),
      ),
      caseOf(
        target,
        `${method} with an empty token`,
        requestOf(target, random, { method, target: '/graphql/stream?token=', isBodyless: true, headers: [SSE], leave: 'after-headers' }),
      ),
    ]),
    withToken('a 10 KB token', 't'.repeat(10_000), { method: 'GET', isBodyless: true, headers: [SSE] }),
    ...subscriptions(fixture).map(({ label, body, key }) =>
      caseOf(target, `distinct: ${label}`, requestOf(target, random, { body, key, headers: [SSE] }), { stream: 'graphql-sse' }),
    ),
    ...ACCEPTS.map((accept) =>
      caseOf(target, `Accept: ${accept || '(empty)'}`, requestOf(target, random, { body: subscriptions(fixture)[0]!.body, headers: [['accept', accept]] })),
    ),
    caseOf(
      target,
      'distinct over GET',
      requestOf(target, random, {
        method: 'GET',
        isBodyless: true,
        target: `/graphql/stream?query=${encodeURIComponent(subscriptions(fixture)[0]!.body.query as string)}`,
        headers: [SSE],
      }),
      { stream: 'graphql-sse' },
    ),
  ];
}

export function randomSseCase(target: Target, random: Random, fixture: Fixture): FuzzCase {
  const subscription = random.pick(subscriptions(fixture));
  const key = random.pick([subscription.key, subscription.key, fixture.other.adminKey, fixture.main.assistantKey, fixture.revokedAdminKey, null]);
  const accept = random.chance(0.8) ? 'text/event-stream' : random.pick(ACCEPTS);
  const body = random.chance(0.3) ? { ...subscription.body, extensions: random.pick([{ operationId: '__proto__' }, 'x', null, { a: 1 }]) } : subscription.body;
  return caseOf(
    target,
    `distinct: ${subscription.label}, accept ${accept || '(empty)'}`,
    requestOf(target, random, { body, key, headers: [['accept', accept]] }),
    {
      ...(accept === 'text/event-stream' ? { stream: 'graphql-sse' as const } : {}),
    },
  );
}
