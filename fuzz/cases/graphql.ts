import { getIntrospectionQuery } from 'graphql';
import type { Random } from '../random.ts';
import type { Fixture } from '../setup.ts';
import { caseOf, requestOf, type Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { deepArray, deepObject, hostileValue, oddString, PROTO_KEYS } from '../values.ts';

/** /graphql: documents past the limits, mutations over GET, subscriptions over POST, variables of every type. */

interface Operation {
  label: string;
  query: unknown;
  variables?: unknown;
  operationName?: unknown;
  extensions?: unknown;
}

const nested = (depth: number, open: string, close: string, inner: string) => open.repeat(depth) + inner + close.repeat(depth);
const aliases = (count: number, field: string) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

function graphqlOperations(fixture: Fixture): Operation[] {
  const { main, other } = fixture;
  const projectQuery = 'query($id: String!) { project(id: $id) { name subdomain deployments { _id status } } }';
  return [
    { label: 'introspection', query: getIntrospectionQuery() },
    { label: '__typename', query: '{ __typename }' },
    { label: 'a project', query: `{ project(id: "${main.projectId}") { name liveDeployment { _id commit { sha filesChanged { added } } } } }` },
    { label: '1,000 aliases of __typename', query: aliases(1000, '__typename') },
    { label: '1,000 aliases of a project', query: aliases(1000, `project(id: "${main.projectId}") { name }`) },
    { label: '21 aliases', query: aliases(21, '__typename') },
    { label: 'a selection 30 deep (introspection)', query: `{ __schema { types { ${nested(14, 'fields { type { ', '} } ', 'name')} } } }` },
    { label: 'a selection 10,000 deep', query: nested(10_000, '{ a ', '} ', '') },
    { label: 'a list literal 10,000 deep', query: `{ project(id: ${nested(10_000, '[', ']', '"x"')}) { name } }` },
    { label: 'an input object 5,000 deep', query: `{ search(domain: "fuzz", query: "x", filter: ${nested(5_000, '{ language: ', ' }', '"en"')}) { path } }` },
    { label: 'fragments that spread each other', query: '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }' },
    { label: '1,000 fragment spreads', query: `{ ${'...F '.repeat(1000)}} fragment F on Query { __typename }` },
    { label: 'a mutation (triggerUpdate)', query: `mutation { triggerUpdate(projectId: "${other.projectId}") { statusId } }` },
    {
      label: 'createApiKey with odd origins',
      query: `mutation { createApiKey(projectId: "${main.projectId}", kind: assistant, allowedOrigins: ["javascript:alert(1)", "__proto__", "self", "http://[::1"]) { prefix } }`,
    },
    {
      label: 'setApiKeyOrigins of an unknown prefix',
      query: `mutation { setApiKeyOrigins(projectId: "${main.projectId}", prefix: "__proto__", allowedOrigins: []) { prefix } }`,
    },
    { label: 'a subscription over /graphql', query: `subscription { deploymentUpdated(statusId: "${main.statusId}") { status } }` },
    { label: 'an agent session subscription over /graphql', query: `subscription { agentSessionUpdated(sessionId: "${fixture.sessionId}") { haulted } }` },
    { label: 'variables of the wrong type', query: projectQuery, variables: { id: 1 } },
    { label: 'variables as a string', query: projectQuery, variables: '{"id":"x"}' },
    { label: 'variables as an array', query: projectQuery, variables: [main.projectId] },
    { label: 'variables with __proto__', query: projectQuery, variables: JSON.parse(`{"__proto__": {"id": "x"}, "id": "${main.projectId}"}`) },
    { label: 'an operationName that is not there', query: '{ __typename }', operationName: 'Missing' },
    { label: 'operationName "__proto__"', query: 'query __proto__ { __typename }', operationName: '__proto__' },
    { label: 'operationName as a number', query: '{ __typename }', operationName: 1 },
    { label: 'a persisted query extension', query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } },
    { label: 'extensions as a string', query: '{ __typename }', extensions: 'x' },
    { label: 'extensions with __proto__', query: '{ __typename }', extensions: JSON.parse('{"__proto__": {"polluted": 1}}') },
    { label: 'no query', query: undefined },
    { label: 'query null', query: null },
    { label: 'query as a number', query: 1 },
    { label: 'query as an array', query: ['{ __typename }'] },
    { label: 'an empty query', query: '' },
    { label: 'a query with a NUL', query: '{ __typename \u0000 }' },
    { label: 'a query with a lone surrogate', query: '{ __typename } # \ud800' },
    { label: 'a string literal with an escaped surrogate', query: `{ project(id: "\\ud800") { name } }` },
    { label: 'syntax error', query: '{' },
    { label: 'garbage after the document', query: '{ __typename } }}}' },
    { label: 'search with a prototype-key language', query: '{ search(domain: "fuzz", query: "custom domain", filter: { language: "__proto__" }) { path } }' },
    { label: 'assistantThreads first: 2147483648', query: `{ assistantThreads(projectId: "${main.projectId}", first: 2147483648) { id } }` },
    { label: 'deployments first: -1', query: `{ project(id: "${main.projectId}") { deployments(first: -1) { _id } } }` },
    { label: 'an assistant thread "constructor"', query: `{ assistantThread(projectId: "${main.projectId}", id: "constructor") { id } }` },
    { label: 'updateStatus "toString"', query: '{ updateStatus(statusId: "toString") { _id } }' },
    ...PROTO_KEYS.map((key) => ({ label: `project "${key}"`, query: `{ project(id: "${key}") { name } }` })),
  ];
}

const bodyOf = (operation: Operation) => ({
  ...(operation.query === undefined ? {} : { query: operation.query }),
  ...(operation.variables === undefined ? {} : { variables: operation.variables }),
  ...(operation.operationName === undefined ? {} : { operationName: operation.operationName }),
  ...(operation.extensions === undefined ? {} : { extensions: operation.extensions }),
});

/** The operation in a GET query string. */
function overGet(operation: Operation): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(bodyOf(operation))) params.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  return `/graphql?${params}`;
}

export function fixedGraphqlCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  const operations = graphqlOperations(fixture);
  return [
    ...operations.map((operation) => caseOf(target, `POST ${operation.label}`, requestOf(target, random, { body: bodyOf(operation) }))),
    ...operations.map((operation) =>
      caseOf(target, `GET ${operation.label}`, requestOf(target, random, { method: 'GET', target: overGet(operation), isBodyless: true })),
    ),
    caseOf(target, 'a batch of two', requestOf(target, random, { body: [{ query: '{ __typename }' }, { query: '{ __typename }' }] })),
    caseOf(target, 'a batch of 1,000', requestOf(target, random, { body: Array.from({ length: 1000 }, () => ({ query: '{ __typename }' })) })),
    caseOf(target, 'an empty batch', requestOf(target, random, { body: [] })),
    caseOf(
      target,
      'application/graphql',
      requestOf(target, random, { bodyBytes: Buffer.from('{ __typename }'), headers: [['content-type', 'application/graphql']] }),
    ),
    caseOf(
      target,
      'a form',
      requestOf(target, random, { bodyBytes: Buffer.from('query=%7B__typename%7D'), headers: [['content-type', 'application/x-www-form-urlencoded']] }),
    ),
    caseOf(
      target,
      'a subscription over POST with Accept: text/event-stream',
      requestOf(target, random, {
        body: { query: `subscription { deploymentUpdated(statusId: "${fixture.main.statusId}") { status } }` },
        headers: [['accept', 'text/event-stream']],
      }),
    ),
    caseOf(
      target,
      'a subscription over POST with Accept: multipart/mixed',
      requestOf(target, random, {
        body: { query: `subscription { deploymentUpdated(statusId: "${fixture.main.statusId}") { status } }` },
        headers: [['accept', 'multipart/mixed']],
      }),
    ),
  ];
}

export function randomGraphqlCase(target: Target, random: Random, fixture: Fixture): FuzzCase {
  const roll = random.next();
  if (roll < 0.4) {
    const { label, value } = hostileValue(random);
    const at = random.pick(['query', 'variables', 'operationName', 'extensions', 'variables.id', 'variables.__proto__']);
    const body: Record<string, unknown> = { query: 'query($id: String!) { project(id: $id) { name } }', variables: { id: fixture.main.projectId } };
    if (at.startsWith('variables.')) body.variables = Object.defineProperty({ id: fixture.main.projectId }, at.slice(10), { value, enumerable: true });
    else body[at] = value;
    return caseOf(target, `${at} = ${label}`, requestOf(target, random, { body }));
  }
  if (roll < 0.55) {
    const odd = oddString(random);
    const query = random.pick([
      'query($q: String!) { search(domain: "fuzz", query: $q) { path } }',
      'query($q: String!) { search(domain: "fuzz", query: "x", filter: { language: $q }) { path } }',
      'query($q: String!) { search(domain: $q, query: "x") { path } }',
    ]);
    return caseOf(
      target,
      `search variable $q = ${odd.label}`,
      requestOf(target, random, { body: { query, variables: { q: odd.value } }, key: fixture.main.assistantKey }),
    );
  }
  if (roll < 0.65) {
    const depth = random.pick([10, 100, 1000, 10_000]);
    const { label, value } = random.chance(0.5)
      ? { label: `an object ${depth} deep`, value: deepObject(depth) }
      : { label: `an array ${depth} deep`, value: deepArray(depth) };
    return caseOf(
      target,
      `a JSON variable of ${label}`,
      requestOf(target, random, { body: { query: 'query($v: JSON) { __typename }', variables: { v: value } } }),
    );
  }
  const operation = random.pick(graphqlOperations(fixture));
  const overGetToo = random.chance(0.3);
  const key = random.pick([fixture.main.adminKey, fixture.main.assistantKey, fixture.other.adminKey, fixture.revokedAdminKey, null]);
  const request = overGetToo
    ? requestOf(target, random, { method: 'GET', target: overGet(operation), isBodyless: true, key })
    : requestOf(target, random, { body: bodyOf(operation), key });
  return caseOf(target, `${overGetToo ? 'GET' : 'POST'} ${operation.label}`, request);
}
