import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw, type ZlibOptions } from 'node:zlib';

/**
 * A search artifact's bytes: plain data whose typed arrays are stored as raw bytes, not as JSON lists.
 *
 *   0   "FOLIOSIX"                 8 bytes
 *   8   container version          uint32 LE
 *   12  header length              uint32 LE (in the payload, once inflated)
 *   16  payload length             uint32 LE (once inflated: it is inflated into a buffer of that size)
 *   20  SHA-256 of bytes 52 to end 32 bytes
 *   52  the payload, deflated (raw deflate, level 1: a third of the size, made in half the time of
 *       level 3 for a tenth more bytes, and inflated in a tenth of the time it takes to read the
 *       difference from PostgreSQL):
 *         header: JSON {value, texts, textBytes, arrays}: the value with each long string, long list of
 *         strings and typed array left null, and where each goes (its path in the value) and lies
 *         the texts: a long string in Latin-1 when every character fits, else in UTF-16 (made back into
 *         a string by a copy, where UTF-8 or JSON would be decoded character by character); a list of
 *         strings as UTF-8 text with its strings separated by NUL
 *         the typed arrays, each at an offset that is a multiple of 8
 *
 * Decoding checks the magic, the version and the checksum (SHA-256, cheap beside inflating), inflates the
 * payload (on libuv's thread pool, off the event loop), parses the header (with no reviver: a reviver is
 * called for every string), makes the long strings (an index's terms, words, paths and headings are held
 * in a few: string-column.ts) and splits the lists of strings out of their text (rather than parsing
 * them as JSON, which builds every string alone), then puts views of the typed arrays over one exact-size copy of the binary
 * part at their paths (no per-array copy).
 */
const MAGIC = Buffer.from('FOLIOSIX');
const CONTAINER_VERSION = 4;
const COMPRESSION_LEVEL = 1;
const deflate = promisify(deflateRaw) as (buffer: Buffer, options: ZlibOptions) => Promise<Buffer>;
const inflate = promisify(inflateRaw) as (buffer: Buffer, options: ZlibOptions) => Promise<Buffer>;
const PREFIX = 52;
const CHECKSUM_AT = 20;
/** zlib's smallest output chunk. */
const MIN_CHUNK = 64;

const KINDS = {
  f64: Float64Array,
  f32: Float32Array,
  i32: Int32Array,
  u32: Uint32Array,
  u8: Uint8Array,
} as const;
type Kind = keyof typeof KINDS;
type TypedArray = InstanceType<(typeof KINDS)[Kind]>;

/** Why bytes are not a search artifact Folio can read. */
export class ArtifactError extends Error {}

/** Where a typed array of the value goes and where its bytes lie. */
interface ArrayEntry {
  path: (string | number)[];
  kind: Kind;
  at: number;
  length: number;
}

/** Where a long string or a list of strings of the value goes and where its text lies (offset and length in bytes). */
interface TextEntry {
  path: (string | number)[];
  at: number;
  bytes: number;
  /** A long string: its characters' encoding. */
  encoding?: StringEncoding;
  /** A list: how many strings it holds. */
  count?: number;
}

type StringEncoding = 'latin1' | 'utf16le';

/** Lists of strings this long or longer, and strings this long or longer, are stored as text; shorter ones stay in the JSON header. */
const TEXT_LIST_MIN = 16;
const LONG_STRING_MIN = 256;
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;
const SEPARATOR = '\u0000';

/** Encodes a value; the payload is deflated on libuv's thread pool, beside the work of the event loop. */
export async function encodeArtifact(value: unknown): Promise<Uint8Array<ArrayBuffer>> {
  const arrays: TypedArray[] = [];
  const entries: ArrayEntry[] = [];
  const texts: Buffer[] = [];
  const textEntries: TextEntry[] = [];
  let binaryLength = 0;
  let textLength = 0;
  const addText = (text: Buffer, entry: Omit<TextEntry, 'at' | 'bytes'>) => {
    textEntries.push({ ...entry, at: textLength, bytes: text.length });
    texts.push(text);
    textLength += text.length;
  };
  const plain = withoutBulk(value, ['root'], {
    array: (array, path) => {
      entries.push({ path, kind: kindOf(array)!, at: binaryLength, length: array.length });
      arrays.push(array);
      binaryLength = align8(binaryLength + array.byteLength);
    },
    list: (strings, path) => addText(Buffer.from(strings.join(SEPARATOR), 'utf8'), { path, count: strings.length }),
    string: (string, path) => {
      const encoding: StringEncoding = BEYOND_LATIN1.test(string) ? 'utf16le' : 'latin1';
      addText(Buffer.from(string, encoding), { path, encoding });
    },
  });
  const headerBytes = Buffer.from(JSON.stringify({ value: plain, texts: textEntries, textBytes: textLength, arrays: entries }), 'utf8');
  const textStart = headerBytes.length;
  const binaryStart = align8(textStart + textLength);
  const payload = Buffer.alloc(binaryStart + binaryLength);
  headerBytes.copy(payload, 0);
  let at = textStart;
  for (const text of texts) {
    text.copy(payload, at);
    at += text.length;
  }
  at = binaryStart;
  for (const array of arrays) {
    payload.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
    at = align8(at + array.byteLength);
  }
  const deflated = await deflate(payload, { level: COMPRESSION_LEVEL, chunkSize: Math.max(64 * 1024, payload.length) });
  const out = Buffer.alloc(PREFIX + deflated.length);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(CONTAINER_VERSION, 8);
  out.writeUInt32LE(headerBytes.length, 12);
  out.writeUInt32LE(payload.length, 16);
  deflated.copy(out, PREFIX);
  checksumOf(out).copy(out, CHECKSUM_AT);
  return out;
}

/** What withoutBulk hands over, each with its path in the value. */
interface Bulk {
  array(array: TypedArray, path: (string | number)[]): void;
  list(strings: string[], path: (string | number)[]): void;
  string(string: string, path: (string | number)[]): void;
}

/**
 * The value with its typed arrays, long lists of strings and long strings replaced by null, each handed
 * to `bulk` with its path. A list goes as text only when its strings are well-formed and hold no NUL
 * (so that it comes back the same); other lists stay in the JSON.
 */
function withoutBulk(value: unknown, path: (string | number)[], bulk: Bulk): unknown {
  if (kindOf(value)) {
    bulk.array(value as TypedArray, path);
    return null;
  }
  if (typeof value === 'string' && value.length >= LONG_STRING_MIN) {
    bulk.string(value, path);
    return null;
  }
  if (Array.isArray(value)) {
    if (isTextList(value)) {
      bulk.list(value, path);
      return null;
    }
    return value.some((item) => (item && typeof item === 'object') || (typeof item === 'string' && item.length >= LONG_STRING_MIN))
      ? value.map((item, i) => withoutBulk(item, [...path, i], bulk))
      : value;
  }
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutBulk(item, [...path, key], bulk)]));
}

function isTextList(value: unknown[]): value is string[] {
  return (
    value.length >= TEXT_LIST_MIN &&
    value.every((item) => typeof item === 'string' && !item.includes(SEPARATOR) && (item as string & { isWellFormed(): boolean }).isWellFormed())
  );
}

/** The length of an artifact's payload once inflated, as its prefix says (what memory its decoding passes through). */
export function payloadLengthOf(bytes: Uint8Array): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readUInt32LE(16);
}

export async function decodeArtifact(bytes: Uint8Array): Promise<unknown> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < PREFIX || !buffer.subarray(0, 8).equals(MAGIC)) throw new ArtifactError('not a search artifact');
  const version = buffer.readUInt32LE(8);
  if (version !== CONTAINER_VERSION) throw new ArtifactError(`container version ${version}, not ${CONTAINER_VERSION}`);
  const headerLength = buffer.readUInt32LE(12);
  const payloadLength = buffer.readUInt32LE(16);
  if (!checksumOf(buffer).equals(buffer.subarray(CHECKSUM_AT, PREFIX))) throw new ArtifactError('its checksum does not match: the bytes are damaged');
  // Into one buffer of the payload's size: zlib's default 16 kB chunks would make a round trip to the
  // thread pool each, and a chunk larger than the payload is memory the garbage collector is pressed to
  // reclaim. A damaged length cannot make it inflate more.
  const size = Math.max(MIN_CHUNK, payloadLength);
  const inflated = await inflate(buffer.subarray(PREFIX), { chunkSize: size, maxOutputLength: size }).catch((error: Error) => {
    throw new ArtifactError(`its payload does not inflate (${error.message})`);
  });
  if (inflated.length !== payloadLength || headerLength > payloadLength) throw new ArtifactError('its payload is not of the length its header says');
  let header: { value: unknown; texts: TextEntry[]; textBytes: number; arrays: ArrayEntry[] };
  try {
    header = JSON.parse(inflated.toString('utf8', 0, headerLength));
  } catch (error) {
    throw new ArtifactError(`its header is not JSON (${(error as Error).message})`);
  }
  const { value, texts, textBytes, arrays } = header;
  const holder = { root: value };
  const place = (path: (string | number)[], item: unknown) => {
    const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((into, key) => into[key] as Record<string | number, unknown>, holder);
    parent[path.at(-1)!] = item;
  };
  for (const { path, at, bytes, count, encoding } of texts) {
    const [start, end] = [headerLength + at, headerLength + at + bytes];
    if (end > inflated.length) throw new ArtifactError('a text lies outside the artifact');
    if (encoding === 'latin1' || encoding === 'utf16le') {
      place(path, inflated.toString(encoding, start, end));
      continue;
    }
    const strings = count === 0 ? [] : inflated.toString('utf8', start, end).split(SEPARATOR);
    if (strings.length !== count) throw new ArtifactError('a list of strings does not hold what its header says');
    place(path, strings);
  }
  // The typed arrays are views of one exact copy of the binary part: zlib's output holds the header and
  // the text too, which should not stay in memory.
  const binaryStart = align8(headerLength + textBytes);
  const binary = new ArrayBuffer(Math.max(0, inflated.length - binaryStart));
  new Uint8Array(binary).set(inflated.subarray(binaryStart));
  for (const { path, kind, at, length } of arrays) {
    const Type = Object.hasOwn(KINDS, kind) ? KINDS[kind] : undefined;
    if (!Type || at + length * Type.BYTES_PER_ELEMENT > binary.byteLength) throw new ArtifactError('a typed array lies outside the artifact');
    place(path, new Type(binary, at, length));
  }
  return holder.root;
}

function checksumOf(buffer: Buffer): Buffer {
  return createHash('sha256').update(buffer.subarray(PREFIX)).digest();
}

function kindOf(item: unknown): Kind | undefined {
  if (item instanceof Float64Array) return 'f64';
  if (item instanceof Float32Array) return 'f32';
  if (item instanceof Int32Array) return 'i32';
  if (item instanceof Uint32Array) return 'u32';
  if (item instanceof Uint8Array) return 'u8';
  return undefined;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;
