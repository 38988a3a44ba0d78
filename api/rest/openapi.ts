import {
  getNullableType,
  GraphQLNonNull,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { ERROR_STATUS } from '../errors.ts';
import { routeField, type ApiRoute, type JsonRoute, type StreamRoute } from './routes.ts';

type JsonSchema = Record<string, unknown>;

/** Values of String fields that the schema cannot spell as a GraphQL enum (hyphens). */
const STRING_ENUMS: Record<string, string[]> = {
  'Deployment.source': ['internal', 'github-app-installation', 'api', 'github', 'dashboard'],
};

const SCALARS: Record<string, JsonSchema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  DateTime: { type: 'string', format: 'date-time' },
};

/** Errors every route can answer, beyond its own. */
const COMMON_ERRORS = [401, 403, 404, 500] as const;
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed JSON or invalid input; `field` names the offending field.',
  401: 'Missing, unknown or revoked API key.',
  403: 'An API key of the wrong kind or of another project.',
  404: 'Unknown domain, project, status or job.',
  405: 'Method not allowed on this path.',
  409: 'The request conflicts with the state of what it names (an archived or failed agent job takes no follow-ups).',
  413: 'Body larger than MAX_BODY_BYTES (default 1 MiB).',
  415: 'Body is not JSON.',
  429: 'Over a rate limit; `Retry-After` gives the seconds to wait.',
  500: 'Unexpected server error (details are logged, not sent).',
};

/**
 * The OpenAPI 3.1 document of the API, built from the same route table and GraphQL schema that serve
 * it, so the document cannot drift from the API.
 */
export function openApiDocument(schema: GraphQLSchema, routes: readonly ApiRoute[]): JsonSchema {
  const components: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      required: ['error', 'code'],
      properties: {
        error: { type: 'string', description: 'What went wrong and what to do about it.' },
        code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
        field: { type: 'string', description: 'The request field at fault, for input errors.' },
      },
    },
  };
  const toSchema = schemaBuilder(components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const openApiPath = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[openApiPath] ??= {};
    paths[openApiPath][route.method.toLowerCase()] = route.kind === 'json' ? jsonOperation(schema, route, toSchema) : streamOperation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Folio API',
      version: '1.0.0',
      description:
        'Assistant, search, deployments and agent jobs of a Folio documentation platform. Compatible with ' +
        'Mintlify\'s /v1 API. Every error answers `{"error": message, "code": CODE}`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Assistant keys (folio_assistant_…) for assistant and search; admin keys (folio_admin_…) for the rest.',
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
          `Error${status}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
    },
  };
}

/** What every operation starts with: its id, summary, description, tag and path parameters. */
function operationHead(route: ApiRoute, operationId: string, description: string): JsonSchema {
  return {
    operationId,
    summary: route.summary,
    description: `${description} Requires ${route.keyKind === 'admin' ? 'an admin' : 'an assistant'} key.`.trim(),
    tags: [route.tag],
    parameters: pathParamsOf(route).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
  };
}

const pathParamsOf = (route: ApiRoute) => [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

const errorResponses = (statuses: Set<number>) =>
  Object.fromEntries([...statuses].sort().map((status) => [status, { $ref: `#/components/responses/Error${status}` }]));

function streamOperation(route: StreamRoute): JsonSchema {
  const { requestBody, contentType, description, headers = {} } = route.openApi;
  return {
    ...operationHead(route, route.field.split('.')[1]!, description),
    requestBody: { required: true, content: { 'application/json': { schema: requestBody } } },
    responses: {
      [route.status]: {
        description: 'A stream of events, written as they happen.',
        headers: Object.fromEntries(Object.entries(headers).map(([name, about]) => [name, { description: about, schema: { type: 'string' } }])),
        content: { [contentType]: { schema: { type: 'string' } } },
      },
      ...errorResponses(new Set([...COMMON_ERRORS, 400, 413, 415])),
    },
  };
}

function jsonOperation(schema: GraphQLSchema, route: JsonRoute, toSchema: SchemaBuilder): JsonSchema {
  const field = routeField(schema, route);
  const pathParams = pathParamsOf(route);
  const errors = new Set<number>([...COMMON_ERRORS, ...(route.errors ?? [])]);
  const result = operationHead(route, field.name, field.description ?? '');
  for (const [name, param] of Object.entries(route.queryParams ?? {})) {
    const arg = field.args.find((candidate) => candidate.name === name);
    (result.parameters as JsonSchema[]).push({
      name,
      in: 'query',
      required: false,
      description: arg?.description ?? undefined,
      schema: { ...param },
    });
    errors.add(400);
  }
  for (const [name, header] of Object.entries(route.headerParams ?? {})) {
    (result.parameters as JsonSchema[]).push({
      name,
      in: 'header',
      required: false,
      description: header.description,
      schema: { type: 'string', enum: header.enum },
    });
    errors.add(400);
  }
  if (route.hasBody) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const arg of field.args) {
      if (pathParams.includes(arg.name)) continue;
      properties[arg.name] = { ...toSchema.input(arg.type), ...(arg.defaultValue !== undefined ? { default: arg.defaultValue } : {}) };
      if (isNonNullType(arg.type) && arg.defaultValue === undefined) required.push(arg.name);
    }
    result.requestBody = {
      required: required.length > 0,
      content: { 'application/json': { schema: { type: 'object', properties, required, additionalProperties: false } } },
    };
    for (const status of [400, 413, 415]) errors.add(status);
  }
  result.responses = {
    [route.status]: {
      description: { 200: 'OK', 201: 'Created', 202: 'Accepted' }[route.status],
      content: { 'application/json': { schema: toSchema.output(field.type, `${field.name}`, route.keepsNulls ?? false) } },
    },
    ...errorResponses(errors),
  };
  return result;
}

interface SchemaBuilder {
  /** `keepsNulls`: the route's body keeps null fields (they are typed as nullable), else leaves them out (optional). */
  output(type: GraphQLOutputType, at: string, keepsNulls: boolean): JsonSchema;
  input(type: GraphQLInputType): JsonSchema;
}

function schemaBuilder(components: Record<string, JsonSchema>): SchemaBuilder {
  const nullable = (inner: JsonSchema, isNullable: boolean): JsonSchema => {
    if (!isNullable) return inner;
    if (typeof inner.type === 'string') return { ...inner, type: [inner.type, 'null'] };
    return { oneOf: [inner, { type: 'null' }] };
  };

  const output = (type: GraphQLOutputType, at: string, keepsNulls: boolean): JsonSchema => {
    const isNullable = !isNonNullType(type);
    const inner = getNullableType(type);
    if (isListType(inner)) return nullable({ type: 'array', items: output(inner.ofType, at, keepsNulls) }, isNullable);
    if (isScalarType(inner)) {
      const values = STRING_ENUMS[at];
      return nullable(values ? { type: 'string', enum: values } : { ...SCALARS[inner.name] }, isNullable);
    }
    if (isEnumType(inner)) return nullable({ type: 'string', enum: inner.getValues().map((v) => v.name) }, isNullable);
    if (isObjectType(inner)) {
      if (!components[inner.name]) {
        components[inner.name] = {}; // reserve first: types may refer to themselves
        const properties: Record<string, JsonSchema> = {};
        const required: string[] = [];
        for (const field of Object.values(inner.getFields())) {
          // REST leaves out null fields (omit-nulls.ts): a nullable field is optional, never null; unless the route keeps them.
          const fieldType = keepsNulls ? field.type : new GraphQLNonNull(getNullableType(field.type));
          const described = output(fieldType, `${inner.name}.${field.name}`, keepsNulls);
          properties[field.name] = field.description ? { ...described, description: field.description } : described;
          if (isNonNullType(field.type)) required.push(field.name);
        }
        components[inner.name] = { type: 'object', properties, required };
      }
      return nullable({ $ref: `#/components/schemas/${inner.name}` }, isNullable);
    }
    throw new Error(`no JSON Schema mapping for GraphQL type ${String(inner)}`);
  };

  const input = (type: GraphQLInputType): JsonSchema => {
    const isNullable = !isNonNullType(type);
    const inner = getNullableType(type);
    if (isListType(inner)) return nullable({ type: 'array', items: input(inner.ofType) }, isNullable);
    if (isScalarType(inner)) return nullable({ ...SCALARS[inner.name] }, isNullable);
    if (isEnumType(inner)) return nullable({ type: 'string', enum: inner.getValues().map((v) => v.name) }, isNullable);
    if (isInputObjectType(inner)) {
      if (!components[inner.name]) {
        const properties = Object.fromEntries(Object.values(inner.getFields()).map((f) => [f.name, input(f.type)]));
        components[inner.name] = {
          type: 'object',
          ...(inner.description ? { description: inner.description } : {}),
          properties,
          additionalProperties: false,
        };
      }
      return nullable({ $ref: `#/components/schemas/${inner.name}` }, isNullable);
    }
    throw new Error(`no JSON Schema mapping for GraphQL input type ${String(inner)}`);
  };

  return { output, input };
}
