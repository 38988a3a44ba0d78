import { parseExpressionAt, type Expression, type Node } from 'acorn';

/** What a JSX expression evaluates to when it can be known without running code. */
export type StaticValue = string | number | boolean | null | undefined | StaticValue[] | { [key: string]: StaticValue };

/** The expression needs code to run (a call, JSX, a name nothing defines): its value is not known here. */
export const NOT_STATIC: unique symbol = Symbol('not static');

/** Values a page defines with `export const name = …`, by name. */
export type StaticScope = ReadonlyMap<string, StaticValue>;

/** Longer expressions are not evaluated statically (their reading is not bounded otherwise). */
const MAX_EXPRESSION_CHARS = 20_000;
const MAX_DEPTH = 64;

/**
 * The value of a JavaScript expression as MDX writes it in `{…}` (`{2}`, `{"text"}`, `{{width: '250px'}}`,
 * `` {`a ${b}`} ``, `{name}` for a value the page exports), read with acorn and evaluated over literals,
 * objects, arrays, template strings, unary and binary operators, conditionals and the page's own
 * values. Anything else (a call, JSX, `window`) is NOT_STATIC: the caller runs it in the sandbox or shows
 * nothing. A comment (`{/* … *\/}`) is undefined.
 */
export function staticValue(source: string, scope: StaticScope = EMPTY_SCOPE): StaticValue | typeof NOT_STATIC {
  if (source.length > MAX_EXPRESSION_CHARS) return NOT_STATIC;
  const literal = jsonLiteral(source);
  if (literal !== NOT_STATIC) return literal;
  if (/^\s*(\/\*[\s\S]*?\*\/\s*)*$/.test(source)) return undefined;
  let node: Expression;
  try {
    node = parseExpressionAt(source, 0, { ecmaVersion: 'latest' });
    if (
      source
        .slice(node.end)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .trim() !== ''
    )
      return NOT_STATIC;
  } catch {
    return NOT_STATIC;
  }
  try {
    return evaluate(node, scope, 0);
  } catch (error) {
    if (error === NOT_STATIC_ERROR) return NOT_STATIC;
    throw error;
  }
}

/**
 * The commonest expressions, read without a parser: a double-quoted string (`{"Create a user"}`, as pages
 * generated from OpenAPI write every attribute), a number, `true`, `false`, `null`.
 */
function jsonLiteral(source: string): StaticValue | typeof NOT_STATIC {
  const text = source.trim();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"') && !/[\u2028\u2029]/.test(text)) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'string') return value;
    } catch {
      // JavaScript's own escapes (`\x41`, a line continuation): acorn reads it.
    }
  }
  return NOT_STATIC;
}

const EMPTY_SCOPE: StaticScope = new Map();
const NOT_STATIC_ERROR = new Error('not static');
const fail = (): never => {
  throw NOT_STATIC_ERROR;
};

function evaluate(node: Node, scope: StaticScope, depth: number): StaticValue {
  if (depth > MAX_DEPTH) fail();
  const next = (child: Node) => evaluate(child, scope, depth + 1);
  switch (node.type) {
    case 'Literal': {
      const { value } = node as Node & { value: unknown };
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null ? value : fail();
    }
    case 'TemplateLiteral': {
      const template = node as Node & { quasis: { value: { cooked: string | null } }[]; expressions: Node[] };
      let text = template.quasis[0]!.value.cooked ?? '';
      template.expressions.forEach((expression, index) => {
        text += String(next(expression)) + (template.quasis[index + 1]!.value.cooked ?? '');
      });
      return text;
    }
    case 'ArrayExpression':
      return (node as Node & { elements: (Node | null)[] }).elements.map((element) => (element && element.type !== 'SpreadElement' ? next(element) : fail()));
    case 'ObjectExpression': {
      const object: { [key: string]: StaticValue } = Object.create(null);
      for (const property of (node as Node & { properties: Node[] }).properties) {
        const { key, value, computed, kind } = property as Node & { key: Node; value: Node; computed: boolean; kind?: string };
        if (property.type !== 'Property' || computed || kind !== 'init') fail();
        const name = key.type === 'Identifier' ? (key as Node & { name: string }).name : String(next(key));
        object[name] = next(value);
      }
      return object;
    }
    case 'Identifier': {
      const { name } = node as Node & { name: string };
      if (name === 'undefined') return undefined;
      return scope.has(name) ? scope.get(name) : fail();
    }
    case 'UnaryExpression': {
      const { operator, argument } = node as Node & { operator: string; argument: Node };
      const value = next(argument);
      if (operator === '-') return -Number(value);
      if (operator === '+') return Number(value);
      if (operator === '!') return !value;
      return fail();
    }
    case 'BinaryExpression': {
      const { operator, left, right } = node as Node & { operator: string; left: Node; right: Node };
      const [a, b] = [next(left), next(right)];
      if (operator === '+') return typeof a === 'number' && typeof b === 'number' ? a + b : `${a}${b}`;
      if (typeof a === 'number' && typeof b === 'number') {
        if (operator === '-') return a - b;
        if (operator === '*') return a * b;
        if (operator === '/') return a / b;
      }
      if (operator === '===' || operator === '==') return a === b;
      if (operator === '!==' || operator === '!=') return a !== b;
      return fail();
    }
    case 'LogicalExpression': {
      const { operator, left, right } = node as Node & { operator: string; left: Node; right: Node };
      const a = next(left);
      if (operator === '&&') return a ? next(right) : a;
      if (operator === '||') return a ? a : next(right);
      return a ?? next(right);
    }
    case 'ConditionalExpression': {
      const { test, consequent, alternate } = node as Node & { test: Node; consequent: Node; alternate: Node };
      return next(test) ? next(consequent) : next(alternate);
    }
    case 'MemberExpression': {
      const { object, property, computed } = node as Node & { object: Node; property: Node; computed: boolean };
      const holder = next(object);
      const key = computed ? String(next(property)) : (property as Node & { name: string }).name;
      if (holder === null || typeof holder !== 'object' || !Object.hasOwn(holder, key)) return fail();
      return (holder as Record<string, StaticValue>)[key];
    }
    case 'ParenthesizedExpression':
      return next((node as Node & { expression: Node }).expression);
    default:
      return fail();
  }
}

/** A value as an attribute's text: strings as they are, numbers and booleans written out, nothing for the rest. */
export function attributeText(value: StaticValue | typeof NOT_STATIC): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}
