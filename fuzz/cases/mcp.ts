import { objectOf } from '../json-body.ts';
import type { Random } from '../random.ts';
import type { Fixture } from '../setup.ts';
import { caseOf, requestOf, type Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { describeString, hostileValue, ODD_SEGMENTS, ODD_STRINGS, oddString, PROTO_KEYS } from '../values.ts';

/**
 * A site's MCP server (JSON-RPC over Streamable HTTP): envelopes that break the protocol, batches,
 * every method, tool calls with odd arguments, Accept headers the transport refuses, odd site names.
 * Refusals must be JSON-RPC errors (rpc-checks.ts).
 */

const rpc = (method: string, params?: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const call = (name: string, args: unknown, id: unknown = 1) => rpc('tools/call', { name, arguments: args }, id);

const QUERIES = ['custom domain', 'mint dev --port', 'x', 'é'];

export const validRpc = (random: Random, fixture: Fixture) =>
  random.pick([
    () => rpc('tools/list'),
    () => call('search', { query: random.pick(QUERIES), pageSize: random.int(1, 10) }),
    () => call('read_pages', { paths: [`/${random.pick(fixture.pages)}`] }),
    () => rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } }),
  ])();

/** Envelopes: the JSON-RPC frame itself wrong, one part at a time. */
const ENVELOPES: [string, unknown][] = [
  ['no jsonrpc', { id: 1, method: 'tools/list' }],
  ['jsonrpc "1.0"', { jsonrpc: '1.0', id: 1, method: 'tools/list' }],
  ['jsonrpc 2', { jsonrpc: 2, id: 1, method: 'tools/list' }],
  ['no method', { jsonrpc: '2.0', id: 1 }],
  ['method 1', { jsonrpc: '2.0', id: 1, method: 1 }],
  ['method ""', rpc('')],
  ['an unknown method', rpc('tools/destroy')],
  ['resources/list', rpc('resources/list')],
  ['prompts/get', rpc('prompts/get', { name: 'x' })],
  ['logging/setLevel', rpc('logging/setLevel', { level: 'debug' })],
  ['ping', rpc('ping')],
  ['a notification (no id)', { jsonrpc: '2.0', method: 'notifications/initialized' }],
  ['a notification of an unknown method', { jsonrpc: '2.0', method: 'notifications/__proto__' }],
  ['a response, not a request', { jsonrpc: '2.0', id: 1, result: {} }],
  ['an error, not a request', { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x' } }],
  ['id null', rpc('tools/list', undefined, null)],
  ['id an object', rpc('tools/list', undefined, { a: 1 })],
  ['id an array', rpc('tools/list', undefined, [1])],
  ['id 1.5', rpc('tools/list', undefined, 1.5)],
  ['id 2^64', rpc('tools/list', undefined, 2 ** 64)],
  ['id a string of 20,000', rpc('tools/list', undefined, 'i'.repeat(20_000))],
  ['params a string', rpc('tools/list', 'x')],
  ['params an array', rpc('tools/call', ['search', { query: 'x' }])],
  ['params null', rpc('tools/call', null)],
  ['initialize without params', rpc('initialize')],
  [
    'initialize with protocolVersion "__proto__"',
    rpc('initialize', { protocolVersion: '__proto__', capabilities: {}, clientInfo: { name: 'x', version: '1' } }),
  ],
  ['an empty batch', []],
  ['a batch of a call and a notification', [call('search', { query: 'x' }), { jsonrpc: '2.0', method: 'notifications/initialized' }]],
  ['a batch of 100 calls', Array.from({ length: 100 }, (_, i) => call('search', { query: 'custom domain' }, i))],
  ['a batch holding null', [null]],
  ['a batch holding a batch', [[rpc('tools/list')]]],
];

/** Tool calls: names and arguments, each wrong in one way. */
function toolCalls(fixture: Fixture): [string, unknown, string?][] {
  const page = `/${fixture.pages[0] ?? 'quickstart'}`;
  return [
    ['an unknown tool', call('delete_pages', {})],
    ['tool name null', call(null as never, {})],
    ...PROTO_KEYS.map((key): [string, unknown] => [`tool "${key}"`, call(key, {})]),
    ['search without arguments', rpc('tools/call', { name: 'search' })],
    ['search with arguments an array', call('search', ['x'])],
    ['search with arguments null', call('search', null)],
    ...ODD_STRINGS.map((query): [string, unknown] => [`search query = ${describeString(query)}`, call('search', { query })]),
    ...[0, 51, -1, 1.5, 2 ** 31, '5', null].map((pageSize): [string, unknown] => [`search pageSize = ${pageSize}`, call('search', { query: 'x', pageSize })]),
    ['search with version and language on a site of one', call('search', { query: 'x', version: 'v2', language: 'fr' })],
    [
      'search with __proto__ in the arguments',
      call(
        'search',
        objectOf([
          ['query', 'x'],
          ['__proto__', { polluted: 1 }],
        ]),
      ),
    ],
    ['read_pages without paths', call('read_pages', {})],
    ['read_pages with no path', call('read_pages', { paths: [] })],
    ['read_pages with 11 paths', call('read_pages', { paths: Array(11).fill(page) })],
    ['read_pages paths a string', call('read_pages', { paths: page })],
    ...[...ODD_STRINGS, ...ODD_SEGMENTS, '#', `${page}#`, `${page}#no-such-section`, '/../../package.json', 'https://evil.example/x'].map(
      (path): [string, unknown] => [`read_pages path ${describeString(path)}`, call('read_pages', { paths: [path] })],
    ),
    ...ODD_STRINGS.map((section): [string, unknown] => [`read_pages section = ${describeString(section)}`, call('read_pages', { paths: [page], section })]),
  ];
}

export function fixedMcpCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  const send = (label: string, body: unknown) => caseOf(target, label, requestOf(target, random, { body }));
  const accept = (value: string | undefined) =>
    caseOf(
      target,
      value === undefined ? 'no Accept' : `Accept: ${value}`,
      requestOf(target, random, value === undefined ? { dropHeaders: ['accept'] } : { headers: [['accept', value]] }),
    );
  const site = (label: string, path: string) => caseOf(target, label, requestOf(target, random, { target: path, via: 'raw' }));
  const endpoint = target.template.replace('/sites/{subdomain}', '');
  return [
    ...ENVELOPES.map(([label, body]) => send(`envelope: ${label}`, body)),
    ...toolCalls(fixture).map(([label, body]) => send(label, body)),
    ...[undefined, 'application/json', 'text/event-stream', 'text/html', '*/*', ''].map(accept),
    site('a site with nothing deployed', `/sites/${fixture.other.subdomain}x${endpoint}`),
    site("the other project's site", `/sites/${fixture.other.subdomain}${endpoint}`),
    site('a preview that is not there', `/sites/${fixture.main.subdomain}/~preview/nope${endpoint}`),
    site('a preview named with a NUL', `/sites/${fixture.main.subdomain}/~preview/a%00b${endpoint}`),
    ...['%00', 'a%00b', '%ED%A0%80', 'FUZZ', '__proto__', 'x'.repeat(300)].map((name) => site(`site ${name.slice(0, 30)}`, `/sites/${name}${endpoint}`)),
  ];
}

export function randomMcpCase(target: Target, random: Random, fixture: Fixture): FuzzCase {
  const odd = random.chance(0.5) ? oddString(random) : hostileValue(random);
  const page = `/${random.pick(fixture.pages)}`;
  const variants: [string, unknown][] = [
    [`search query = ${odd.label}`, call('search', { query: odd.value })],
    [`search pageSize = ${odd.label}`, call('search', { query: 'custom domain', pageSize: odd.value })],
    [`read_pages path = ${odd.label}`, call('read_pages', { paths: [page, odd.value] })],
    [`read_pages section = ${odd.label}`, call('read_pages', { paths: [page], section: odd.value })],
    [`tool name = ${odd.label}`, call(odd.value as string, { query: 'x' })],
    [`id = ${odd.label}`, rpc('tools/list', undefined, odd.value)],
    [`method = ${odd.label}`, rpc(odd.value as string)],
    [`params = ${odd.label}`, rpc('tools/call', odd.value)],
  ];
  const [label, body] = random.pick(variants);
  return caseOf(target, label, requestOf(target, random, { body }));
}
