import { objectOf, RawJson } from './json-body.ts';
import type { Random } from './random.ts';

/** Names that are properties of every object: as keys and as values they find `obj[name]` lookups. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'isPrototypeOf', '__defineGetter__'];

const ONE_MEGABYTE = 'a'.repeat(1_000_000);

/** Strings that break naive handling: empty, NUL, lone surrogates, markup, traversal, lengths at the limits. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00',
  'custom \ud800 domain',
  '\udc00\ud800',
  '\ud83d',
  '\uffff',
  '\ufeff',
  '\u202eevil',
  'é',
  '日本語のドキュメント',
  '😀',
  '%00',
  '%ED%A0%80',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '<Card title="x">y</Card>',
  '{/* mdx */}',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as it is
  '${7*7}',
  "' OR 1=1 --",
  'null',
  'undefined',
  'NaN',
  '[object Object]',
  ...PROTO_KEYS,
  'x'.repeat(201),
  'x'.repeat(1001),
  'x'.repeat(20_001),
];

/** `{"a":{"a":...}}` n deep, as text: a serializer would run out of stack first. */
export const deepObject = (depth: number) => RawJson.of(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
export const deepArray = (depth: number) => RawJson.of(`${'['.repeat(depth)}1${']'.repeat(depth)}`);

/** Values of every JSON type, and some no serializer writes, for any field. */
export function hostileValue(random: Random): { label: string; value: unknown } {
  const choices: (() => { label: string; value: unknown })[] = [
    () => ({ label: 'null', value: null }),
    () => ({ label: 'true', value: true }),
    () => ({ label: 'false', value: false }),
    () => {
      const number = random.pick([0, -1, 1.5, -2.5, 2 ** 53 + 2, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-320]);
      return { label: String(number), value: number };
    },
    () => {
      const text = random.pick(['1e400', '-1e400', '123456789012345678901234567890', '1.0e-400', '-0', '0.1e1', '1E+2']);
      return { label: text, value: RawJson.of(text) };
    },
    () => ({ label: '[]', value: [] }),
    () => ({ label: '[null]', value: [null] }),
    () => ({ label: '[1,"a",{}]', value: [1, 'a', {}] }),
    () => ({ label: '{}', value: {} }),
    () => {
      const key = random.pick(PROTO_KEYS);
      return { label: `{"${key}":{"polluted":1}}`, value: objectOf([[key, { polluted: 1 }]]) };
    },
    () => ({ label: 'object 10,000 deep', value: deepObject(10_000) }),
    () => ({ label: 'array 10,000 deep', value: deepArray(10_000) }),
    () => ({ label: 'a string of 1 MB', value: ONE_MEGABYTE }),
    () => ({ label: 'invalid UTF-8 bytes ED A0 80 in a string', value: new RawJson(Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22])) }),
    () => ({ label: 'invalid UTF-8 byte FF in a string', value: new RawJson(Buffer.from([0x22, 0x61, 0xff, 0x22])) }),
    () => oddString(random),
    () => oddString(random),
    () => oddString(random),
  ];
  return random.pick(choices)();
}

export function oddString(random: Random): { label: string; value: string } {
  const value = random.pick(ODD_STRINGS);
  return { label: describeString(value), value };
}

/** A string as the report shows it: escapes for the invisible, lengths for the long. */
export function describeString(value: string): string {
  if (value.length > 60) return `"${value.slice(0, 10)}…" (${value.length} characters)`;
  return JSON.stringify(value);
}

/** Path segments as sent: percent-encoded surrogates, NUL, overlong dots, bad escapes, traversal. */
export const ODD_SEGMENTS: readonly string[] = [
  '%ED%A0%80',
  '%ED%B0%80',
  '%00',
  'a%00b',
  '%C0%AE',
  '%C0%AE%C0%AE',
  '%FF',
  '%',
  '%zz',
  '%25',
  '%2e',
  '%2e%2e',
  '%2E%2E',
  '%252e%252e',
  '..',
  '.',
  '..%2f..%2fpackage.json',
  '..%5c..%5cpackage.json',
  '%2F',
  '%5C',
  '%20',
  '%F0%9F%98%80',
  '%C3%A9',
  'caf%C3%A9',
  ';x=1',
  '*',
  '~',
  ...PROTO_KEYS,
  'x'.repeat(300),
  'x'.repeat(5000),
];
