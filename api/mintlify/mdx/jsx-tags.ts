import { attributeText, staticValue } from './expression-value.ts';

/** One JSX/HTML tag found in MDX text. */
export interface Tag {
  name: string;
  /** Every attribute as text: quoted values as written, `{…}` values evaluated where that needs no code (expression-value.ts), a bare one 'true'. */
  attributes: Record<string, string>;
  /** The source of each attribute written as a `{…}` expression, for readers that need its value (a style object) or run it. */
  expressions: Record<string, string>;
  isClosing: boolean;
  isSelfClosing: boolean;
  /** Index just past the tag's `>`. */
  end: number;
}

/**
 * Reads the tag starting at `text[start] === '<'`, respecting quotes and `{...}` expressions in its
 * attributes. Returns undefined when it is not a tag, or when it does not end within `text` (the caller
 * may then join the next line and try again).
 */
export function readTag(text: string, start: number): Tag | 'incomplete' | undefined {
  const head = /^<(\/?)([A-Za-z][\w.:-]*)/.exec(text.slice(start, start + 200));
  if (!head) return undefined;
  const isClosing = head[1] === '/';
  const name = head[2]!;
  const attributes: Record<string, string> = {};
  const expressions: Record<string, string> = {};
  let i = start + head[0].length;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '>') return { name, attributes, expressions, isClosing, isSelfClosing: false, end: i + 1 };
    if (char === '/' && text[i + 1] === '>') return { name, attributes, expressions, isClosing, isSelfClosing: true, end: i + 2 };
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if (char === '{') {
      const close = matchBrace(text, i);
      if (close < 0) return 'incomplete';
      i = close + 1; // a spread such as {...props}
      continue;
    }
    const attribute = /^([A-Za-z_:][\w:.-]*)/.exec(text.slice(i));
    if (!attribute) return undefined; // e.g. "a < b": not a tag
    const attributeName = attribute[1]!;
    i += attributeName.length;
    while (text[i] === ' ') i++;
    if (text[i] !== '=') {
      attributes[attributeName] = 'true'; // a bare attribute, `<ParamField required>`, is `{true}`
      expressions[attributeName] = 'true';
      continue;
    }
    i++;
    while (text[i] === ' ') i++;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, i + 1);
      if (close < 0) return 'incomplete';
      attributes[attributeName] = text.slice(i + 1, close);
      i = close + 1;
    } else if (quote === '{') {
      const close = matchBrace(text, i);
      if (close < 0) return 'incomplete';
      const expression = text.slice(i + 1, close);
      expressions[attributeName] = expression;
      attributes[attributeName] = attributeText(staticValue(expression));
      i = close + 1;
    } else if (quote === undefined) {
      return 'incomplete';
    } else {
      const bare = /^[^\s>]+/.exec(text.slice(i))![0];
      attributes[attributeName] = bare;
      i += bare.length;
    }
  }
  return 'incomplete';
}

/** Index of the `}` closing the `{` at `open`, skipping strings and comments; -1 when it is not in `text`. */
export function matchBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (char === '/' && text[i + 1] === '*') {
      // A comment, `{/* it's a note */}`: its apostrophes are not strings.
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return -1;
      i = close + 1;
    } else if (char === '"' || char === "'" || char === '`') {
      const close = stringEnd(text, i);
      if (close < 0) return -1;
      i = close;
    } else if (char === '{') {
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Index of the quote closing the string literal opened at `open`, past backslash escapes; -1 when it does not close. */
function stringEnd(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}
