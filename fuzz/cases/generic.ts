import type { Random } from '../random.ts';
import type { Fixture } from '../setup.ts';
import { caseOf, keyVariants, pathOf, requestOf, type Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { ODD_SEGMENTS, PROTO_KEYS } from '../values.ts';

/** What every route gets, whatever it is: keys, methods, headers, query parameters, odd paths. */

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE'];

/** undici refuses to send TRACE (and bodies on GET and HEAD): those go over a socket. */
const viaFor = (method: string, hasBody: boolean) => (method === 'TRACE' || (hasBody && (method === 'GET' || method === 'HEAD')) ? 'raw' : 'fetch');

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=bogus',
  'application/json; charset="utf-8"',
  'application/json;charset=UTF-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-8; charset=utf-16',
  'application/vnd.api+json',
  'application/graphql',
  'application/graphql-response+json',
  'text/json',
  'application/json, text/plain',
  'application/json;;;',
  ';',
  '*/*',
  'application/octet-stream',
  'text/event-stream',
];

const ODD_HEADERS: [string, string][][] = [
  [['accept', 'text/event-stream']],
  [['accept', 'application/xml']],
  [['accept', '*/*;q=0']],
  [['accept', 'text/html']],
  [['accept-encoding', 'br']],
  [['accept-encoding', 'gzip, deflate, br, zstd']],
  [['accept-encoding', '*;q=0']],
  [['accept-encoding', 'identity;q=0']],
  [['content-encoding', 'gzip']],
  [['content-encoding', 'br']],
  [['content-encoding', 'bogus']],
  [['origin', 'null']],
  [['origin', 'https://evil.example']],
  [['origin', 'https://docs.example.com']],
  [['origin', 'file://']],
  [['origin', 'http://[::1']],
  [['x-forwarded-for', 'garbage']],
  [['x-forwarded-for', '1.1.1.1, ::1, %00, __proto__']],
  [['x-forwarded-proto', 'gopher']],
  [['x-forwarded-host', 'evil.example']],
  [['if-none-match', '*']],
  [['if-none-match', '"x", W/"y", ,,']],
  [['if-modified-since', 'yesterday']],
  [['range', 'bytes=0-0']],
  [['range', 'bytes=999999999-']],
  [['range', 'bytes=5-1']],
  [['range', 'chars=1-2']],
  [['cookie', 'a=b; '.repeat(1000)]],
  [['x-thread-id', '__proto__']],
  [['x-graphql-event-stream-token', '__proto__']],
  [['authorization', 'Basic dXNlcjpwYXNz']],
  [['authorization', 'Token abc']],
  [['authorization', 'Bearer']],
  [['authorization', 'Bearer a b c']],
  [
    ['access-control-request-method', 'DELETE'],
    ['origin', 'https://evil.example'],
  ],
  Array.from({ length: 100 }, (_, i): [string, string] => [`x-fuzz-${i}`, 'y']),
];

const ODD_QUERIES = [
  'a=1',
  '__proto__=1',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'toString=x',
  'query=%00',
  'x=%ED%A0%80',
  '%ED%A0%80=1',
  'x=%FF',
  'x=%',
  '&&&',
  'a=1&a=2',
  '=',
  'a',
  'a=1;b=2',
  'a=1&'.repeat(500),
  'token=x',
  'query={__typename}',
  'fp=x&messages=y',
  `x=${'y'.repeat(8000)}`,
  '',
];

/** Always sent: every method, every sort of key. */
export function fixedGenericCases(target: Target, random: Random, fixture: Fixture): FuzzCase[] {
  const methods = METHODS.map((method) =>
    caseOf(
      target,
      `method ${method}`,
      requestOf(target, random, { method, via: viaFor(method, Boolean(target.validBody)), isBodyless: method === 'GET' || method === 'HEAD' }),
    ),
  );
  const keys =
    target.key === undefined
      ? []
      : keyVariants(fixture, target).map(({ label, key, via }) => caseOf(target, `key: ${label}`, requestOf(target, random, { key, via })));
  const preflight = caseOf(
    target,
    'CORS preflight',
    requestOf(target, random, {
      method: 'OPTIONS',
      isBodyless: true,
      key: null,
      headers: [
        ['origin', 'https://docs.example.com'],
        ['access-control-request-method', target.method],
        ['access-control-request-headers', 'authorization, content-type, x-bogus'],
      ],
    }),
  );
  return [...methods, ...keys, preflight];
}

export function methodCase(target: Target, random: Random): FuzzCase {
  const method = random.pick(METHODS);
  const withBody = random.chance(0.5);
  return caseOf(
    target,
    `method ${method}${withBody ? ' with a body' : ''}`,
    requestOf(target, random, { method, via: viaFor(method, withBody), isBodyless: !withBody }),
  );
}

export function keyCase(target: Target, random: Random, fixture: Fixture): FuzzCase {
  const { label, key, via } = random.pick(keyVariants(fixture, target));
  return caseOf(target, `key: ${label}`, requestOf(target, random, { key: target.key === undefined && key === null ? fixture.main.adminKey : key, via }));
}

export function headerCase(target: Target, random: Random): FuzzCase {
  if (random.chance(0.4)) {
    const type = random.pick(CONTENT_TYPES);
    return caseOf(target, `content-type: ${type}`, requestOf(target, random, { headers: [['content-type', type]] }));
  }
  if (random.chance(0.1)) {
    const isEmpty = random.chance(0.5);
    return caseOf(
      target,
      isEmpty ? 'an empty content-type' : 'no content-type',
      requestOf(target, random, isEmpty ? { headers: [['content-type', '']] } : { dropHeaders: ['content-type'] }),
    );
  }
  const headers = random.pick(ODD_HEADERS);
  const shown = headers.length > 3 ? `${headers.length} headers` : headers.map(([name, value]) => `${name}: ${value.slice(0, 40)}`).join(', ');
  return caseOf(target, `header ${shown}`, requestOf(target, random, { headers }));
}

export function queryCase(target: Target, random: Random): FuzzCase {
  const query = random.pick(ODD_QUERIES);
  return caseOf(target, `query ?${query.slice(0, 60)}`, requestOf(target, random, { query, via: 'raw' }));
}

/** A parameter replaced by an odd segment (sent as written: no client would keep `..`). */
export function pathParamCase(target: Target, random: Random): FuzzCase {
  const names = Object.keys(target.params);
  const segment = random.pick(ODD_SEGMENTS);
  if (names.length === 0) {
    return caseOf(target, `extra segment ${segment.slice(0, 40)}`, requestOf(target, random, { target: `${pathOf(target)}/${segment}`, via: 'raw' }));
  }
  const name = random.pick(names);
  return caseOf(target, `{${name}} = ${segment.slice(0, 40)}`, requestOf(target, random, { params: { [name]: segment }, via: 'raw' }));
}

const SHAPES: [string, (path: string) => string][] = [
  ['a trailing slash', (path) => `${path}/`],
  ['a doubled slash', (path) => path.replace('/', '//')],
  ['an upper-case path', (path) => path.toUpperCase()],
  ['an extra segment', (path) => `${path}/extra`],
  ['a /./ segment', (path) => path.replace(/\/([^/]*)$/, '/./$1')],
  ['a ../ back into itself', (path) => path.replace(/\/([^/]*)$/, '/x/../$1')],
  ['a %2e%2e/ back into itself', (path) => path.replace(/\/([^/]*)$/, '/x/%2e%2e/$1')],
  ['a double-encoded ../', (path) => path.replace(/\/([^/]*)$/, '/x/%252e%252e%252f$1')],
  ['a fragment', (path) => `${path}#frag`],
  ['a path of 8 KB', (path) => `${path}/${'a'.repeat(8000)}`],
  ['a path of 20 KB', (path) => `${path}/${'a'.repeat(20_000)}`],
  ['raw UTF-8 bytes in the path', (path) => `${path}/${Buffer.from('é日😀', 'utf8').toString('latin1')}`],
  ['a backslash', (path) => path.replace(/\/([^/]*)$/, '\\$1')],
  ['a semicolon parameter', (path) => `${path};jsessionid=1`],
  ['prototype keys as segments', (path) => `${path}/${PROTO_KEYS.slice(0, 3).join('/')}`],
];

export function pathShapeCase(target: Target, random: Random): FuzzCase {
  const [label, shape] = random.pick(SHAPES);
  return caseOf(target, `path with ${label}`, requestOf(target, random, { target: shape(pathOf(target)), via: 'raw' }));
}

/** A client that leaves: before the answer, or once it has begun (a stream). */
export function disconnectCase(target: Target, random: Random): FuzzCase {
  const leave = random.pick(['before-answer', 'mid-body'] as const);
  return caseOf(target, `client leaves ${leave === 'mid-body' ? 'after the first bytes' : 'before the answer'}`, requestOf(target, random, { leave }));
}
