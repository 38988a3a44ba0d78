/**
 * The parts of an OpenAPI 3.0/3.1 document this module reads, after dereferencing (no `$ref` left; a
 * circular schema is an object that contains itself). Every field is optional and may hold anything in
 * a real document, so readers check what they use; the index signatures keep extensions (`x-…`) reachable.
 */

/** Operation keys of a path item, in the order Mintlify walks them (OpenAPIV3.HttpMethods). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const isHttpMethod = (value: string): value is HttpMethod => (HTTP_METHODS as readonly string[]).includes(value);

export interface SchemaObject {
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, SchemaObject>;
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  discriminator?: { propertyName?: string; mapping?: Record<string, string> };
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  contentMediaType?: string;
  contentEncoding?: string;
  [keyword: string]: unknown;
}

export interface ExampleObject {
  summary?: string;
  description?: string;
  value?: unknown;
  [extension: string]: unknown;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, ExampleObject>;
  [extension: string]: unknown;
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ParameterObject {
  name?: string;
  in?: string;
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, ExampleObject>;
  content?: Record<string, MediaTypeObject>;
  [extension: string]: unknown;
}

export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content?: Record<string, MediaTypeObject>;
  [extension: string]: unknown;
}

export interface ResponseObject {
  description?: string;
  headers?: Record<string, ParameterObject>;
  content?: Record<string, MediaTypeObject>;
  [extension: string]: unknown;
}

export interface CodeSampleObject {
  lang?: string;
  label?: string;
  source?: string;
}

export interface OperationObject {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses?: Record<string, ResponseObject>;
  callbacks?: Record<string, Record<string, PathItemObject>>;
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  servers?: ServerObject[];
  [extension: string]: unknown;
}

export interface PathItemObject {
  summary?: string;
  description?: string;
  parameters?: ParameterObject[];
  servers?: ServerObject[];
  [methodOrExtension: string]: unknown;
}

export interface ServerVariableObject {
  default?: string;
  enum?: string[];
  description?: string;
}

export interface ServerObject {
  url?: string;
  description?: string;
  variables?: Record<string, ServerVariableObject>;
}

export interface SecuritySchemeObject {
  type?: string;
  description?: string;
  name?: string;
  in?: string;
  scheme?: string;
  bearerFormat?: string;
  [extension: string]: unknown;
}

export interface TagObject {
  name?: string;
  description?: string;
  [extension: string]: unknown;
}

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  servers?: ServerObject[];
  paths?: Record<string, PathItemObject>;
  webhooks?: Record<string, PathItemObject>;
  components?: { schemas?: Record<string, SchemaObject>; securitySchemes?: Record<string, SecuritySchemeObject> };
  security?: Record<string, string[]>[];
  tags?: TagObject[];
  [extension: string]: unknown;
}

/** A plain object (not an array, not null): what a document's objects are checked with before use. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
