/**
 * Dot products of many vectors with one query in WebAssembly SIMD, four lanes at a time: about four
 * times faster than the JavaScript loop (10k 100-dimensional vectors: 0.35 ms against 1.3 to 1.7 ms),
 * and the vector scan is the largest single part of a search. The vectors are scanned where they lie:
 * in a WebAssembly memory made for them (`bufferForVectors`), whose last 64 KiB hold the query and a
 * block of scores. Where WebAssembly cannot be used (its memories are address space, and a process has
 * room for about 13,000 of them) the buffer is a plain one and the caller's JavaScript loop scans it.
 */

/** The end of a scannable memory: the query (up to 8,192 dimensions), then the scores of one block of vectors. */
const TAIL_BYTES = 65_536;
const QUERY_BYTES = 32_768;
/** Vectors scored per call: their scores fill the rest of the tail. */
export const SCAN_BLOCK = (TAIL_BYTES - QUERY_BYTES) / 4;
const PAGE_BYTES = 65_536;
const MAX_PAGES = 65_536;

interface ScanExports {
  /** scan(vectorsAt, count, dimensions, queryAt, scoresAt): the dot product of each vector with the query, as f32. */
  scan(vectorsAt: number, count: number, dimensions: number, queryAt: number, scoresAt: number): void;
}

interface ScannableMemory {
  exports: ScanExports;
  /** Byte offset of the tail (query, then scores). */
  tailAt: number;
  query: Float32Array;
  scores: Float32Array;
}

/** Fewer floats than this (about 650 vectors of 100 dimensions) are scanned in JavaScript in under 0.1 ms: not worth a memory. */
const MIN_SCANNED_FLOATS = 65_536;

const memories = new WeakMap<ArrayBuffer, ScannableMemory>();
let compiled: WebAssembly.Module | null | undefined;

/**
 * A zeroed buffer of at least `byteLength` bytes to hold vectors (`vectorFloats` floats of it, at most)
 * and other data: a WebAssembly memory whose Float32Arrays can be scanned with SIMD (see
 * `SimdScanner.of`) when the vectors are many enough, else (or when WebAssembly cannot hold it) a
 * plain ArrayBuffer of exactly that length.
 */
export function bufferForVectors(byteLength: number, vectorFloats: number): ArrayBuffer {
  const pages = Math.ceil((byteLength + TAIL_BYTES) / PAGE_BYTES);
  const module = vectorFloats >= MIN_SCANNED_FLOATS ? scanModule() : null;
  if (!module || pages > MAX_PAGES) return new ArrayBuffer(byteLength);
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  } catch {
    return new ArrayBuffer(byteLength);
  }
  const { exports } = new WebAssembly.Instance(module, { env: { memory } });
  const tailAt = pages * PAGE_BYTES - TAIL_BYTES;
  memories.set(memory.buffer, {
    // WebAssembly types an instance's exports loosely; this module's are the functions ScanExports lists.
    exports: exports as unknown as ScanExports,
    tailAt,
    query: new Float32Array(memory.buffer, tailAt, QUERY_BYTES / 4),
    scores: new Float32Array(memory.buffer, tailAt + QUERY_BYTES, SCAN_BLOCK),
  });
  return memory.buffer;
}

/** Vectors packed one after another, scored against a query block by block. */
export class SimdScanner {
  private constructor(
    private readonly memory: ScannableMemory,
    private readonly vectors: Float32Array,
    private readonly dimensions: number,
  ) {}

  /** A scanner of `vectors` (packed, `dimensions` each) when they lie in a scannable buffer and their size allows; else none. */
  static of(vectors: Float32Array, dimensions: number): SimdScanner | undefined {
    const memory = memories.get(vectors.buffer as ArrayBuffer);
    if (!memory || dimensions === 0 || dimensions % 4 !== 0 || dimensions * 4 > QUERY_BYTES || vectors.byteOffset % 4 !== 0) return undefined;
    return new SimdScanner(memory, vectors, dimensions);
  }

  /** Sets the query the next `scores` calls compare with. */
  setQuery(query: Float32Array): void {
    this.memory.query.set(query.subarray(0, this.dimensions));
  }

  /** The scores of vectors `from` to `from + count` (count at most SCAN_BLOCK), valid until the next call. */
  scores(from: number, count: number): Float32Array {
    const { exports, tailAt, scores } = this.memory;
    exports.scan(this.vectors.byteOffset + from * this.dimensions * 4, count, this.dimensions, tailAt, tailAt + QUERY_BYTES);
    return scores.subarray(0, count);
  }
}

/** The scan module, compiled once (null when this runtime has no WebAssembly SIMD). */
function scanModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    const bytes = scanModuleBytes();
    compiled = typeof WebAssembly === 'object' && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return compiled;
}

// The module, assembled here rather than kept as a binary: one function over an imported memory.
const I32 = 0x7f;
const V128 = 0x7b;
const op = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  f32Store: 0x38,
  i32Const: 0x41,
  f32Const: 0x43,
  i32LtU: 0x49,
  i32GeU: 0x4f,
  i32Add: 0x6a,
  i32Shl: 0x74,
  f32Add: 0x92,
  noResult: 0x40,
} as const;
const simd = { v128Load: 0x00, f32x4Splat: 0x13, f32x4ExtractLane: 0x1f, f32x4Add: 0xe4, f32x4Mul: 0xe6 } as const;

/**
 * scan(vectors, count, dimensions, query, scores), in WebAssembly text:
 *   queryEnd = query + dimensions * 4; scoresEnd = scores + count * 4
 *   while scores < scoresEnd:
 *     sum = f32x4(0); q = query
 *     do { sum += load(vectors) * load(q); vectors += 16; q += 16 } while q < queryEnd
 *     store(scores, sum[0] + sum[1] + sum[2] + sum[3]); scores += 4
 */
function scanModuleBytes(): Uint8Array<ArrayBuffer> {
  const [vectors, count, dimensions, query, scores, scoresEnd, q, queryEnd, sum] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const get = (local: number) => [op.localGet, local];
  const set = (local: number) => [op.localSet, local];
  const tee = (local: number) => [op.localTee, local];
  const simdOp = (code: number) => [0xfd, ...leb128(code)];
  /** Memory access: 4-byte alignment (log2 2), offset 0. */
  const aligned4 = [2, 0];
  const lane = (index: number) => [...get(sum), ...simdOp(simd.f32x4ExtractLane), index];
  const code = [
    ...[...get(query), ...get(dimensions), op.i32Const, 2, op.i32Shl, op.i32Add, ...set(queryEnd)],
    ...[...get(scores), ...get(count), op.i32Const, 2, op.i32Shl, op.i32Add, ...set(scoresEnd)],
    ...[op.block, op.noResult, ...get(scores), ...get(scoresEnd), op.i32GeU, op.brIf, 0],
    ...[op.loop, op.noResult],
    ...[op.f32Const, 0, 0, 0, 0, ...simdOp(simd.f32x4Splat), ...set(sum), ...get(query), ...set(q)],
    ...[op.loop, op.noResult],
    ...[...get(sum), ...get(vectors), ...simdOp(simd.v128Load), ...aligned4, ...get(q), ...simdOp(simd.v128Load), ...aligned4],
    ...[...simdOp(simd.f32x4Mul), ...simdOp(simd.f32x4Add), ...set(sum)],
    ...[...get(vectors), op.i32Const, 16, op.i32Add, ...set(vectors)],
    ...[...get(q), op.i32Const, 16, op.i32Add, ...tee(q), ...get(queryEnd), op.i32LtU, op.brIf, 0, op.end],
    ...[...get(scores), ...lane(0), ...lane(1), op.f32Add, ...lane(2), op.f32Add, ...lane(3), op.f32Add, op.f32Store, ...aligned4],
    ...[...get(scores), op.i32Const, 4, op.i32Add, ...tee(scores), ...get(scoresEnd), op.i32LtU, op.brIf, 0, op.end],
    ...[op.end, op.end],
  ];
  const locals = [2, 3, I32, 1, V128];
  const body = [...locals, ...code];
  const name = (text: string) => [...leb128(text.length), ...new TextEncoder().encode(text)];
  const section = (id: number, bytes: number[]) => [id, ...leb128(bytes.length), ...bytes];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]),
    ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 0x00]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...name('scan'), 0x00, 0]),
    ...section(10, [1, ...leb128(body.length), ...body]),
  ]);
}

function leb128(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}
