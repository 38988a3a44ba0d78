import type { StaticValue } from '../mintlify/mdx/expression-value.ts';

/** Longer style attributes are not kept (no real page writes one; reading it would be unbounded). */
const MAX_STYLE_CHARS = 4_000;
/** Values that could load or run something: old IE expressions, bindings, imports, script URLs. */
const UNSAFE_VALUE = /expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:|@import|\\/i;

/**
 * A `style` attribute as JSX or HTML writes it (`{{width: '250px', marginTop: 8}}` or `"width: 250px"`)
 * as a CSS declaration list the page can carry: property names in CSS's own spelling (`marginTop` →
 * `margin-top`, unitless numbers given `px` where CSS wants a length, as React does), and only
 * declarations whose `url()` targets are https or the site's own paths. The page's CSP decides what
 * may load; this keeps what is written plain.
 */
export function styleAttribute(value: StaticValue | string): string {
  const declarations =
    typeof value === 'string' ? parseDeclarations(value) : value && typeof value === 'object' && !Array.isArray(value) ? objectDeclarations(value) : [];
  return declarations
    .filter(([property, text]) => /^-{0,2}[a-zA-Z][\w-]*$/.test(property) && isSafeValue(text))
    .map(([property, text]) => `${property}:${text}`)
    .join(';');
}

function objectDeclarations(style: { [key: string]: StaticValue }): [string, string][] {
  const declarations: [string, string][] = [];
  for (const [key, raw] of Object.entries(style)) {
    if (raw === null || raw === undefined || raw === false || typeof raw === 'object') continue;
    const property = key.startsWith('--') ? key : key.replace(/^(ms|webkit|moz)(?=[A-Z])/, '-$1').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const text = typeof raw === 'number' && raw !== 0 && !UNITLESS.has(property) ? `${raw}px` : String(raw);
    declarations.push([property, text.trim()]);
  }
  return declarations;
}

function parseDeclarations(style: string): [string, string][] {
  if (style.length > MAX_STYLE_CHARS) return [];
  const declarations: [string, string][] = [];
  for (const part of splitOutsideParentheses(style)) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    declarations.push([part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim()]);
  }
  return declarations;
}

/** `a:b;c:url(x;y)` → ['a:b', 'c:url(x;y)']: semicolons inside parentheses or quotes do not end a declaration. */
function splitOutsideParentheses(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '(') {
      depth++;
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
    } else if (char === ';' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part.trim() !== '');
}

function isSafeValue(text: string): boolean {
  if (text === '' || text.length > MAX_STYLE_CHARS || UNSAFE_VALUE.test(text) || /[<>]/.test(text)) return false;
  for (const match of text.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    const target = match[2]!.trim();
    if (!(/^https:\/\//i.test(target) || /^\/(?!\/)/.test(target) || /^#[\w-]+$/.test(target) || /^data:image\/(png|gif|jpe?g|webp);/i.test(target)))
      return false;
  }
  return true;
}

/** CSS properties whose plain numbers are not lengths (React's list, the ones pages use). */
const UNITLESS = new Set([
  'animation-iteration-count',
  'aspect-ratio',
  'column-count',
  'flex',
  'flex-grow',
  'flex-shrink',
  'font-weight',
  'grid-area',
  'grid-column',
  'grid-column-end',
  'grid-column-start',
  'grid-row',
  'grid-row-end',
  'grid-row-start',
  'line-clamp',
  'line-height',
  'opacity',
  'order',
  'orphans',
  'scale',
  'tab-size',
  'widows',
  'z-index',
  'zoom',
  'fill-opacity',
  'flood-opacity',
  'stop-opacity',
  'stroke-opacity',
  'stroke-width',
]);
