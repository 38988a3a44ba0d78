import type { Json } from '../mintlify/config-refs.ts';

/** An item of an array written again: one it had (by its index), or a new value. */
export type ArrayItem = { kept: number } | { added: Json };

/** Where an array is written in a JSON text: its brackets, and each item's text. */
interface ArraySpan {
  start: number;
  end: number;
  items: { start: number; end: number }[];
}

/**
 * A JSON text read so that its arrays can be written again in place: the rest of the text stays byte
 * for byte, so an edit to docs.json shows in a pull request as the lines it changes, not as the whole
 * file laid out anew.
 */
export class JsonText {
  readonly value: Json;
  readonly #spans = new WeakMap<Json[], ArraySpan>();

  /** `text` must be valid JSON (JSON.parse it first, for its error message). */
  constructor(readonly text: string) {
    this.value = new SpanReader(text, this.#spans).value();
  }

  /**
   * The text with `array` written as `items`: each an item of the array (kept as written) or a new
   * value, laid out like the array's items (on their own lines at their indentation, or inline).
   */
  withArray(array: Json[], items: ArrayItem[], indent: string): string {
    const span = this.#spans.get(array)!;
    const written = (index: number) => this.text.slice(span.items[index]!.start, span.items[index]!.end);
    const first = span.items[0];
    const leading = first ? this.text.slice(span.start + 1, first.start) : '';
    const trailing = first ? this.text.slice(span.items.at(-1)!.end, span.end - 1) : '';
    const separator = span.items.length > 1 ? this.text.slice(span.items[0]!.end, span.items[1]!.start) : leading.includes('\n') ? `,${leading}` : ', ';
    const lineIndent = separator.includes('\n') ? separator.slice(separator.lastIndexOf('\n') + 1) : undefined;
    const texts = items.map((item) =>
      'kept' in item
        ? written(item.kept)
        : lineIndent === undefined
          ? JSON.stringify(item.added)
          : JSON.stringify(item.added, null, indent).split('\n').join(`\n${lineIndent}`),
    );
    const body = texts.length === 0 ? '' : first ? `${leading}${texts.join(separator)}${trailing}` : texts.join(', ');
    return `${this.text.slice(0, span.start)}[${body}]${this.text.slice(span.end)}`;
  }
}

/** Reads valid JSON as JSON.parse does, noting where each array and its items are written. */
class SpanReader {
  #at = 0;

  constructor(
    readonly text: string,
    readonly spans: WeakMap<Json[], ArraySpan>,
  ) {}

  value(): Json {
    this.#space();
    const char = this.text[this.#at];
    if (char === '[') return this.#array();
    if (char === '{') return this.#object();
    if (char === '"') return this.#string();
    const literal = /true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    literal.lastIndex = this.#at;
    const match = literal.exec(this.text)![0];
    this.#at += match.length;
    return JSON.parse(match) as Json;
  }

  #array(): Json[] {
    const start = this.#at++;
    const array: Json[] = [];
    const items: ArraySpan['items'] = [];
    this.#space();
    while (this.text[this.#at] !== ']') {
      this.#space();
      const itemStart = this.#at;
      array.push(this.value());
      items.push({ start: itemStart, end: this.#at });
      this.#space();
      if (this.text[this.#at] === ',') this.#at++;
    }
    this.#at++;
    this.spans.set(array, { start, end: this.#at, items });
    return array;
  }

  #object(): { [key: string]: Json } {
    this.#at++;
    const object: { [key: string]: Json } = {};
    this.#space();
    while (this.text[this.#at] !== '}') {
      this.#space();
      const key = this.#string();
      this.#space();
      this.#at++; // the colon
      // As JSON.parse does: "__proto__" is a key like any other.
      Object.defineProperty(object, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.#space();
      if (this.text[this.#at] === ',') this.#at++;
    }
    this.#at++;
    return object;
  }

  #string(): string {
    const start = this.#at++;
    while (this.text[this.#at] !== '"') this.#at += this.text[this.#at] === '\\' ? 2 : 1;
    this.#at++;
    return JSON.parse(this.text.slice(start, this.#at)) as string;
  }

  #space(): void {
    while (this.text[this.#at] === ' ' || this.text[this.#at] === '\n' || this.text[this.#at] === '\r' || this.text[this.#at] === '\t') this.#at++;
  }
}
