import type { Random } from '../random.ts';
import { caseOf, requestOf, type Target } from '../target.ts';
import type { FuzzCase, RequestSpec } from '../types.ts';

/** Requests no HTTP client sends, over a socket: odd Expect, duplicate lengths, chunked floods, broken HTTP. */

const THREE_MIB = 3 * 1024 * 1024;

interface RawVariant {
  label: string;
  make: (target: Target, random: Random) => RequestSpec;
}

const withHeaders =
  (headers: [string, string][], extra: Partial<RequestSpec> = {}) =>
  (target: Target, random: Random) => {
    const request = requestOf(target, random, { via: 'raw' });
    return { ...request, headers: [...request.headers, ...headers], ...extra };
  };

/** The request line and headers only, as written, with a body of `body`. */
const exact = (build: (path: string) => string) => (target: Target, random: Random) => {
  const request = requestOf(target, random, { via: 'raw' });
  return { ...request, bytes: Buffer.from(build(request.target), 'latin1') };
};

/** A 7-byte body under two Content-Length headers. */
const duplicateLength = (first: string, second: string) => (target: Target, random: Random) => {
  const request = requestOf(target, random, { via: 'raw', bodyBytes: Buffer.from('{"a":1}') });
  return { ...request, headers: [...request.headers, ['Content-Length', first], ['Content-Length', second]] as [string, string][] };
};

const chunkedBody = (target: Target) => Buffer.concat([Buffer.from('{"query":"'), Buffer.alloc(THREE_MIB, 'a'), Buffer.from(target.validBody ? '"}' : '')]);

const FIXED_RAW: RawVariant[] = [
  { label: 'Expect: bogus', make: withHeaders([['Expect', 'bogus']]) },
  { label: 'Expect: 100-continue', make: withHeaders([['Expect', '100-continue']]) },
  { label: 'duplicate Content-Length (different values)', make: duplicateLength('7', '8') },
  {
    label: 'Transfer-Encoding: chunked with a 3 MiB body',
    make: (target, random) => ({ ...requestOf(target, random, { via: 'raw', bodyBytes: chunkedBody(target) }), isChunked: true }),
  },
  { label: 'a 20 KB header', make: withHeaders([['X-Big', 'b'.repeat(20_000)]]) },
];

const RANDOM_RAW: RawVariant[] = [
  { label: 'Expect: 100-continue, bogus', make: withHeaders([['Expect', '100-continue, bogus']]) },
  { label: 'Expect: 100-Continue (capitals)', make: withHeaders([['Expect', '100-Continue']]) },
  { label: 'duplicate Content-Length (same value)', make: duplicateLength('7', '7') },
  { label: 'Content-Length: -1', make: withHeaders([['Content-Length', '-1']]) },
  { label: 'Content-Length: abc', make: withHeaders([['Content-Length', 'abc']]) },
  { label: 'Content-Length: 99999999999999999999', make: withHeaders([['Content-Length', '99999999999999999999']], { leave: 'before-answer' }) },
  { label: 'Content-Length and Transfer-Encoding', make: (target, random) => ({ ...withHeaders([['Content-Length', '3']])(target, random), isChunked: true }) },
  {
    label: 'Transfer-Encoding: gzip, chunked',
    make: exact((path) => `POST ${path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`),
  },
  {
    label: 'a malformed chunk size',
    make: (target, random) => {
      const request = requestOf(target, random, { via: 'raw', isBodyless: true });
      const head = `${request.method} ${request.target} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
      return { ...request, bytes: Buffer.from(`${head}zz\r\nabc\r\n0\r\n\r\n`, 'latin1') };
    },
  },
  { label: 'a 15 KB header (within the limit)', make: withHeaders([['X-Big', 'b'.repeat(15_000)]]) },
  { label: '300 headers', make: withHeaders(Array.from({ length: 300 }, (_, i): [string, string] => [`X-H${i}`, 'v'])) },
  { label: 'a header value with a NUL', make: withHeaders([['X-Nul', 'a\u0000b']]) },
  { label: 'a header value with byte FF', make: withHeaders([['X-Latin', 'caf\u00e9\u00ff']]) },
  { label: 'an obs-fold header line', make: withHeaders([['X-Fold', 'a\r\n b']]) },
  { label: 'a header name with a space', make: withHeaders([['X Bad', 'v']]) },
  { label: 'two Authorization headers', make: withHeaders([['Authorization', 'Bearer folio_admin_other']]) },
  { label: 'two Host headers', make: withHeaders([['Host', 'evil.example']]) },
  { label: 'Host: evil.example', make: (target, random) => ({ ...requestOf(target, random, { via: 'raw', headers: [['Host', 'evil.example']] }) }) },
  { label: 'Host: [::1', make: (target, random) => ({ ...requestOf(target, random, { via: 'raw', headers: [['Host', '[::1']] }) }) },
  { label: 'an empty Host', make: (target, random) => ({ ...requestOf(target, random, { via: 'raw', headers: [['Host', '']] }) }) },
  { label: 'no Host', make: exact((path) => `GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`) },
  { label: 'HTTP/1.0 without Host', make: exact((path) => `GET ${path} HTTP/1.0\r\n\r\n`) },
  { label: 'HTTP/2.0 in the request line', make: exact((path) => `GET ${path} HTTP/2.0\r\nHost: x\r\nConnection: close\r\n\r\n`) },
  { label: 'HTTP/1.1 with two spaces', make: exact((path) => `GET  ${path}  HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`) },
  { label: 'an absolute-form target', make: exact((path) => `GET http://evil.example${path} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`) },
  { label: 'the target *', make: exact(() => 'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n') },
  { label: 'a lower-case method', make: exact((path) => `get ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`) },
  { label: 'an unknown method', make: exact((path) => `FOO ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`) },
  { label: 'bare LF line ends', make: exact((path) => `GET ${path} HTTP/1.1\nHost: x\nConnection: close\n\n`) },
  { label: 'a request line only', make: exact((path) => `GET ${path}\r\n\r\n`) },
  { label: 'garbage bytes', make: exact(() => '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003 not http\r\n\r\n') },
  {
    label: 'a body shorter than its Content-Length, then the client leaves',
    make: (target, random) => {
      const request = requestOf(target, random, { via: 'raw', bodyBytes: Buffer.from('{"a":') });
      return { ...request, headers: [...request.headers, ['Content-Length', '1000']], leave: 'before-answer' };
    },
  },
  {
    label: 'a body over MAX_BODY_BYTES',
    make: (target, random) =>
      requestOf(target, random, { via: 'raw', bodyBytes: Buffer.concat([Buffer.from('{"query":"'), Buffer.alloc(1024 * 1024 + 10, 'a'), Buffer.from('"}')]) }),
  },
  { label: 'a GET with a JSON body', make: (target, random) => requestOf(target, random, { via: 'raw', method: 'GET', body: { query: '{ __typename }' } }) },
];

export function fixedRawCases(target: Target, random: Random): FuzzCase[] {
  return FIXED_RAW.map((variant) => caseOf(target, variant.label, variant.make(target, random)));
}

export function rawCase(target: Target, random: Random): FuzzCase {
  const variant = random.pick([...FIXED_RAW, ...RANDOM_RAW, ...RANDOM_RAW]);
  return caseOf(target, variant.label, variant.make(target, random));
}
