import { escapeHtml } from '../../http/html.ts';
import { staticValue, type StaticValue } from '../../mintlify/mdx/expression-value.ts';
import { iconHtml } from '../icons.ts';
import { renderContext } from '../render-context.ts';
import { decodeEntities } from './inline-markdown.ts';

/**
 * A Mintlify component as the page wrote it: `<Card title="…" href="/x">`. Attribute values are text
 * (a bare attribute is 'true'); `expressions` keeps the source of those written as `{…}` (arrays,
 * objects), when the reader passes it.
 */
export interface ComponentTag {
  name: string;
  attributes: Record<string, string>;
  expressions?: Record<string, string>;
}

export const text = (value: string) => escapeHtml(value);

/** The first of `names` the tag gives a value, its character references decoded and trimmed; '' when none does. */
export function attr(tag: ComponentTag, ...names: string[]): string {
  for (const name of names) {
    const value = tag.attributes[name];
    if (value !== undefined && value.trim() !== '') return decodeEntities(value.trim());
  }
  return '';
}

/** A boolean attribute: `open`, `open="true"`, `open={true}` are true, `"false"` false; undefined when absent or otherwise. */
export function flag(tag: ComponentTag, name: string): boolean | undefined {
  const value = tag.attributes[name]?.trim().toLowerCase();
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** The value of an attribute written as an expression (`tags={["a", "b"]}`), or its text. */
export function value(tag: ComponentTag, name: string): StaticValue {
  const expression = tag.expressions?.[name];
  if (expression !== undefined) {
    const evaluated = staticValue(expression);
    return typeof evaluated === 'symbol' ? undefined : evaluated;
  }
  return tag.attributes[name] === undefined ? undefined : attr(tag, name);
}

/** A list attribute (`tags={["a", "b"]}`, or `tags="a, b"` as text): its non-empty strings. */
export function list(tag: ComponentTag, name: string): string[] {
  const read = value(tag, name);
  const items = Array.isArray(read) ? read : typeof read === 'string' ? read.split(',') : [];
  return items.flatMap((item) => (typeof item === 'string' || typeof item === 'number' ? [String(item).trim()].filter(Boolean) : []));
}

/** An object attribute's string fields (`rss={{ title: "…" }}`). */
export function record(tag: ComponentTag, name: string): Record<string, string> {
  const read = value(tag, name);
  if (!read || typeof read !== 'object' || Array.isArray(read)) return {};
  return Object.fromEntries(Object.entries(read).flatMap(([key, field]) => (typeof field === 'string' ? [[key, field]] : [])));
}

/**
 * A CSS colour a page gives (`#FFC107`, `rgb(51, 255, 87)`, `oklch(70% 0.2 145)`, `teal`), or undefined
 * for anything else: the only page text Folio writes into a `style` attribute, so it is held to colour
 * syntax (no `;`, `:`, quotes, `url(` or nested functions).
 */
export function cssColor(candidate: string | undefined): string | undefined {
  const color = candidate?.trim() ?? '';
  return /^(#[0-9a-f]{3,8}|(rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([-+0-9.,%\s/a-z]{1,60}\)|[a-z]{3,20})$/i.test(color) ? color : undefined;
}

/**
 * An anchor by Mintlify's rules for generated ids (create/text.mdx): lowercase, spaces and periods to
 * hyphens, parentheses and other punctuation dropped, slashes and ampersands kept, `'` as `’`.
 */
export function mintlifyAnchor(label: string): string {
  return label
    .toLowerCase()
    .replace(/'/g, '’')
    .replace(/[\s.]+/g, '-')
    .replace(/[^\p{L}\p{N}’/&_-]/gu, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The icon a component's `icon` attribute names (with its `iconType` and `color`), drawn from the site's library. */
export function componentIcon(tag: ComponentTag, fallback = ''): string {
  const icon = attr(tag, 'icon') || fallback;
  if (!icon) return '';
  return iconHtml(icon, { library: renderContext().options.iconLibrary, iconType: attr(tag, 'iconType'), color: cssColor(attr(tag, 'color')) });
}

/** `<p class="…">text</p>`, or nothing for no text. */
export const labelled = (className: string, label: string) => (label ? `<p class="${className}">${text(label)}</p>` : '');
