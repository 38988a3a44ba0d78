import type { Json } from '../mintlify/config-refs.ts';
import { inlineCode } from './mdx-text.ts';
import { isRecord, type OpenApiDocument, type SchemaObject } from './spec-types.ts';

/**
 * How a schema reads on a page: `allOf` merged into one object (as Mintlify shows it), a type label
 * (`string<date-time>`, `object[]`, `enum<string>`, `file`), the constraints as sentences, and the
 * names the document gave its component schemas.
 */

const merged = new WeakMap<SchemaObject, SchemaObject>();

/**
 * The schema with its `allOf` parts merged in: properties and `required` combined, other keywords
 * taken from the first part that has them (the schema's own first). The result is cached, so the
 * same schema always gives the same object and a walker can spot a repeat by identity.
 */
export function mergeAllOf(schema: SchemaObject, merging: Set<SchemaObject> = new Set()): SchemaObject {
  if (!Array.isArray(schema.allOf) || schema.allOf.length === 0) return schema;
  const cached = merged.get(schema);
  if (cached) return cached;
  merging.add(schema);
  const { allOf, ...own } = schema;
  const result: SchemaObject = { ...own };
  const properties: Record<string, SchemaObject> = { ...(isRecord(own.properties) ? own.properties : {}) };
  const required = new Set(Array.isArray(own.required) ? own.required : []);
  for (const part of allOf) {
    if (!isRecord(part) || merging.has(part)) continue;
    const flat = mergeAllOf(part, merging);
    for (const [key, value] of Object.entries(flat)) {
      if (key === 'properties' && isRecord(value)) Object.assign(properties, value);
      else if (key === 'required' && Array.isArray(value)) for (const name of value) required.add(name);
      else if (result[key] === undefined) result[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) result.properties = properties;
  if (required.size > 0) result.required = [...required];
  if (result.type === undefined && result.properties) result.type = 'object';
  merging.delete(schema);
  merged.set(schema, result);
  return result;
}

/** The alternatives of a `oneOf`/`anyOf` (Mintlify shows both alike), each with its `allOf` merged. */
export const alternativesOf = (schema: SchemaObject): SchemaObject[] =>
  [...(Array.isArray(schema.oneOf) ? schema.oneOf : []), ...(Array.isArray(schema.anyOf) ? schema.anyOf : [])].filter(isRecord).map((part) => mergeAllOf(part));

const typesOf = (schema: SchemaObject): string[] =>
  Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];

export const isNullable = (schema: SchemaObject) => schema.nullable === true || typesOf(schema).includes('null');

/** A file upload field (openapi-setup.mdx): binary `contentMediaType`, or the older `format: binary|base64`. */
export function fileKind(schema: SchemaObject): 'binary' | 'base64' | undefined {
  if (!typesOf(schema).includes('string') && schema.type !== undefined) return undefined;
  const media = typeof schema.contentMediaType === 'string' ? schema.contentMediaType : '';
  if (media && !/json|xml|^text\//i.test(media)) return /^base64(url)?$/i.test(String(schema.contentEncoding ?? '')) ? 'base64' : 'binary';
  if (schema.format === 'binary') return 'binary';
  if (schema.format === 'base64') return 'base64';
  return undefined;
}

/** Whether a field has fields of its own to show (an object, or an array of objects). */
export function objectOf(schema: SchemaObject): SchemaObject | undefined {
  const flat = mergeAllOf(schema);
  if (isRecord(flat.properties) && Object.keys(flat.properties).length > 0) return flat;
  if (isRecord(flat.items)) {
    const items = mergeAllOf(flat.items);
    if (isRecord(items.properties) && Object.keys(items.properties).length > 0) return items;
  }
  return undefined;
}

/** The type Mintlify writes for a schema: `string`, `integer<int64>`, `enum<string>`, `object[]`, `string | null`, `file`. */
export function typeLabel(input: SchemaObject, depth = 0): string {
  const schema = mergeAllOf(input);
  if (fileKind(schema)) return 'file';
  const types = typesOf(schema).filter((type) => type !== 'null');
  let labels: string[];
  if (types.length === 0) {
    const alternatives = alternativesOf(schema);
    if (schema.properties || isRecord(schema.additionalProperties)) labels = ['object'];
    else if (isRecord(schema.items)) labels = ['array'];
    else if (alternatives.length > 0 && depth < 3) labels = [...new Set(alternatives.map((part) => typeLabel(part, depth + 1)))];
    else if (Array.isArray(schema.enum) && schema.enum.length > 0) labels = [`enum<${typeof schema.enum[0]}>`];
    else if (schema.const !== undefined) labels = [typeof schema.const];
    else labels = ['any'];
  } else {
    labels = types.map((type) => {
      if (type === 'array') {
        const item = isRecord(schema.items) && depth < 3 ? typeLabel(schema.items, depth + 1) : 'any';
        return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
      }
      if (Array.isArray(schema.enum) && schema.enum.length > 0) return `enum<${type}>`;
      return typeof schema.format === 'string' && type !== 'object' ? `${type}<${schema.format}>` : type;
    });
  }
  if (isNullable(schema)) labels.push('null');
  return labels.join(' | ');
}

/** A value as a page shows it in code: strings as they are, anything else as JSON, long ones cut short. */
export function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value as Json) ?? String(value));
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

const bound = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The schema's enum, range, length, pattern and example as Markdown lines (Mintlify's wording). */
export function constraintLines(input: SchemaObject): string[] {
  const schema = mergeAllOf(input);
  const lines: string[] = [];
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    lines.push(`Available options: ${schema.enum.map((value) => inlineCode(shownValue(value))).join(', ')}`);
  if (schema.const !== undefined) lines.push(`Allowed value: ${inlineCode(shownValue(schema.const))}`);
  const low = bound(schema.exclusiveMinimum)
    ? `${schema.exclusiveMinimum} < `
    : bound(schema.minimum)
      ? `${schema.minimum} ${schema.exclusiveMinimum === true ? '<' : '<='} `
      : '';
  const high = bound(schema.exclusiveMaximum)
    ? ` < ${schema.exclusiveMaximum}`
    : bound(schema.maximum)
      ? ` ${schema.exclusiveMaximum === true ? '<' : '<='} ${schema.maximum}`
      : '';
  if (low || high) lines.push(`Required range: ${inlineCode(`${low}x${high}`)}`);
  const length = range(schema.minLength, schema.maxLength);
  if (length) lines.push(`Required string length: ${inlineCode(length)}`);
  const items = range(schema.minItems, schema.maxItems);
  if (items) lines.push(`Required array length: ${inlineCode(items)} elements`);
  if (schema.uniqueItems === true) lines.push('Items must be unique.');
  if (bound(schema.multipleOf)) lines.push(`Multiple of: ${inlineCode(String(schema.multipleOf))}`);
  if (typeof schema.pattern === 'string') lines.push(`Pattern: ${inlineCode(schema.pattern)}`);
  const example = schema.example !== undefined ? schema.example : Array.isArray(schema.examples) ? schema.examples[0] : undefined;
  if (example !== undefined && example !== null && typeof example !== 'object') lines.push(`Example: ${inlineCode(shownValue(example))}`);
  return lines;
}

function range(min: unknown, max: unknown): string | undefined {
  if (bound(min) && bound(max)) return `${min} - ${max}`;
  if (bound(min)) return `at least ${min}`;
  if (bound(max)) return `at most ${max}`;
  return undefined;
}

const names = new WeakMap<OpenApiDocument, Map<object, string>>();

/** The component name of each schema of `components.schemas` (dereferencing keeps them as shared objects). */
export function schemaNames(document: OpenApiDocument): Map<object, string> {
  let found = names.get(document);
  if (found) return found;
  found = new Map();
  const schemas = document.components?.schemas;
  if (isRecord(schemas)) for (const [name, schema] of Object.entries(schemas)) if (isRecord(schema) && !found.has(schema)) found.set(schema, name);
  names.set(document, found);
  return found;
}
