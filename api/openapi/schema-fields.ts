import { attribute, flag, inlineCode, jsxString, listAttribute, prose } from './mdx-text.ts';
import { alternativesOf, constraintLines, isNullable, mergeAllOf, objectOf, schemaNames, shownValue, typeLabel } from './schema-shape.ts';
import { isRecord, type OpenApiDocument, type SchemaObject } from './spec-types.ts';

/** Where a field sits: a request parameter's location, a body property, or a response property. */
export type FieldKind = 'path' | 'query' | 'header' | 'cookie' | 'body' | 'response';

export interface FieldOptions {
  document: OpenApiDocument;
  /** docs.json `api.params.post`: schema keys shown as labels after each name. */
  pills: readonly string[];
}

/** A field's own facts where they come from a parameter rather than its schema. */
export interface FieldFacts {
  isRequired?: boolean;
  isDeprecated?: boolean;
  description?: string;
}

/** Nesting deeper than this is cut off with a note: no reader follows it, and pages must stay small. */
const MAX_DEPTH = 8;

/** Past this many fields, a section stops expanding nested objects: a page must stay readable and small. */
const MAX_FIELDS = 400;

interface Walk extends FieldOptions {
  /** The objects being expanded around this field: one met again is a circular schema. */
  ancestors: Set<SchemaObject>;
  depth: number;
  /** The section's named schemas already expanded: another use points back instead of repeating them. */
  shown: Set<SchemaObject>;
  /** Fields written so far in the section. */
  count: { fields: number };
}

const walkOf = (options: FieldOptions): Walk => ({ ...options, ancestors: new Set(), depth: 0, shown: new Set(), count: { fields: 0 } });

/** A `<ParamField>` (or `<ResponseField>`) for one named value, its nested properties and alternatives inside. */
export function fieldMdx(name: string, schema: SchemaObject, kind: FieldKind, facts: FieldFacts, options: FieldOptions): string {
  return field(name, schema, kind, facts, walkOf(options));
}

/**
 * The properties of an object schema as fields, one after another; alternatives (`oneOf`/`anyOf`) as
 * tabs of fields. For a request body or a response, where the schema is the whole value.
 */
export function propertiesMdx(schema: SchemaObject, kind: FieldKind, options: FieldOptions): string {
  const walk = walkOf(options);
  const flat = mergeAllOf(schema);
  const object = objectOf(flat);
  if (!object && alternativesOf(flat).length === 0) {
    return field(kind === 'response' ? 'response' : 'body', flat, kind, {}, walk);
  }
  const isList = !flat.properties && isRecord(flat.items);
  return [isList ? `Type: ${inlineCode(typeLabel(flat))}` : '', ...childrenOf(flat, kind, walk)].filter(Boolean).join('\n\n');
}

function field(name: string, schema: SchemaObject, kind: FieldKind, facts: FieldFacts, walk: Walk): string {
  const flat = mergeAllOf(schema);
  walk.count.fields++;
  const tag = kind === 'response' ? 'ResponseField' : 'ParamField';
  const description = facts.description ?? (typeof flat.description === 'string' ? flat.description : '');
  const head =
    `<${tag}${kind === 'response' ? attribute('name', name) : attribute(kind, name)}${attribute('type', typeLabel(flat))}` +
    `${flag('required', facts.isRequired)}${flat.default !== undefined ? attribute('default', shownValue(flat.default)) : ''}` +
    `${flag('deprecated', facts.isDeprecated ?? flat.deprecated === true)}${listAttribute('pre', mintPills(flat, 'pre'))}${listAttribute('post', postPills(flat, walk.pills))}`;
  const body = [description.trim() ? prose(description.trim()) : '', ...constraintLines(flat), ...childrenOf(flat, kind, walk, name)].filter(Boolean);
  return body.length === 0 ? `${head} />` : `${head}>\n${body.join('\n\n')}\n</${tag}>`;
}

/** A field's nested properties (in an Expandable) and its alternatives (as tabs), cut off where they repeat. */
function childrenOf(schema: SchemaObject, kind: FieldKind, walk: Walk, fieldName?: string): string[] {
  const object = objectOf(schema);
  const items = isRecord(schema.items) ? mergeAllOf(schema.items) : undefined;
  const alternatives = alternativesOf(schema).length > 0 ? alternativesOf(schema) : items ? alternativesOf(items) : [];
  if (!object && alternatives.length === 0 && !isRecord(schema.additionalProperties)) return [];
  const repeated = [object, schema].find((candidate) => candidate && walk.ancestors.has(candidate));
  if (repeated) return [`This is ${nameOf(repeated, walk.document)} again, as above: the schema is circular.`];
  const named = [object, schema].find((candidate) => candidate && walk.shown.has(candidate));
  if (named && fieldName !== undefined) return [`The fields of ${nameOf(named, walk.document)}, shown above.`];
  if (walk.depth >= MAX_DEPTH) return [`Nested more than ${MAX_DEPTH} levels deep; not shown.`];
  if (walk.count.fields >= MAX_FIELDS) return ['Its fields are left out: this section is long enough already.'];
  for (const candidate of [object, schema]) if (candidate && schemaNames(walk.document).has(candidate)) walk.shown.add(candidate);
  const inner: Walk = { ...walk, ancestors: new Set([...walk.ancestors, schema, ...(object ? [object] : [])]), depth: walk.depth + 1 };
  const parts: string[] = [];
  if (object) {
    const required = new Set(Array.isArray(object.required) ? object.required : []);
    const fields = Object.entries(object.properties ?? {})
      .filter(([, property]) => isRecord(property) && !(kind === 'body' && property.readOnly === true) && !(kind === 'response' && property.writeOnly === true))
      .map(([name, property]) => field(name, property, kind, { isRequired: required.has(name) }, inner));
    if (fields.length > 0) parts.push(fieldName === undefined ? fields.join('\n\n') : expandable(fields));
  }
  if (isRecord(schema.additionalProperties) && !object) {
    parts.push(expandable([field('{key}', schema.additionalProperties, kind, {}, inner)]));
  }
  if (alternatives.length > 0) parts.push(...discriminatorLines(schema, walk.document), tabs(alternatives, kind, inner));
  return parts;
}

const expandable = (fields: string[]) => `<Expandable title={${jsxString('properties')}}>\n${fields.join('\n\n')}\n</Expandable>`;

/** `oneOf`/`anyOf` alternatives as tabs: each titled by its title, component name or position. */
function tabs(alternatives: SchemaObject[], kind: FieldKind, walk: Walk): string {
  const names = schemaNames(walk.document);
  const tab = (alternative: SchemaObject, index: number) => {
    const title = (typeof alternative.title === 'string' && alternative.title) || names.get(alternative) || `Option ${index + 1}`;
    const inside = objectOf(alternative)
      ? childrenOf(alternative, kind, walk)
      : [`Type: ${inlineCode(typeLabel(alternative))}`, ...constraintLines(alternative)];
    const description = typeof alternative.description === 'string' && alternative.description.trim() ? [prose(alternative.description.trim())] : [];
    return `<Tab title={${jsxString(title)}}>\n${[...description, ...inside].join('\n\n')}\n</Tab>`;
  };
  return `<Tabs>\n${alternatives.map(tab).join('\n')}\n</Tabs>`;
}

function discriminatorLines(schema: SchemaObject, document: OpenApiDocument): string[] {
  const discriminator = schema.discriminator ?? (isRecord(schema.items) ? schema.items.discriminator : undefined);
  if (!isRecord(discriminator) || typeof discriminator.propertyName !== 'string') return [];
  const mapping = isRecord(discriminator.mapping) ? Object.entries(discriminator.mapping).filter(([, ref]) => typeof ref === 'string') : [];
  const line = `The ${inlineCode(discriminator.propertyName)} property says which of these it is.`;
  if (mapping.length === 0) return [line];
  const names = new Set(schemaNames(document).values());
  const target = (ref: string) => {
    const name = ref.split('/').pop() ?? ref;
    return names.has(name) ? name : ref;
  };
  return [line, mapping.map(([value, ref]) => `- ${inlineCode(value)}: ${inlineCode(target(ref))}`).join('\n')];
}

function nameOf(schema: SchemaObject, document: OpenApiDocument): string {
  const name = schemaNames(document).get(schema) ?? (typeof schema.title === 'string' ? schema.title : undefined);
  return name ? inlineCode(name) : 'the same object';
}

function mintPills(schema: SchemaObject, key: 'pre' | 'post'): string[] {
  const mint = schema['x-mint'];
  const pills = isRecord(mint) ? mint[key] : undefined;
  return Array.isArray(pills) ? pills.filter((pill): pill is string => typeof pill === 'string' && pill.trim() !== '') : [];
}

/** Mintlify's order: built-in labels, then `api.params.post`'s, then the schema's own `x-mint.post`. */
function postPills(schema: SchemaObject, keys: readonly string[]): string[] {
  const pills = [...(schema.readOnly === true ? ['read-only'] : []), ...(schema.writeOnly === true ? ['write-only'] : [])];
  for (const key of keys) {
    const value = key === 'nullable' ? isNullable(schema) : schema[key];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === true) pills.push(key);
      else if ((typeof item === 'string' && item.trim()) || (typeof item === 'number' && Number.isFinite(item))) pills.push(String(item));
    }
  }
  return [...pills, ...mintPills(schema, 'post')];
}
