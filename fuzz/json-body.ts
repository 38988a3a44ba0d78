/** JSON bodies the fuzzer builds: valid ones with one field changed, and text no serializer would write. */

/** JSON text (or bytes) written as is where a value goes: 1e400, 10,000-deep nesting, invalid UTF-8. */
export class RawJson {
  constructor(readonly bytes: Buffer) {}
  static of(text: string): RawJson {
    return new RawJson(Buffer.from(text, 'utf8'));
  }
}

export type JsonPath = (string | number)[];

/** The JSON bytes of a value that may hold RawJson pieces and own `__proto__` keys. */
export function jsonBytes(value: unknown): Buffer {
  const raws: RawJson[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item;
    raws.push(item);
    return `@@raw${raws.length - 1}@@`;
  });
  if (raws.length === 0) return Buffer.from(text ?? 'null', 'utf8');
  const pieces = (text ?? '').split(/"@@raw(\d+)@@"/);
  return Buffer.concat(pieces.map((piece, i) => (i % 2 === 1 ? raws[Number(piece)]!.bytes : Buffer.from(piece, 'utf8'))));
}

/** A copy of `base` with `value` at `path`, making the containers on the way; own keys even for `__proto__`. */
export function setAt(base: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string | number, ...JsonPath];
  const container = copyContainer(base, typeof key === 'number');
  const current = isContainer(base) ? (base as Record<string | number, unknown>)[key] : undefined;
  const hasOwn = isContainer(base) && Object.hasOwn(base, key);
  defineKey(container, key, setAt(hasOwn ? current : undefined, rest, value));
  return container;
}

/** A copy of `base` without the field at `path`. */
export function removeAt(base: unknown, path: JsonPath): unknown {
  if (path.length === 0 || !isContainer(base)) return base;
  const [key, ...rest] = path as [string | number, ...JsonPath];
  const container = copyContainer(base, Array.isArray(base));
  if (rest.length === 0) {
    if (Array.isArray(container)) container.splice(Number(key), 1);
    else delete (container as Record<string, unknown>)[key];
    return container;
  }
  defineKey(container, key, removeAt((base as Record<string | number, unknown>)[key], rest));
  return container;
}

/** Sets an own, enumerable property, so `__proto__` is a key rather than the prototype. */
function defineKey(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An object with these own keys, in order. */
export function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) defineKey(object, key, value);
  return object;
}

/** Every path to a value inside `value` (objects' keys and arrays' items), parents first. */
export function valuePaths(value: unknown, prefix: JsonPath = []): JsonPath[] {
  if (!isContainer(value)) return [];
  const paths: JsonPath[] = [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value as object);
  for (const [key, item] of entries) {
    const path = [...prefix, key];
    paths.push(path, ...valuePaths(item, path));
  }
  return paths;
}

/** `messages.0.parts.0.type` */
export const pathLabel = (path: JsonPath) => (path.length === 0 ? 'body' : path.join('.'));

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null && !(value instanceof RawJson);

function copyContainer(base: unknown, asArray: boolean): Record<string | number, unknown> {
  if (Array.isArray(base)) return [...base] as unknown as Record<string | number, unknown>;
  if (isContainer(base)) {
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(base)) defineKey(copy, key, value);
    return copy;
  }
  return (asArray ? [] : {}) as Record<string | number, unknown>;
}
