/**
 * Many texts kept as one UTF-8 buffer and where each starts: in a search artifact, the chunks' text,
 * which is most of an index's text. Read one at a time when a chunk is read, so loading an index does
 * not decode megabytes of text it may never show, and memory holds each text once, as UTF-8.
 */
export interface TextColumn {
  bytes: Uint8Array;
  /** Text i is bytes starts[i] to starts[i + 1]. */
  starts: Uint32Array;
}

export function textColumn(texts: readonly string[]): TextColumn {
  const encoded = texts.map((text) => Buffer.from(text, 'utf8'));
  const starts = new Uint32Array(texts.length + 1);
  for (let i = 0; i < encoded.length; i++) starts[i + 1] = starts[i]! + encoded[i]!.length;
  const bytes = new Uint8Array(starts[texts.length]!);
  encoded.forEach((text, i) => {
    bytes.set(text, starts[i]!);
  });
  return { bytes, starts };
}

/** Text `i` of the column. */
export function textAt(column: TextColumn, i: number): string {
  const { bytes, starts } = column;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8', starts[i]!, starts[i + 1]!);
}
