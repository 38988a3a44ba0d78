/**
 * Writing values from an OpenAPI document (anyone's text) into MDX so that it stays the text it was:
 * attribute values as JSX string literals, prose with MDX's expression braces escaped, code in fences
 * no backtick run inside can close.
 */

/**
 * A JSX string literal: JSON's, with `"` written `\u0022` so that even a reader that skips strings
 * by looking for the next quote, escapes or not, cannot end it early. Newlines become `\n`, so a
 * tag stays on one line.
 */
export function jsxString(value: string): string {
  return `"${JSON.stringify(value)
    .slice(1, -1)
    .replace(/\\(.)/g, (pair, char: string) => (char === '"' ? '\\u0022' : pair))}"`;
}

/** ` name={"value"}`; nothing for an empty value. */
export const attribute = (name: string, value: string | undefined) => (value ? ` ${name}={${jsxString(value)}}` : '');

/** ` required`; nothing when unset. */
export const flag = (name: string, isSet: boolean | undefined) => (isSet ? ` ${name}` : '');

/** ` post={["a", "b"]}` for labels (Mintlify's `pre`/`post` pills); nothing without any. */
export const listAttribute = (name: string, values: readonly string[]) => (values.length > 0 ? ` ${name}={[${values.map(jsxString).join(', ')}]}` : '');

/** Indented fences count too: MDX pages indent code inside components. */
const FENCE_OPEN = /^\s*(`{3,}|~{3,})/;
/** HTML elements a description may use (`<b>`, `<br>`): kept as markup; any other `<` is text. */
const HTML_TAG =
  /^<\/?(a|abbr|b|blockquote|br|code|dd|del|details|div|dl|dt|em|h[1-6]|hr|i|img|ins|kbd|li|mark|ol|p|pre|s|small|span|strong|sub|summary|sup|table|tbody|td|th|thead|tr|u|ul)\b[^<>]*>/i;

/**
 * Markdown (CommonMark, as OpenAPI descriptions are) made safe as MDX prose: `{` and `}` escaped
 * outside code (MDX would read them as expressions), a `<` that does not open a plain HTML element
 * escaped (MDX would read `<token>` as a component), `<https://…>` autolinks made links (MDX has none),
 * void elements closed, and a line starting with `import`/`export` kept from being read as a module
 * statement. Code spans and fenced blocks are left exactly as they are.
 */
export function prose(markdown: string): string {
  return byFence(markdown, proseLine, (line) => line);
}

/**
 * Each line of Markdown through `outside`, or `inside` for the lines of fenced code blocks (their
 * fences included), so that code is never read as markup.
 */
export function byFence(markdown: string, outside: (line: string) => string, inside: (line: string) => string): string {
  let fence: string | undefined;
  return markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      const opener = FENCE_OPEN.exec(line)?.[1];
      if (fence !== undefined) {
        if (opener && opener[0] === fence[0] && opener.length >= fence.length && line.trim() === opener) fence = undefined;
        return inside(line);
      }
      if (opener) {
        fence = opener;
        return inside(line);
      }
      return outside(line);
    })
    .join('\n');
}

function proseLine(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    const char = line[i]!;
    if (char === '`') {
      const run = /^`+/.exec(line.slice(i))![0];
      const close = findRun(line, i + run.length, run.length);
      const end = close < 0 ? i + run.length : close + run.length;
      out += line.slice(i, end);
      i = end;
      continue;
    }
    if (char === '\\' && i + 1 < line.length) {
      out += line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (char === '{' || char === '}') out += `\\${char}`;
    else if (char === '<') out += angle(line.slice(i));
    else out += char;
    i += char === '<' ? consumed(line.slice(i)) : 1;
  }
  return /^(import|export)\s/.test(out) ? `&#${out.charCodeAt(0)};${out.slice(1)}` : out;
}

/** What a `<` starts: a kept HTML tag (void ones closed), a link from an autolink, or an escaped `<`. */
function angle(rest: string): string {
  const tag = HTML_TAG.exec(rest)?.[0];
  if (tag) return escapeAttributeBraces(/^<(br|hr|img)\b/i.test(tag) && !tag.endsWith('/>') ? `${tag.slice(0, -1).trimEnd()} />` : tag);
  const url = /^<([a-z][a-z0-9+.-]*:[^\s<>]*)>/i.exec(rest)?.[1];
  if (url) return `[${url.replace(/[[\]{}]/g, '\\$&')}](${url.replace(/[()\s{}]/g, encodeURIComponent)})`;
  return '\\<';
}

function consumed(rest: string): number {
  const tag = HTML_TAG.exec(rest)?.[0];
  if (tag) return tag.length;
  const autolink = /^<[a-z][a-z0-9+.-]*:[^\s<>]*>/i.exec(rest)?.[0];
  return autolink ? autolink.length : 1;
}

/** An HTML tag's attribute values may hold braces; in MDX they must not start expressions. */
const escapeAttributeBraces = (tag: string) => tag.replace(/[{}]/g, (brace) => (brace === '{' ? '&#123;' : '&#125;'));

/** The index of the next run of exactly `length` backticks at or after `from`, or -1. */
function findRun(line: string, from: number, length: number): number {
  const runs = /`+/g;
  runs.lastIndex = from;
  for (let match = runs.exec(line); match; match = runs.exec(line)) if (match[0].length === length) return match.index;
  return -1;
}

/** A fenced code block whose fence no backtick run in the code can close; `info` is `language title`. */
export function codeBlock(code: string, info: string): string {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info.replace(/[`\n]/g, '').trim()}\n${code.replace(/\n+$/, '')}\n${fence}`;
}

/** Inline code for any text (a default value, a pattern): a longer backtick run when the text has backticks. */
export function inlineCode(text: string): string {
  const single = text.replace(/\s*\n\s*/g, ' ');
  const longest = Math.max(0, ...(single.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = longest > 0 || single.startsWith(' ') || single.endsWith(' ') ? ' ' : '';
  return `${ticks}${pad}${single}${pad}${ticks}`;
}
