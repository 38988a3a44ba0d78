import type { Json } from '../mintlify/config-refs.ts';
import type { ApiOptions, PlaygroundDisplay } from './api-options.ts';
import { mediaExamples, parameterExample } from './examples.ts';
import type { Spec } from './load-spec.ts';
import type { Operation } from './operations.ts';
import { parametersOf, securityOf, serversOf } from './request-parts.ts';
import { fileKind, mergeAllOf, typeLabel } from './schema-shape.ts';
import { isRecord, type MediaTypeObject, type SchemaObject, type SecuritySchemeObject } from './spec-types.ts';

/**
 * What an API page's header and its "Try it" playground need, as plain JSON (stored with the page):
 * the method and path, where to send the request, how to authenticate, the parameters and the body.
 * Keys without a value are left out to keep it small.
 */
export interface Endpoint {
  /** Upper case: `POST`. */
  method: string;
  /** `/users/{id}`; for a webhook, its name. */
  path: string;
  isWebhook?: true;
  isDeprecated?: true;
  servers: EndpointServer[];
  /** Ways to authenticate: alternatives, each a list of schemes sent together; empty without authentication. */
  security: EndpointAuth[][];
  parameters: EndpointParameter[];
  body?: EndpointBody;
  /** `api.playground.display`, or the page's `playground`; `simple` when there is no server to call. */
  display: PlaygroundDisplay;
}

export interface EndpointServer {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
}

export interface EndpointAuth {
  /** The scheme's name in the document (`bearerAuth`). */
  key: string;
  /** `apiKey`, `http`, `oauth2`, `openIdConnect`. */
  type: string;
  /** apiKey: where the key goes and its name. */
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  /** http: `bearer`, `basic`. */
  scheme?: string;
  /** `x-default`: the value the playground starts with. */
  default?: string;
}

export interface EndpointParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: true;
  /** A type label as the page shows it: `string`, `integer<int32>`, `enum<string>`, `string[]`. */
  type: string;
  enum?: Json[];
  default?: Json;
  example?: Json;
  /** With `api.examples.prefill`: the value the playground starts with (`x-default`, else the example). */
  prefill?: Json;
}

export interface EndpointBody {
  required?: true;
  contents: EndpointContent[];
}

export interface EndpointContent {
  mediaType: string;
  /** The request's example value (JSON bodies, and the values of form fields). */
  example?: Json;
  /** Form bodies (`multipart/form-data`, `application/x-www-form-urlencoded`): one input each. */
  fields?: EndpointField[];
}

export interface EndpointField {
  name: string;
  type: string;
  required?: true;
  /** A file input; `base64` when the API wants the file's content base64-encoded. */
  file?: 'binary' | 'base64';
  isArray?: true;
  enum?: Json[];
  default?: Json;
}

export function endpointOf(operation: Operation, spec: Spec, options: ApiOptions): Endpoint {
  const servers = serversOf(operation, spec.document).map(serverOf);
  const display = displayOf(operation.mint.metadata.playground, options.display);
  const body = bodyOf(operation, options);
  return {
    method: operation.method.toUpperCase(),
    path: operation.path,
    ...(operation.isWebhook ? { isWebhook: true as const } : {}),
    ...(operation.isDeprecated ? { isDeprecated: true as const } : {}),
    servers,
    security: securityOf(operation, spec.document).map((together) => together.map(({ key, scheme }) => authOf(key, scheme))),
    parameters: parametersOf(operation).map((parameter) => {
      const schema = isRecord(parameter.schema) ? mergeAllOf(parameter.schema) : {};
      const example = parameterExample(parameter);
      const prefill = schema['x-default'] ?? example;
      return {
        in: parameter.in,
        name: parameter.name,
        ...(parameter.required === true || parameter.in === 'path' ? { required: true as const } : {}),
        type: typeLabel(schema),
        ...valueKeys(schema),
        ...(example !== undefined ? { example: json(example) } : {}),
        ...(options.isPrefilled && prefill !== undefined ? { prefill: json(prefill) } : {}),
      };
    }),
    ...(body ? { body } : {}),
    // A webhook is sent by the API, not to it: there is nothing to try.
    display: operation.isWebhook ? 'none' : display === 'interactive' && servers.length === 0 ? 'simple' : display,
  };
}

/** A page's or operation's `playground` over docs.json's, when it is one of Mintlify's modes. */
export function displayOf(value: unknown, fallback: PlaygroundDisplay): PlaygroundDisplay {
  return value === 'interactive' || value === 'simple' || value === 'none' || value === 'auth' ? value : fallback;
}

function serverOf(server: { url?: string; description?: string; variables?: Record<string, unknown> }): EndpointServer {
  const variables = Object.entries(isRecord(server.variables) ? server.variables : {}).filter(([, variable]) => isRecord(variable));
  return {
    url: String(server.url),
    ...(typeof server.description === 'string' && server.description ? { description: server.description } : {}),
    ...(variables.length > 0
      ? {
          variables: Object.fromEntries(
            variables.map(([name, variable]) => {
              const { default: value, enum: choices, description } = variable as { default?: unknown; enum?: unknown; description?: unknown };
              return [
                name,
                {
                  default: value === undefined ? '' : String(value),
                  ...(Array.isArray(choices) ? { enum: choices.map(String) } : {}),
                  ...(typeof description === 'string' && description ? { description } : {}),
                },
              ];
            }),
          ),
        }
      : {}),
  };
}

export function authOf(key: string, scheme: SecuritySchemeObject): EndpointAuth {
  const location = scheme.in === 'header' || scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : undefined;
  return {
    key,
    type: String(scheme.type ?? ''),
    ...(location ? { in: location } : {}),
    ...(typeof scheme.name === 'string' && scheme.name ? { name: scheme.name } : {}),
    ...(typeof scheme.scheme === 'string' && scheme.scheme ? { scheme: scheme.scheme.toLowerCase() } : {}),
    ...(scheme['x-default'] !== undefined ? { default: String(scheme['x-default']) } : {}),
  };
}

function bodyOf(operation: Operation, options: ApiOptions): EndpointBody | undefined {
  const requestBody = operation.object.requestBody;
  if (!isRecord(requestBody) || !isRecord(requestBody.content)) return undefined;
  const contents = Object.entries(requestBody.content).map(([mediaType, media]): EndpointContent => {
    const medium: MediaTypeObject = isRecord(media) ? media : {};
    const example = mediaExamples(medium, 'request', options.isRequiredOnly)[0]?.value;
    const isForm = /^(multipart\/form-data|application\/x-www-form-urlencoded)$/i.test(mediaType);
    return {
      mediaType,
      ...(example !== undefined ? { example: json(example) } : {}),
      ...(isForm && isRecord(medium.schema) ? { fields: formFields(mergeAllOf(medium.schema)) } : {}),
    };
  });
  return contents.length > 0 ? { ...(requestBody.required === true ? { required: true as const } : {}), contents } : undefined;
}

function formFields(schema: SchemaObject): EndpointField[] {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(isRecord(schema.properties) ? schema.properties : {})
    .filter(([, property]) => isRecord(property) && property.readOnly !== true)
    .map(([name, property]) => {
      const flat = mergeAllOf(property);
      const items = isRecord(flat.items) ? mergeAllOf(flat.items) : undefined;
      const file = fileKind(flat) ?? (items ? fileKind(items) : undefined);
      return {
        name,
        type: typeLabel(flat),
        ...(required.has(name) ? { required: true as const } : {}),
        ...(file ? { file } : {}),
        ...(items ? { isArray: true as const } : {}),
        ...valueKeys(items ?? flat),
      };
    });
}

function valueKeys(schema: SchemaObject): { enum?: Json[]; default?: Json } {
  return {
    ...(Array.isArray(schema.enum) ? { enum: schema.enum.map(json) } : {}),
    ...(schema.default !== undefined ? { default: json(schema.default) } : {}),
  };
}

/** A value from the document as JSON (a YAML date becomes its ISO text; anything unrepresentable, null). */
function json(value: unknown): Json {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value)) as Json;
  } catch {
    return null;
  }
}
