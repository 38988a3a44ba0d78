import { jsonBytes, objectOf, pathLabel, RawJson, removeAt, setAt, valuePaths, type JsonPath } from '../json-body.ts';
import type { Random } from '../random.ts';
import { caseOf, requestOf, type JsonSchema, type Target } from '../target.ts';
import type { FuzzCase } from '../types.ts';
import { deepArray, hostileValue, PROTO_KEYS } from '../values.ts';

/** Bodies: malformed JSON, JSON of another type, and valid bodies with one field made hostile. */

const MALFORMED: [string, string | Buffer][] = [
  ['an empty body', ''],
  ['whitespace', ' \r\n\t'],
  ['{', '{'],
  ['}', '}'],
  ['{"a":}', '{"a":}'],
  ['[', '['],
  ['nul', 'nul'],
  ['a trailing comma', '{"query":"x",}'],
  ['single quotes', "{'query':'x'}"],
  ['garbage after the JSON', '{"query":"x"}garbage'],
  ['two JSON values', '{"query":"x"}{"query":"y"}'],
  ['NaN', 'NaN'],
  ['a string', '"text"'],
  ['a number', '123'],
  ['null', 'null'],
  ['true', 'true'],
  ['an array', '[]'],
  ['an array of an object', '[{}]'],
  ['a NUL byte', '\u0000'],
  ['a byte-order mark before the JSON', '\ufeff{"query":"x"}'],
  ['JSON in UTF-16', Buffer.from('\ufeff{"query":"x"}', 'utf16le')],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xc0, 0xae, 0xff, 0x22, 0x7d])],
  ['a lone surrogate escape as a key', '{"\\ud800":1}'],
  ['an unterminated string', '{"query":"x'],
  ['a comment', '{/* c */"query":"x"}'],
  ['a duplicate key', '{"query":"x","query":{"a":1}}'],
  ['__proto__ pollution', '{"__proto__":{"polluted":true}}'],
  ['constructor.prototype pollution', '{"constructor":{"prototype":{"polluted":true}}}'],
];

/** Every path the schema names (array items as index 0), parents first. */
function schemaPaths(schema: JsonSchema | undefined, prefix: JsonPath = [], depth = 0): JsonPath[] {
  if (!schema || depth > 6) return [];
  const alternatives = [schema, ...((schema.oneOf ?? schema.anyOf ?? []) as JsonSchema[])];
  const paths: JsonPath[] = [];
  for (const alternative of alternatives) {
    for (const [key, child] of Object.entries((alternative.properties ?? {}) as Record<string, JsonSchema>)) {
      paths.push([...prefix, key], ...schemaPaths(child, [...prefix, key], depth + 1));
    }
    if (alternative.items) paths.push([...prefix, 0], ...schemaPaths(alternative.items as JsonSchema, [...prefix, 0], depth + 1));
  }
  return paths;
}

/** The fields of a target's body: those of its schema and those of a valid body. */
export function fieldPaths(target: Target, body: unknown): JsonPath[] {
  const seen = new Map<string, JsonPath>();
  for (const path of [...schemaPaths(target.schema), ...valuePaths(body)]) seen.set(JSON.stringify(path), path);
  return [...seen.values()];
}

export function bodyCase(target: Target, random: Random): FuzzCase {
  const base = target.validBody!(random);
  const roll = random.next();
  if (roll < 0.2) {
    const [label, text] = random.pick(MALFORMED);
    return caseOf(target, `body: ${label}`, requestOf(target, random, { bodyBytes: Buffer.from(text) }));
  }
  if (roll < 0.25) {
    return caseOf(target, 'body: an array 10,000 deep', requestOf(target, random, { bodyBytes: jsonBytes(deepArray(10_000)) }));
  }
  const paths = fieldPaths(target, base);
  if (roll < 0.35 && paths.length > 0) {
    const path = random.pick(paths);
    return caseOf(target, `body: without ${pathLabel(path)}`, requestOf(target, random, { body: removeAt(base, path) }));
  }
  if (roll < 0.5) {
    const containers: JsonPath[] = [[], ...paths.filter((path) => isObjectAt(base, path))];
    const at = random.pick(containers);
    const key = random.pick(PROTO_KEYS);
    const { label, value } = random.chance(0.5) ? { label: '{"polluted":1}', value: objectOf([['polluted', 1]]) } : hostileValue(random);
    return caseOf(target, `body: ${pathLabel([...at, key])} = ${label}`, requestOf(target, random, { body: setAt(base, [...at, key], value) }));
  }
  if (paths.length === 0) return caseOf(target, 'body: a valid body', requestOf(target, random, { body: base }));
  const path = random.pick(paths);
  const { label, value } = hostileValue(random);
  return caseOf(target, `body: ${pathLabel(path)} = ${label}`, requestOf(target, random, { body: setAt(base, path, value) }));
}

function isObjectAt(value: unknown, path: JsonPath): boolean {
  let at: unknown = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return false;
    at = (at as Record<string | number, unknown>)[key];
  }
  return typeof at === 'object' && at !== null && !Array.isArray(at) && !(at instanceof RawJson);
}
