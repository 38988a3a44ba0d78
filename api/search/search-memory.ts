/**
 * What a site index takes in a web process's memory, estimated from its plain data (what its artifact
 * holds) as V8 keeps it: typed arrays at their byte length; strings at one byte a character when every
 * character fits in Latin-1, else two, plus their header; arrays and objects at a pointer a slot. The
 * memory budget (SEARCH_MEMORY_MB) counts this; `npm run bench -- fleet` compares it with the process's
 * measured heap and array buffers.
 */
export function memoryOf(value: unknown): number {
  let bytes = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      bytes += STRING_HEADER + item.length * (TWO_BYTE.test(item) ? 2 : 1);
    } else if (ArrayBuffer.isView(item)) {
      bytes += item.byteLength + OBJECT_HEADER;
    } else if (Array.isArray(item)) {
      bytes += OBJECT_HEADER + item.length * POINTER;
      for (const entry of item) pending.push(entry);
    } else if (item && typeof item === 'object') {
      const values = Object.values(item);
      bytes += OBJECT_HEADER + values.length * POINTER;
      for (const entry of values) pending.push(entry);
    } else {
      bytes += POINTER;
    }
  }
  return bytes;
}

/**
 * What a loaded index adds to its data, per document of a keyword index (its scoring buffers), per
 * chunk (its slot in the list of titles' phrase forms, made once a page; chunk objects are made only
 * for the chunks a search returns), per word of the typo table (a map entry, and two slots of its
 * first letter's list) and per translation of a lexicon (its entry, an object and two strings, in the
 * lexicon and in its reverse, made on the language's first query).
 */
export const DERIVED_BYTES = { perKeywordDocument: 28, perChunk: 16, perWord: 96, perTranslation: 240 } as const;

const STRING_HEADER = 16;
const OBJECT_HEADER = 32;
const POINTER = 8;
const TWO_BYTE = /[^\u0000-\u00ff]/;
