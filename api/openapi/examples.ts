import { sample } from 'openapi-sampler';
import { mergeAllOf } from './schema-shape.ts';
import { isRecord, type MediaTypeObject, type ParameterObject, type SchemaObject } from './spec-types.ts';

/** Whether a value is sent (a request: read-only properties left out) or received (write-only left out). */
export type Direction = 'request' | 'response';

export interface NamedExample {
  /** The `examples` key, or undefined for a lone `example` or a sampled value. */
  name?: string;
  summary?: string;
  value: unknown;
}

type SamplerSchema = Parameters<typeof sample>[0];

/** Samples nest no deeper than this: a circular schema would otherwise repeat to the sampler's own limit. */
const MAX_SAMPLE_DEPTH = 6;

/**
 * A schema's example value, made by openapi-sampler from its types, formats, enums and defaults when
 * it has no example of its own; undefined when the sampler cannot make one.
 */
export function sampleSchema(schema: SchemaObject, direction: Direction, isRequiredOnly = false): unknown {
  try {
    // openapi-sampler types schemas as JSON Schema 7, whose `type` names it lists; ours reads any name and the sampler skips unknown ones.
    return sample(schema as SamplerSchema, {
      skipReadOnly: direction === 'request',
      skipWriteOnly: direction === 'response',
      skipNonRequired: isRequiredOnly,
      quiet: true,
      maxSampleDepth: MAX_SAMPLE_DEPTH,
    });
  } catch {
    return undefined;
  }
}

/**
 * A media type's examples as the document gives them (`examples`, each named, else `example`, else
 * the schema's own), else one sampled from its schema; none for a binary body nobody can show as text.
 */
export function mediaExamples(media: MediaTypeObject, direction: Direction, isRequiredOnly = false): NamedExample[] {
  if (isRecord(media.examples)) {
    const named = Object.entries(media.examples)
      .filter(([, example]) => isRecord(example) && example.value !== undefined)
      .map(([name, example]) => ({ name, ...(typeof example.summary === 'string' ? { summary: example.summary } : {}), value: example.value }));
    if (named.length > 0) return named;
  }
  if (media.example !== undefined) return [{ value: media.example }];
  if (!isRecord(media.schema)) return [];
  const schema = mergeAllOf(media.schema);
  const own = schemaExample(schema);
  if (own !== undefined) return [{ value: own }];
  if (schema.format === 'binary' || (typeof schema.contentMediaType === 'string' && !/json|xml|text/.test(schema.contentMediaType))) return [];
  const sampled = sampleSchema(media.schema, direction, isRequiredOnly);
  return sampled === undefined ? [] : [{ value: sampled }];
}

/** The value the document gives a parameter: its example, its schema's example or default, or its first enum value. */
export function parameterExample(parameter: ParameterObject): unknown {
  if (parameter.example !== undefined) return parameter.example;
  if (isRecord(parameter.examples)) {
    const first = Object.values(parameter.examples).find((example) => isRecord(example) && example.value !== undefined);
    if (first) return first.value;
  }
  const media = isRecord(parameter.content) ? Object.values(parameter.content)[0] : undefined;
  const schema = isRecord(parameter.schema) ? mergeAllOf(parameter.schema) : isRecord(media?.schema) ? mergeAllOf(media.schema) : undefined;
  if (!schema) return undefined;
  const own = schemaExample(schema);
  if (own !== undefined) return own;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  return undefined;
}

/** `example`, or the first of 3.1's `examples` array. */
function schemaExample(schema: SchemaObject): unknown {
  if (schema.example !== undefined) return schema.example;
  return Array.isArray(schema.examples) ? schema.examples[0] : undefined;
}
