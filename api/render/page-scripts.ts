import { type NOT_STATIC, staticValue, type StaticScope, type StaticValue } from '../mintlify/mdx/expression-value.ts';
import type { Tag } from '../mintlify/mdx/jsx-tags.ts';
import { escapeHtml } from '../http/html.ts';

/**
 * A page's own code as its rendering meets it: `{…}` expressions to show, and the components the page
 * defines (`export const Card = …`) or imports from snippets, to render. Pages without code of their own
 * get STATIC_SCRIPTS; pages with some, a sandboxed runtime (jsx-runtime/).
 */
export interface PageScripts {
  /** The HTML of an expression's value (a block one as a paragraph), '' when it shows nothing. */
  expressionHtml(source: string, isBlock: boolean): string;
  /** Whether the page defines or imports a component of this name. */
  hasComponent(name: string): boolean;
  /** One use of the page's component, its children already written as HTML. */
  renderComponent(tag: Tag, childrenHtml: string, isBlock: boolean): string;
}

/** A page whose expressions are values that need no code: literals and what its `export const`s hold. */
export function staticScripts(scope: StaticScope): PageScripts {
  return {
    expressionHtml: (source, isBlock) => valueHtml(staticValue(source, scope), isBlock),
    hasComponent: () => false,
    renderComponent: (_tag, childrenHtml) => childrenHtml,
  };
}

export const STATIC_SCRIPTS = staticScripts(new Map());

/** Text and numbers show as text (arrays of them one after the other, as React writes them); anything else shows nothing. */
export function valueHtml(value: StaticValue | typeof NOT_STATIC, isBlock: boolean): string {
  const text = valueText(value);
  if (text === '') return '';
  return isBlock ? `<p>${escapeHtml(text)}</p>\n` : escapeHtml(text);
}

export function valueText(value: StaticValue | typeof NOT_STATIC): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join('');
  return '';
}
